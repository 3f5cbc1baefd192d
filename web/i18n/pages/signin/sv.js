// The sign-in link page's own words (web/signin.html, web/signin.js), in Swedish: web/i18n.js loads them for
// <body data-i18n-page="signin">, with the shared words of web/i18n/sv.js (a key is in one of the two only).
export default {
  'linkpage.title': 'Logga in med en länk',
  'linkpage.working': 'Loggar in\u2026',
  'linkpage.empty': 'Den här adressen innehåller ingen inloggningslänk.',
  'linkpage.emptyNext': 'Öppna hela länken som du skapade på din profil, eller kopiera den igen: den slutar med en lång kod efter ett \u201d#\u201d.',
  'linkpage.done': 'Välkommen tillbaka: den här webbläsaren spelar nu som {name}. Din profil öppnas\u2026',
  'linkpage.gone': 'Den här inloggningslänken fungerar inte längre.',
  'linkpage.goneNext': 'En länk fungerar bara en gång och i 24 timmar, och slutar fungera om den återkallas. Skapa en ny på din profil, på enheten där du spelar.',
  'linkpage.slow': 'För många inloggningsförsök just nu; vänta en minut och ladda om sidan.',
  'linkpage.failed': 'Inloggningen fungerade inte ({code}); ladda om sidan för att försöka igen.',
  'linkpage.open': 'Öppna din profil',
  'linkpage.home': 'Spela Bao',
};
