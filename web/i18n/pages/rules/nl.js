// The rules pages' own words, in Dutch: the same keys as en.js.
export default {
  'rules.title': 'Regels van {variant}',
  'rules.diff': 'Verschillen met gewone mancala (Kalah)',
  'rules.history': 'Geschiedenis',
  'rules.sources': 'Bronnen',
  'rules.rule': 'Regel',
  'rules.kalah': 'Kalah',
  'rules.play': 'Speel {variant}',
  'rules.others': 'Andere spellen',
  'rules.legend': 'Getallen zijn zaden. Gele ring: een kuiltje waar het onderschrift over gaat. Na een zet: blauwe ring, het kuiltje kreeg zaden; rode ring, de zaden ervan zijn geslagen; gestippeld, daar begon de zet; rode stippelring, takasia. Vierkant: de nyumba, met een gouden rand zolang hij in bezit is.',
  'rules.legendCows': 'Getallen zijn koeien. Gele ring: een kuiltje waar het onderschrift over gaat. Na een zet: blauwe ring, het kuiltje kreeg koeien; rode ring, de koeien ervan zijn geroofd; gestippeld, daar begon de zet.',
  'rules.after': 'Na {move}',
  'rules.boardCaption': 'Het bord gezien vanuit Zuid, de rijen van Noord bovenaan; elke cel is een kuiltje.',
  'rules.markShow': 'genoemd in het onderschrift',
  'rules.markTakasia': 'takasia: mag niet gespeeld worden',
};
