// A finished game's export (web/game/export.js, which loads these words with itself once the game is over: a game
// in play does not carry them), in English.
export default {
  'export.title': 'Keep or share this game',
  'export.download': 'Download the record',
  'export.share': 'Share the game',
  'export.picture': 'Picture of the board',
  'export.analyse': 'Replay it on the analysis board',
  'export.shareText': 'A game of Bao',
  'export.copyFailed': 'Copying did not work; the link is {url}',
};
