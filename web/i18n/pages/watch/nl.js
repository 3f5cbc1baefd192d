// The watch page's own words (web/watch.html, web/watch.js), in Dutch: web/i18n.js loads them for <body
// data-i18n-page="watch">, with the shared words of web/i18n/nl.js (a key is in one of the two only).
export default {
  "watch.title": "Partijen die nu gespeeld worden",
  "watch.hint": "Openbare partijen die op dit moment gespeeld worden. Open er een om live mee te kijken.",
  "watch.empty": "Er wordt nu geen openbare partij gespeeld. Zoek een tegenstander in de lobby!",
  "watch.versus": "{south} tegen {north}",
  "watch.computer": "De computer",
  "watch.anonymous": "Anoniem",
  "watch.deleted": "Verwijderde speler",
  "watch.moves": "{n} zetten",
  "watch.moves.one": "1 zet",
};
