// The lessons page's own words, in Dutch: the same keys as en.js.
export default {
  'learn.title': 'Bao leren',
  'learn.lead': 'Korte stappen op een echt bord, van het eerste zaaien tot een overwinning. Elke stap vraagt om één zet; de server speelt hem en laat zien wat hij deed.',
  'learn.unknown': 'Voor dit spel zijn er geen lessen.',
  'learn.retry': 'Opnieuw proberen',
  'learn.next': 'Volgende stap',
  'learn.play': 'Speel een partij',
  'learn.progress': '{done} van {total} stappen gedaan',
  'learn.solved': 'gedaan',
  'learn.course': '{variant} leren',
  'learn.stepTitle': 'Stap {n} van {total}: {title}',
  'learn.welldone': 'Goed zo!',
  'learn.wrong': '{move} is een geldige zet, maar niet wat deze stap vraagt.',
  'learn.yourMove': 'Wat {move} deed:',
};
