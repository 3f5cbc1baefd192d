// The leaderboard page's own words (web/leaderboard.html, web/leaderboard.js), in Afrikaans: web/i18n.js loads them for
// <body data-i18n-page="leaderboard">, with the shared words of web/i18n/af.js (a key is in one of the two only).
export default {
  'leaderboard.title': 'Ranglys',
  'leaderboard.titleOf': 'Ranglys: {variant}',
  'leaderboard.variants': 'Spele',
  'leaderboard.hint': 'Die beste gevestigde graderings (Glicko-2) van spelers wat die afgelope 30 dae \u2019n gegradeerde spel gespeel het. \u2019n Gradering word gelys sodra dit nie meer voorlopig is nie.',
  'leaderboard.rank': 'Plek',
  'leaderboard.player': 'Speler',
  'leaderboard.rating': 'Gradering',
  'leaderboard.games': 'Gegradeerde spele',
  'leaderboard.loading': 'Laai tans\u2026',
  'leaderboard.empty': 'Nog niemand is op hierdie ranglys nie. Speel gegradeerde spele uit die voorportaal: n\u00e1 \u2019n paar is jou gradering nie meer voorlopig nie, en dan word dit hier gelys.',
  'leaderboard.failed': 'Die ranglys kon nie gelaai word nie ({code}); probeer weer.',
};
