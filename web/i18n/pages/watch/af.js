// The watch page's own words (web/watch.html, web/watch.js), in Afrikaans: web/i18n.js loads them for <body
// data-i18n-page="watch">, with the shared words of web/i18n/af.js (a key is in one of the two only).
export default {
  "watch.title": "Spele wat nou gespeel word",
  "watch.hint": "Gelyste spele wat op die oomblik gespeel word. Maak een oop om regstreeks te kyk.",
  "watch.empty": "Geen gelyste spel word nou gespeel nie. Kry ’n teenstander in die voorportaal!",
  "watch.versus": "{south} teen {north}",
  "watch.computer": "Die rekenaar",
  "watch.anonymous": "Anoniem",
  "watch.deleted": "Geskrapte speler",
  "watch.moves": "{n} skuiwe",
  "watch.moves.one": "1 skuif",
};
