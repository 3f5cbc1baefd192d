// The analysis board's own words (web/analysis.html, web/analysis.js), in English: web/i18n.js loads them for <body
// data-i18n-page="analysis">, with the shared words of web/i18n/en.js (a key is in one of the two only).
export default {
  'analysis.title': 'Analysis board',
  'analysis.variant': 'Game',
  'analysis.flip': 'Turn the board',
  'analysis.engine': 'The computer',
  'analysis.ask': 'Best move',
  'analysis.noMoves': 'Play a move for either side on the board, or type it.',
  'analysis.position': 'Position',
  'analysis.paste': 'Position (JSON): paste one, or copy this one',
  'analysis.load': 'Set up this position',
  'analysis.start': 'Start position',
  'analysis.toMove': '{side} to move.',
  'analysis.moveTitle': 'Move {n}, {side}: {move}',
  'analysis.thinking': 'The computer is thinking…',
  'analysis.best': 'Best move: {move} (score {score}, depth {depth})',
  'analysis.notJson': 'That is not a position in JSON: {message}',
};
