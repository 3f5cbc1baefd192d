// The leaderboard page's own words (web/leaderboard.html, web/leaderboard.js), in Dutch: web/i18n.js loads them for
// <body data-i18n-page="leaderboard">, with the shared words of web/i18n/nl.js (a key is in one of the two only).
export default {
  'leaderboard.title': 'Ranglijst',
  'leaderboard.titleOf': 'Ranglijst: {variant}',
  'leaderboard.variants': 'Spellen',
  'leaderboard.hint': 'De beste vaste ratings (Glicko-2) van spelers die de afgelopen 30 dagen een partij voor rating speelden. Een rating staat hier zodra hij niet meer voorlopig is.',
  'leaderboard.rank': 'Plaats',
  'leaderboard.player': 'Speler',
  'leaderboard.rating': 'Rating',
  'leaderboard.games': 'Partijen voor rating',
  'leaderboard.loading': 'Laden\u2026',
  'leaderboard.empty': 'Er staat nog niemand op deze ranglijst. Speel partijen voor rating vanuit de lobby: na een paar is je rating niet meer voorlopig, en dan staat hij hier.',
  'leaderboard.failed': 'De ranglijst kon niet worden geladen ({code}); probeer het opnieuw.',
};
