// The analysis board's own words, in Afrikaans: the same keys as en.js.
export default {
  'analysis.title': 'Ontledingsbord',
  'analysis.variant': 'Spel',
  'analysis.flip': 'Draai die bord om',
  'analysis.engine': 'Die rekenaar',
  'analysis.ask': 'Beste skuif',
  'analysis.noMoves': 'Speel ’n skuif vir enige kant op die bord, of tik dit.',
  'analysis.position': 'Stand',
  'analysis.paste': 'Stand (JSON): plak een, of kopieer hierdie een',
  'analysis.load': 'Stel hierdie stand op',
  'analysis.start': 'Beginstand',
  'analysis.toMove': '{side} se beurt.',
  'analysis.moveTitle': 'Skuif {n}, {side}: {move}',
  'analysis.thinking': 'Die rekenaar dink…',
  'analysis.best': 'Beste skuif: {move} (telling {score}, diepte {depth})',
  'analysis.notJson': 'Dit is nie ’n stand in JSON nie: {message}',
};
