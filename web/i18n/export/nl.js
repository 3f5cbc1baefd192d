// A finished game's export (web/game/export.js), in Dutch.
export default {
  'export.title': 'Deze partij bewaren of delen',
  'export.download': 'Partijverslag downloaden',
  'export.share': 'Partij delen',
  'export.picture': 'Afbeelding van het bord',
  'export.analyse': 'Naspelen op het analysebord',
  'export.shareText': 'Een partij Bao',
  'export.copyFailed': 'Kopiëren lukte niet; de link is {url}',
};
