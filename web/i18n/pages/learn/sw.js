// The lessons page's own words, in Kiswahili: the same keys as en.js.
export default {
  'learn.title': 'Jifunze Bao',
  'learn.lead': 'Hatua fupi kwenye ubao halisi, kuanzia upandaji wa kwanza hadi ushindi. Kila hatua inaomba mwendo mmoja; seva inaucheza na kukuonyesha ulichofanya.',
  'learn.unknown': 'Hakuna mafunzo ya mchezo huu.',
  'learn.retry': 'Jaribu tena',
  'learn.next': 'Hatua inayofuata',
  'learn.play': 'Cheza mchezo',
  'learn.progress': 'Hatua {done} kati ya {total} zimekamilika',
  'learn.solved': 'imekamilika',
  'learn.course': 'Jifunze {variant}',
  'learn.stepTitle': 'Hatua {n} kati ya {total}: {title}',
  'learn.welldone': 'Hongera!',
  'learn.wrong': '{move} ni mwendo halali, lakini sio unaoombwa na hatua hii.',
  'learn.yourMove': '{move} ulifanya hivi:',
};
