// The rules pages' own words, in Swedish: the same keys as en.js.
export default {
  'rules.title': 'Regler för {variant}',
  'rules.diff': 'Skillnader mot vanlig mankala (Kalah)',
  'rules.history': 'Historia',
  'rules.sources': 'Källor',
  'rules.rule': 'Regel',
  'rules.kalah': 'Kalah',
  'rules.play': 'Spela {variant}',
  'rules.others': 'Andra spel',
  'rules.legend': 'Siffrorna är frön. Gul ring: en grop som bildtexten talar om. Efter ett drag: blå ring, gropen fick frön; röd ring, dess frön fångades; streckad, där började draget; röd streckad ring, takasia. Fyrkant: nyumban, med guldkant så länge den ägs.',
  'rules.legendCows': 'Siffrorna är kor. Gul ring: en grop som bildtexten talar om. Efter ett drag: blå ring, gropen fick kor; röd ring, dess kor rövades; streckad, där började draget.',
  'rules.after': 'Efter {move}',
  'rules.boardCaption': 'Brädet sett från Syd, Nords rader överst; varje cell är en grop.',
  'rules.markShow': 'nämns i bildtexten',
  'rules.markTakasia': 'takasia: får inte spelas',
};
