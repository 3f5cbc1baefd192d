// The puzzles page's own words, in Afrikaans: the same keys as en.js.
export default {
  'puzzles.title': 'Bao-raaisels',
  'puzzles.hint': 'Wenk',
  'puzzles.replay': 'Wys die oplossing',
  'puzzles.next': 'Volgende raaisel',
  'puzzles.about': 'Elke raaisel kom uit ’n spel wat die rekenaar teen homself gespeel het. Presies een skuif wen onafwendbaar, en die rekenaar het elke verdediging nagegaan.',
  'puzzles.solution': 'Oplossing',
  'puzzles.task': '{side} is aan die beurt: vind die wen (in hoogstens {n} skuiwe).',
  'puzzles.task.one': '{side} is aan die beurt: vind die skuif wat dadelik wen.',
  'puzzles.solved': 'Opgelos! Dit wen die spel.',
  'puzzles.failed': 'Nie hierdie keer nie: die wenskuif was {move}.',
  'puzzles.reply': 'Jou teenstander het {move} geantwoord. Jou beurt.',
  'puzzles.error': 'Die raaisel kon nie gelaai word nie; probeer weer.',
  'puzzles.yourMove': 'Jou beurt.',
  'puzzles.hintText': 'Begin by {pit}.',
  'puzzles.retry': 'Probeer weer',
};
