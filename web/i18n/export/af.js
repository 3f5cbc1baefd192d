// A finished game's export (web/game/export.js), in Afrikaans.
export default {
  'export.title': 'Hou of deel hierdie spel',
  'export.download': 'Laai die spelverslag af',
  'export.share': 'Deel die spel',
  'export.picture': 'Prent van die bord',
  'export.analyse': 'Speel dit na op die ontledingsbord',
  'export.shareText': '’n Spel Bao',
  'export.copyFailed': 'Kopiëring het nie gewerk nie; die skakel is {url}',
};
