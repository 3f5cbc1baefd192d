// The sign-in link page's own words (web/signin.html, web/signin.js), in Kiswahili: web/i18n.js loads them for
// <body data-i18n-page="signin">, with the shared words of web/i18n/sw.js (a key is in one of the two only).
export default {
  'linkpage.title': 'Ingia kwa kiungo',
  'linkpage.working': 'Inaingia\u2026',
  'linkpage.empty': 'Anwani hii haina kiungo cha kuingia.',
  'linkpage.emptyNext': 'Fungua kiungo kizima ulichounda kwenye wasifu wako, au kinakili tena: kinaishia na msimbo mrefu baada ya \u201c#\u201d.',
  'linkpage.done': 'Karibu tena: kivinjari hiki sasa kinacheza kama {name}. Wasifu wako unafunguliwa\u2026',
  'linkpage.gone': 'Kiungo hiki cha kuingia hakifanyi kazi tena.',
  'linkpage.goneNext': 'Kiungo hufanya kazi mara moja tu na kwa saa 24, na huacha kufanya kazi kikibatilishwa. Kwenye kifaa unachochezea, unda kipya kwenye wasifu wako.',
  'linkpage.slow': 'Majaribio mengi mno ya kuingia kwa sasa; subiri dakika moja kisha upakie ukurasa upya.',
  'linkpage.failed': 'Kuingia hakukufaulu ({code}); pakia ukurasa upya ili ujaribu tena.',
  'linkpage.open': 'Fungua wasifu wako',
  'linkpage.home': 'Cheza Bao',
};
