// Seat tokens live in localStorage only, keyed by game id. They are secrets: never put them in a URL.
const KEY = (id) => `bao.seat.${id}`;

export function storeToken(id, token, seat, creator = false) {
  try {
    localStorage.setItem(KEY(id), JSON.stringify({ token, seat, creator }));
  } catch {
    /* storage unavailable: the seat lasts as long as this page */
  }
  memory[id] = { token, seat, creator };
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
