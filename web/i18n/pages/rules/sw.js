// The rules pages' own words, in Kiswahili: the same keys as en.js.
export default {
  'rules.title': 'Sheria za {variant}',
  'rules.diff': 'Tofauti na mancala ya kawaida (Kalah)',
  'rules.history': 'Historia',
  'rules.sources': 'Vyanzo',
  'rules.rule': 'Sheria',
  'rules.kalah': 'Kalah',
  'rules.play': 'Cheza {variant}',
  'rules.others': 'Michezo mingine',
  'rules.legend': 'Namba ni kete. Alama ya njano: shimo linalozungumziwa na maelezo. Baada ya mwendo: alama ya buluu, shimo lilipokea kete; alama nyekundu, kete zake zilikamatwa; vistari, mwendo ulianzia hapo; vistari vyekundu, takasia. Mraba: nyumba, yenye ukingo wa dhahabu maadamu inamilikiwa.',
  'rules.legendCows': 'Namba ni ng’ombe. Alama ya njano: shimo linalozungumziwa na maelezo. Baada ya mwendo: alama ya buluu, shimo lilipokea ng’ombe; alama nyekundu, ng’ombe wake walivamiwa; vistari, mwendo ulianzia hapo.',
  'rules.after': 'Baada ya {move}',
  'rules.boardCaption': 'Ubao ukionekana kutoka Kusini, safu za Kaskazini zikiwa juu; kila kisanduku ni shimo.',
  'rules.markShow': 'linatajwa katika maelezo',
  'rules.markTakasia': 'takasia: haliwezi kuchezwa',
};
