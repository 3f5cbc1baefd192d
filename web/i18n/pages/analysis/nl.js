// The analysis board's own words, in Dutch: the same keys as en.js.
export default {
  'analysis.title': 'Analysebord',
  'analysis.variant': 'Spel',
  'analysis.flip': 'Bord omdraaien',
  'analysis.engine': 'De computer',
  'analysis.ask': 'Beste zet',
  'analysis.noMoves': 'Speel een zet voor een van beide kanten op het bord, of typ hem.',
  'analysis.position': 'Stand',
  'analysis.paste': 'Stand (JSON): plak er een, of kopieer deze',
  'analysis.load': 'Deze stand opzetten',
  'analysis.start': 'Beginstand',
  'analysis.toMove': '{side} is aan zet.',
  'analysis.moveTitle': 'Zet {n}, {side}: {move}',
  'analysis.thinking': 'De computer denkt na…',
  'analysis.best': 'Beste zet: {move} (score {score}, diepte {depth})',
  'analysis.notJson': 'Dat is geen stand in JSON: {message}',
};
