// The puzzles page's own words, in Dutch: the same keys as en.js.
export default {
  'puzzles.title': 'Bao-puzzels',
  'puzzles.hint': 'Tip',
  'puzzles.replay': 'Oplossing tonen',
  'puzzles.next': 'Volgende puzzel',
  'puzzles.about': 'Elke puzzel komt uit een partij die de computer tegen zichzelf speelde. Precies één zet wint geforceerd, en de computer heeft elke verdediging nagerekend.',
  'puzzles.solution': 'Oplossing',
  'puzzles.task': '{side} aan zet: vind de winst (in hoogstens {n} zetten).',
  'puzzles.task.one': '{side} aan zet: vind de zet die meteen wint.',
  'puzzles.solved': 'Opgelost! Daarmee is de partij gewonnen.',
  'puzzles.failed': 'Helaas: de winnende zet was {move}.',
  'puzzles.reply': 'Je tegenstander antwoordde {move}. Jij bent aan zet.',
  'puzzles.error': 'De puzzel kon niet worden geladen; probeer het opnieuw.',
  'puzzles.yourMove': 'Jij bent aan zet.',
  'puzzles.hintText': 'Begin bij {pit}.',
  'puzzles.retry': 'Probeer opnieuw',
};
