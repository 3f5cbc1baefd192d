// A finished game's export (web/game/export.js), in Swedish.
export default {
  'export.title': 'Spara eller dela partiet',
  'export.download': 'Ladda ner partiprotokollet',
  'export.share': 'Dela partiet',
  'export.picture': 'Bild av brädet',
  'export.analyse': 'Spela upp på analysbrädet',
  'export.shareText': 'Ett parti Bao',
  'export.copyFailed': 'Kopieringen fungerade inte; länken är {url}',
};
