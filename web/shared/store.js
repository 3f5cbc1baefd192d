// Seat tokens live in localStorage only, keyed by game id. They are secrets: never put them in a URL.
const KEY = (id) => `bao.seat.${id}`;

export function storeToken(id, token, seat, creator = false) {
  // `at`: when this browser got the seat, so that the home page lists its games newest first.
  const at = Date.now();
  try {
    localStorage.setItem(KEY(id), JSON.stringify({ token, seat, creator, at }));
  } catch {
    /* storage unavailable: the seat lasts as long as this page */
  }
  memory[id] = { token, seat, creator, at };
}


const memory = {};

export function loadToken(id) {
  if (memory[id]) return memory[id];
  try {
    const raw = localStorage.getItem(KEY(id));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
