// The leaderboard page's own words (web/leaderboard.html, web/leaderboard.js), in English: web/i18n.js loads them for
// <body data-i18n-page="leaderboard">, with the shared words of web/i18n/en.js (a key is in one of the two only).
export default {
  'leaderboard.title': 'Leaderboard',
  'leaderboard.titleOf': 'Leaderboard: {variant}',
  'leaderboard.variants': 'Games',
  'leaderboard.hint': 'The best established ratings (Glicko-2) of the players who played a rated game in the last 30 days. A rating is listed once it is no longer provisional.',
  'leaderboard.rank': 'Rank',
  'leaderboard.player': 'Player',
  'leaderboard.rating': 'Rating',
  'leaderboard.games': 'Rated games',
  'leaderboard.loading': 'Loading\u2026',
  'leaderboard.empty': 'Nobody is on this leaderboard yet. Play rated games from the lobby: after a few of them your rating is no longer provisional, and it is listed here.',
  'leaderboard.failed': 'The leaderboard could not be loaded ({code}); try again.',
};
