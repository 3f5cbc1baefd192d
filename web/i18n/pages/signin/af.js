// The sign-in link page's own words (web/signin.html, web/signin.js), in Afrikaans: web/i18n.js loads them for
// <body data-i18n-page="signin">, with the shared words of web/i18n/af.js (a key is in one of the two only).
export default {
  'linkpage.title': 'Teken in met \u2019n skakel',
  'linkpage.working': 'Besig om aan te meld\u2026',
  'linkpage.empty': 'Hierdie adres bevat geen aanmeldskakel nie.',
  'linkpage.emptyNext': 'Maak die hele skakel oop wat jy op jou profiel gemaak het, of kopieer dit weer: dit eindig met \u2019n lang kode na \u2019n \u201c#\u201d.',
  'linkpage.done': 'Welkom terug: hierdie blaaier speel nou as {name}. Jou profiel word oopgemaak\u2026',
  'linkpage.gone': 'Hierdie aanmeldskakel werk nie meer nie.',
  'linkpage.goneNext': '\u2019n Skakel werk net een keer en vir 24 uur, en hou op werk as dit teruggetrek word. Maak \u2019n nuwe een op jou profiel, op die toestel waar jy speel.',
  'linkpage.slow': 'Te veel aanmeldpogings op die oomblik; wag \u2019n minuut en herlaai die bladsy.',
  'linkpage.failed': 'Aanmelding het nie gewerk nie ({code}); herlaai die bladsy om weer te probeer.',
  'linkpage.open': 'Maak jou profiel oop',
  'linkpage.home': 'Speel Bao',
};
