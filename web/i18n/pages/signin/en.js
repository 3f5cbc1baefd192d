// The sign-in link page's own words (web/signin.html, web/signin.js), in English: web/i18n.js loads them for
// <body data-i18n-page="signin">, with the shared words of web/i18n/en.js (a key is in one of the two only).
export default {
  'linkpage.title': 'Sign in with a link',
  'linkpage.working': 'Signing in\u2026',
  'linkpage.empty': 'This address holds no sign-in link.',
  'linkpage.emptyNext': 'Open the whole link you made on your profile, or copy it again: it ends with a long code after a \u201c#\u201d.',
  'linkpage.done': 'Welcome back: this browser now plays as {name}. Opening your profile\u2026',
  'linkpage.gone': 'This sign-in link no longer works.',
  'linkpage.goneNext': 'A link works only once and for 24 hours, and stops working when it is revoked. On the device where you play, make a new one on your profile.',
  'linkpage.slow': 'Too many sign-in attempts just now; wait a minute and reload the page.',
  'linkpage.failed': 'Signing in did not work ({code}); reload the page to try again.',
  'linkpage.open': 'Open your profile',
  'linkpage.home': 'Play Bao',
};
