// The watch page's own words (web/watch.html, web/watch.js), in Kiswahili: web/i18n.js loads them for <body
// data-i18n-page="watch">, with the shared words of web/i18n/sw.js (a key is in one of the two only).
export default {
  "watch.title": "Michezo inayochezwa",
  "watch.hint": "Michezo iliyoorodheshwa inayochezwa sasa hivi. Fungua mmoja uutazame moja kwa moja.",
  "watch.empty": "Hakuna mchezo ulioorodheshwa unaochezwa sasa. Tafuta mpinzani ukumbini!",
  "watch.versus": "{south} dhidi ya {north}",
  "watch.computer": "Kompyuta",
  "watch.anonymous": "Asiyejulikana",
  "watch.deleted": "Mchezaji aliyefutwa",
  "watch.moves": "hatua {n}",
  "watch.moves.one": "hatua 1",
};
