// The rules pages' own words (web/rules/*.html, web/rules.js), in English: web/i18n.js loads them for <body
// data-i18n-page="rules">, with the shared words of web/i18n/en.js (a key is in one of the two only). The rules'
// texts are in web/i18n/rules/.
export default {
  'rules.title': 'Rules of {variant}',
  'rules.diff': 'How it differs from ordinary mancala (Kalah)',
  'rules.history': 'History',
  'rules.sources': 'Sources',
  'rules.rule': 'Rule',
  'rules.kalah': 'Kalah',
  'rules.play': 'Play {variant}',
  'rules.others': 'Other games',
  'rules.legend': 'Numbers are seeds. Yellow ring: a pit the caption talks about. After a move: blue ring, the pit received seeds; red ring, its seeds were captured; dashed, the move started there; red dashed ring, takasia. Square: the nyumba, with a gold edge while it is owned.',
  'rules.legendCows': 'Numbers are cows. Yellow ring: a pit the caption talks about. After a move: blue ring, the pit received cows; red ring, its cows were raided; dashed, the move started there.',
  'rules.after': 'After {move}',
  'rules.boardCaption': 'The board seen from South, North\u2019s rows at the top; each cell is a pit.',
  'rules.markShow': 'named in the caption',
  'rules.markTakasia': 'takasia: it may not be played',
};
