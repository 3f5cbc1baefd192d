// The sign-in link page's own words (web/signin.html, web/signin.js), in Dutch: web/i18n.js loads them for
// <body data-i18n-page="signin">, with the shared words of web/i18n/nl.js (a key is in one of the two only).
export default {
  'linkpage.title': 'Inloggen met een link',
  'linkpage.working': 'Bezig met inloggen\u2026',
  'linkpage.empty': 'In dit adres zit geen inloglink.',
  'linkpage.emptyNext': 'Open de hele link die je op je profiel hebt gemaakt, of kopieer hem opnieuw: hij eindigt op een lange code na een \u201c#\u201d.',
  'linkpage.done': 'Welkom terug: deze browser speelt nu als {name}. Je profiel wordt geopend\u2026',
  'linkpage.gone': 'Deze inloglink werkt niet meer.',
  'linkpage.goneNext': 'Een link werkt maar één keer en 24 uur lang, en werkt niet meer als hij is ingetrokken. Maak op het apparaat waarop je speelt een nieuwe op je profiel.',
  'linkpage.slow': 'Er is net te vaak geprobeerd in te loggen; wacht een minuut en laad de pagina opnieuw.',
  'linkpage.failed': 'Inloggen is niet gelukt ({code}); laad de pagina opnieuw om het nog eens te proberen.',
  'linkpage.open': 'Naar je profiel',
  'linkpage.home': 'Speel Bao',
};
