// A finished game's export (web/game/export.js), in Kiswahili.
export default {
  'export.title': 'Hifadhi au shiriki mchezo huu',
  'export.download': 'Pakua kumbukumbu ya mchezo',
  'export.share': 'Shiriki mchezo',
  'export.picture': 'Picha ya ubao',
  'export.analyse': 'Rudia mchezo kwenye ubao wa uchambuzi',
  'export.shareText': 'Mchezo wa Bao',
  'export.copyFailed': 'Kunakili hakukufaulu; kiungo ni {url}',
};
