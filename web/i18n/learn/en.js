// The lessons' texts for /learn (web/learn.js), in English: per variant its line on /learn (`about`) and the
// titles of its lessons (`<variant>.lesson.<lesson>`). The steps' own texts are in web/i18n/learn/<variant>/.
export default {
  'kujifunza.about': 'The beginners’ game: sowing, sowing on, capturing and winning.',
  'kujifunza.lesson.sowing': 'Sowing',
  'kujifunza.lesson.captures': 'Capturing',
  'kujifunza.lesson.takasa': 'Takasa: moves without capture',
  'kujifunza.lesson.endgame': 'Winning',
  'kujifunza.lesson.strategy': 'Strategy: safe moves',
  'kiswahili.about': 'The full game: seeds from the hand, the kichwa, the nyumba and safari, takasia.',
  'kiswahili.lesson.namua': 'The namua stage',
  'kiswahili.lesson.takasa': 'Takasa and the tax',
  'kiswahili.lesson.nyumba': 'The nyumba',
  'kiswahili.lesson.mtaji': 'The mtaji stage and takasia',
  'kiswahili.lesson.endgame': 'Defence and endgame',
  'kiswahili-malawi.about': 'What the Malawi opening changes.',
  'kiswahili-malawi.lesson.opening': 'The Malawi opening',
  'kiswahili-malawi.lesson.strategy': 'Strategy',
  'kimasai.about': 'Sowing clockwise, the reserve of cows, and the raids of the second phase.',
  'kimasai.lesson.phase1': 'Phase one: the reserve',
  'kimasai.lesson.phase2': 'Phase two: raids',
  'kimasai.lesson.endgame': 'Winning and defending',
};
