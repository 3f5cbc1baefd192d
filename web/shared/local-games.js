// The games against the computer played in this browser (/local, web/local.js): kept in localStorage, one key a
// game (`bao.local.ID`), so that a reload resumes one and the home page lists them with the games the server holds
// (web/my-games.js). A game is `{ id, variant, level, seat, seed, created, updated, positions, moves, result,
// uploaded }`: `positions[n]` is the position after `n` moves (positions[0] the start), `result` null while it
// goes on, `uploaded` the server's game id once it was sent for a review (POST /api/games/import).

const PREFIX = 'bao.local.';
/** Games kept at most: the oldest are dropped beyond it (a game is a few tens of kilobytes at most). */
const KEPT = 20;

/**
 * @typedef {{ id: string, variant: string, level: string, seat: 'south' | 'north', seed: number, created: number,
 *   updated: number, positions: any[], moves: string[], result: null | { winner: string | null, reason: string },
 *   uploaded: string | null }} LocalGame
 */

/** @returns {LocalGame[]} this browser's games, the most recently played first */
export function localGames() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith(PREFIX)) continue;
      try {
        const g = JSON.parse(localStorage.getItem(k) || 'null');
        if (g && typeof g.id === 'string' && Array.isArray(g.positions) && Array.isArray(g.moves)) out.push(g);
      } catch {
        /* a value this page did not write */
      }
    }
  } catch {
    /* storage unavailable */
  }
  return out.sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

/** @returns {LocalGame | null} */
export function loadLocalGame(id) {
  return localGames().find((g) => g.id === id) || null;
}

/** Keeps `g` (its `updated` set now); drops the oldest games beyond the limit. False when storage refused it. */
export function saveLocalGame(/** @type {LocalGame} */ g) {
  g.updated = Date.now();
  try {
    localStorage.setItem(PREFIX + g.id, JSON.stringify(g));
  } catch {
    return false;
  }
  for (const old of localGames().slice(KEPT)) forgetLocalGame(old.id);
  return true;
}

export function forgetLocalGame(/** @type {string} */ id) {
  try {
    localStorage.removeItem(PREFIX + id);
  } catch {
    /* storage unavailable */
  }
}

/** A new game's id: random, short, only for this browser. */
export function newLocalId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The side to move in a game that goes on, or null. */
export function toMove(/** @type {LocalGame} */ g) {
  if (g.result) return null;
  const pos = g.positions[g.positions.length - 1];
  return pos ? pos.to_move : null;
}
