// The leaderboard page's own words (web/leaderboard.html, web/leaderboard.js), in Swedish: web/i18n.js loads them for
// <body data-i18n-page="leaderboard">, with the shared words of web/i18n/sv.js (a key is in one of the two only).
export default {
  'leaderboard.title': 'Topplista',
  'leaderboard.titleOf': 'Topplista: {variant}',
  'leaderboard.variants': 'Spel',
  'leaderboard.hint': 'De bästa fastställda rankningarna (Glicko-2) bland spelare som har spelat ett rankat parti de senaste 30 dagarna. En rankning visas här när den inte längre är preliminär.',
  'leaderboard.rank': 'Plats',
  'leaderboard.player': 'Spelare',
  'leaderboard.rating': 'Rankning',
  'leaderboard.games': 'Rankade partier',
  'leaderboard.loading': 'Laddar\u2026',
  'leaderboard.empty': 'Ingen finns på den här topplistan än. Spela rankade partier från lobbyn: efter några är din rankning inte längre preliminär, och då visas den här.',
  'leaderboard.failed': 'Topplistan kunde inte laddas ({code}); försök igen.',
};
