// The leaderboard page's own words (web/leaderboard.html, web/leaderboard.js), in Kiswahili: web/i18n.js loads them for
// <body data-i18n-page="leaderboard">, with the shared words of web/i18n/sw.js (a key is in one of the two only).
export default {
  'leaderboard.title': 'Msimamo',
  'leaderboard.titleOf': 'Msimamo: {variant}',
  'leaderboard.variants': 'Michezo',
  'leaderboard.hint': 'Alama bora zilizotulia (Glicko-2) za wachezaji waliocheza mchezo wa alama katika siku 30 zilizopita. Alama huorodheshwa zikishaacha kuwa za muda.',
  'leaderboard.rank': 'Nafasi',
  'leaderboard.player': 'Mchezaji',
  'leaderboard.rating': 'Alama',
  'leaderboard.games': 'Michezo ya alama',
  'leaderboard.loading': 'Inapakia\u2026',
  'leaderboard.empty': 'Bado hakuna mtu kwenye msimamo huu. Cheza michezo ya alama kutoka ukumbini: baada ya michache, alama zako hazitakuwa za muda tena, nazo zitaorodheshwa hapa.',
  'leaderboard.failed': 'Msimamo haukuweza kupakiwa ({code}); jaribu tena.',
};
