// The rules pages' own words, in Afrikaans: the same keys as en.js.
export default {
  'rules.title': 'Reëls van {variant}',
  'rules.diff': 'Verskille met gewone mankala (Kalah)',
  'rules.history': 'Geskiedenis',
  'rules.sources': 'Bronne',
  'rules.rule': 'Reël',
  'rules.kalah': 'Kalah',
  'rules.play': 'Speel {variant}',
  'rules.others': 'Ander spele',
  'rules.legend': 'Getalle is sade. Geel ring: ’n holte waaroor die onderskrif gaan. Ná ’n skuif: blou ring, die holte het sade gekry; rooi ring, sy sade is gevang; stippellyn, daar het die skuif begin; rooi stippelring, takasia. Vierkant: die nyumba, met ’n goue rand solank dit besit word.',
  'rules.legendCows': 'Getalle is koeie. Geel ring: ’n holte waaroor die onderskrif gaan. Ná ’n skuif: blou ring, die holte het koeie gekry; rooi ring, sy koeie is gesteel; stippellyn, daar het die skuif begin.',
  'rules.after': 'Ná {move}',
  'rules.boardCaption': 'Die bord gesien van Suid af, met Noord se rye bo; elke sel is \u2019n holte.',
  'rules.markShow': 'genoem in die onderskrif',
  'rules.markTakasia': 'takasia: dit mag nie gespeel word nie',
};
