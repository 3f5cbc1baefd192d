// The puzzles page's own words (web/puzzles.html, web/puzzles.js), in English: web/i18n.js loads them for <body
// data-i18n-page="puzzles">, with the shared words of web/i18n/en.js (a key is in one of the two only).
export default {
  'puzzles.title': 'Bao puzzles',
  'puzzles.hint': 'Hint',
  'puzzles.replay': 'Show the solution',
  'puzzles.next': 'Next puzzle',
  'puzzles.about': 'Each puzzle comes from a game the computer played against itself. Exactly one move wins by force, and the computer checked every defence.',
  'puzzles.solution': 'Solution',
  'puzzles.task': '{side} to move: find the win (in at most {n} moves).',
  'puzzles.task.one': '{side} to move: find the move that wins at once.',
  'puzzles.solved': 'Solved! That wins the game.',
  'puzzles.failed': 'Not this time: the winning move was {move}.',
  'puzzles.reply': 'Your opponent answered {move}. Your move.',
  'puzzles.error': 'The puzzle could not be loaded; try again.',
  'puzzles.yourMove': 'Your move.',
  'puzzles.hintText': 'Start from {pit}.',
  'puzzles.retry': 'Try again',
};
