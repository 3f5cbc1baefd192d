// The lessons page's own words, in Afrikaans: the same keys as en.js.
export default {
  'learn.title': 'Leer Bao',
  'learn.lead': 'Kort stappe op ’n regte bord, van die eerste saai tot ’n oorwinning. Elke stap vra een skuif; die bediener speel dit en wys wat dit gedoen het.',
  'learn.unknown': 'Daar is geen lesse vir hierdie spel nie.',
  'learn.retry': 'Probeer weer',
  'learn.next': 'Volgende stap',
  'learn.play': 'Speel ’n spel',
  'learn.progress': '{done} van {total} stappe klaar',
  'learn.solved': 'klaar',
  'learn.course': 'Leer {variant}',
  'learn.stepTitle': 'Stap {n} van {total}: {title}',
  'learn.welldone': 'Mooi so!',
  'learn.wrong': '{move} is ’n geldige skuif, maar nie wat hierdie stap vra nie.',
  'learn.yourMove': 'Wat {move} gedoen het:',
};
