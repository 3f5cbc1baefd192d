// The puzzles page's own words, in Swedish: the same keys as en.js.
export default {
  'puzzles.title': 'Bao-problem',
  'puzzles.hint': 'Ledtråd',
  'puzzles.replay': 'Visa lösningen',
  'puzzles.next': 'Nästa problem',
  'puzzles.about': 'Varje problem kommer från ett parti som datorn spelade mot sig själv. Exakt ett drag vinner tvingande, och datorn har prövat varje försvar.',
  'puzzles.solution': 'Lösning',
  'puzzles.task': '{side} drar: hitta vinsten (på högst {n} drag).',
  'puzzles.task.one': '{side} drar: hitta draget som vinner direkt.',
  'puzzles.solved': 'Löst! Det vinner partiet.',
  'puzzles.failed': 'Inte den här gången: det vinnande draget var {move}.',
  'puzzles.reply': 'Din motståndare svarade {move}. Ditt drag.',
  'puzzles.error': 'Problemet kunde inte hämtas; försök igen.',
  'puzzles.yourMove': 'Ditt drag.',
  'puzzles.hintText': 'Börja från {pit}.',
  'puzzles.retry': 'Försök igen',
};
