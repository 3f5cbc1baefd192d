// The watch page's own words (web/watch.html, web/watch.js), in English: web/i18n.js loads them for <body
// data-i18n-page="watch">, with the shared words of web/i18n/en.js (a key is in one of the two only).
export default {
  "watch.title": "Games being played",
  "watch.hint": "Listed games being played right now. Open one to watch it live.",
  "watch.empty": "No listed game is being played right now. Find an opponent in the lobby!",
  "watch.versus": "{south} vs {north}",
  "watch.computer": "The computer",
  "watch.anonymous": "Anonymous",
  "watch.deleted": "Deleted player",
  "watch.moves": "{n} moves",
  "watch.moves.one": "1 move",
};
