// The analysis board's own words, in Kiswahili: the same keys as en.js.
export default {
  'analysis.title': 'Ubao wa uchambuzi',
  'analysis.variant': 'Mchezo',
  'analysis.flip': 'Geuza ubao',
  'analysis.engine': 'Kompyuta',
  'analysis.ask': 'Mwendo bora',
  'analysis.noMoves': 'Cheza mwendo wa upande wowote kwenye ubao, au uandike.',
  'analysis.position': 'Hali',
  'analysis.paste': 'Hali (JSON): bandika moja, au nakili hii',
  'analysis.load': 'Weka hali hii',
  'analysis.start': 'Hali ya mwanzo',
  'analysis.toMove': 'Zamu ya {side}.',
  'analysis.moveTitle': 'Mwendo {n}, {side}: {move}',
  'analysis.thinking': 'Kompyuta inafikiri…',
  'analysis.best': 'Mwendo bora: {move} (alama {score}, kina {depth})',
  'analysis.notJson': 'Hii si hali katika JSON: {message}',
};
