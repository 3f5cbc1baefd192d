// The watch page's own words (web/watch.html, web/watch.js), in Swedish: web/i18n.js loads them for <body
// data-i18n-page="watch">, with the shared words of web/i18n/sv.js (a key is in one of the two only).
export default {
  "watch.title": "Partier som spelas nu",
  "watch.hint": "Listade partier som spelas just nu. Öppna ett för att titta live.",
  "watch.empty": "Inget listat parti spelas just nu. Hitta en motståndare i lobbyn!",
  "watch.versus": "{south} mot {north}",
  "watch.computer": "Datorn",
  "watch.anonymous": "Anonym",
  "watch.deleted": "Borttagen spelare",
  "watch.moves": "{n} drag",
  "watch.moves.one": "1 drag",
};
