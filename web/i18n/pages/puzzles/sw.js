// The puzzles page's own words, in Kiswahili: the same keys as en.js.
export default {
  'puzzles.title': 'Mafumbo ya Bao',
  'puzzles.hint': 'Dokezo',
  'puzzles.replay': 'Onyesha jibu',
  'puzzles.next': 'Fumbo lingine',
  'puzzles.about': 'Kila fumbo limetoka katika mchezo ambao kompyuta ilicheza dhidi yake yenyewe. Hatua moja tu inashinda kwa lazima, na kompyuta ilikagua kila utetezi.',
  'puzzles.solution': 'Jibu',
  'puzzles.task': '{side} acheze: tafuta ushindi (kwa hatua zisizozidi {n}).',
  'puzzles.task.one': '{side} acheze: tafuta hatua inayoshinda mara moja.',
  'puzzles.solved': 'Umeweza! Hatua hiyo inashinda mchezo.',
  'puzzles.failed': 'Si safari hii: hatua ya ushindi ilikuwa {move}.',
  'puzzles.reply': 'Mpinzani wako alijibu {move}. Ni zamu yako.',
  'puzzles.error': 'Fumbo halikupatikana; jaribu tena.',
  'puzzles.yourMove': 'Ni zamu yako.',
  'puzzles.hintText': 'Anza kutoka {pit}.',
  'puzzles.retry': 'Jaribu tena',
};
