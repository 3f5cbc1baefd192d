// Every request of the pages to the HTTP API (docs/protocol.md): JSON both ways, an error body as an ApiError, a
// 429 (too many requests) or a 503 that names its Retry-After (the server busy, restarting or without its
// database for a moment) tried again after that wait when it is short (a longer one is the caller's to show).

// Refusals tried again at most; the longest Retry-After waited for, and the wait when none is named (s).
const RETRIES = 2;
const MAX_WAIT_S = 5;
const DEFAULT_WAIT_S = 1;
const REVIEW_POLLS = 120;

/** A refusal: the server's code (or `network`, `http_STATUS`, `bad_answer`, `timeout`) and message. */
export class ApiError extends Error {
  /** @param {string} code @param {string} [message] @param {number} [status] @param {number} [retryAfter] */
  constructor(code, message, status = 0, retryAfter = null) {
    super(message || code);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

const sleep = (s) => new Promise((done) => setTimeout(done, s * 1000));

let wasReachable = true;

/** Tells the page (event `bao:network`) when the server stops or starts answering. */
function reachable(/** @type {boolean} */ now) {
  if (now === wasReachable) return;
  wasReachable = now;
  dispatchEvent(new CustomEvent('bao:network', { detail: now }));
}

/**
 * One request (a `body` is POSTed, or sent with `method`, as JSON); resolves for a 2xx status, else rejects with
 * an ApiError. The player's cookie goes with it (same origin).
 * @param {string} path @param {{ body?: unknown, cache?: RequestCache, method?: string }} [opts]
 * @returns {Promise<{ status: number, data: any, retryAfter: number | null }>}
 */
export async function request(path, { body, cache, method } = {}) {
  const accept = 'application/json';
  /** @type {RequestInit} */
  const init =
    body === undefined
      ? { method: method || 'GET', headers: { accept }, cache }
      : { method: method || 'POST', headers: { accept, 'content-type': accept }, cache, body: JSON.stringify(body) };
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(path, init).catch(() => null);
    // The offline note (shared/offline.js): a failed request, or an answer the service worker kept from before.
    reachable(!!r && !r.headers.has('x-bao-offline'));
    if (!r) throw new ApiError('network');
    const named = r.headers.get('retry-after');
    const retryAfter = named !== null && Number(named) >= 0 ? Number(named) : null;
    const data = await r.json().catch(() => null);
    if (r.ok) return { status: r.status, data, retryAfter };
    const wait = retryAfter ?? DEFAULT_WAIT_S;
    const passing = r.status === 429 || (r.status === 503 && retryAfter !== null);
    if (passing && attempt < RETRIES && wait <= MAX_WAIT_S) {
      await sleep(wait);
      continue;
    }
    throw new ApiError(typeof data?.error === 'string' ? data.error : `http_${r.status}`, data?.message, r.status, retryAfter);
  }
}

/** The answer's JSON; an answer without its field `need` is a `bad_answer`. */
async function json(path, opts = {}, need = '') {
  const { data } = await request(path, opts);
  if (need && !data?.[need]) throw new ApiError('bad_answer');
  return data;
}
const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const fetchVersion = () => json('/api/version');

/** The computer's eight numbered levels with their ratings per variant (`GET /api/levels`). */
export const fetchLevels = () => json('/api/levels', {}, 'levels');

/** POST /api/games: the new game's `{ id, token, seat, url }`. */
export const createGame = (body) => json('/api/games', { body }, 'id');

/** POST /api/games/import: a finished game played in this browser (/local), stored for its review: `{ id, token, seat, url }`. */
export const importGame = (body) => json('/api/games/import', { body }, 'id');

/** GET /api/games/{id}, or null when there is no such game. */
export async function fetchSnapshot(id) {
  try {
    return await json(game(id), { cache: 'no-store' });
  } catch (e) {
    if (e.status === 404) return null;
    throw e;
  }
}

/** Positions `from` .. `to` - 1: `{ from, positions, stages }`. */
export const fetchHistory = (id, from, to) => json(`${game(id)}/history?from=${from}&to=${to}`);

/** Takes the free seat: `{ token, seat }`. */
export const takeSeat = (id) => json(`${game(id)}/join`, { body: {} }, 'token');

/** @param {string[]} ids @returns {Promise<any[]>} where these games stand */
export const fetchStatuses = (ids) => json('/api/games/status', { body: { ids } });

/** The review of a finished game, asked again while the server answers 202 (reviewing). */
export async function fetchReview(id) {
  for (let i = 0; i < REVIEW_POLLS; i++) {
    const r = await request(`${game(id)}/review`, { cache: 'no-store' });
    if (r.status !== 202) return r.data;
    await sleep(Math.min(MAX_WAIT_S, r.retryAfter ?? 1));
  }
  throw new ApiError('timeout');
}

/** The engine in the browser (web/engine/engine.js: bao-core and bao-ai as WebAssembly), imported when first used. */
let engineModule = null;
/** Whether the engine has answered here (then the rules help is asked of it first, not of the server). */
let engineUsed = false;
/** @returns {Promise<any>} the engine module, or null when this browser cannot run it */
export async function localEngine() {
  engineModule ||= import('/engine/engine.js').catch(() => null);
  const m = await engineModule;
  return m && m.supported() ? m : null;
}

/** `fn` of the engine in the browser, or null when it cannot run here (the caller asks the server instead). */
async function locally(fn) {
  const m = await localEngine();
  if (!m) return null;
  try {
    const answer = await fn(m);
    engineUsed = true;
    return { answer };
  } catch (e) {
    if (e?.code === 'unavailable') return null;
    throw new ApiError(e?.code || 'engine', e?.message);
  }
}

/**
 * The rules help: `{ stage, legal: [{move, position, trace}], blocked: {PIT: CODE}, best?, lines? }` (`best`
 * searched for `thinkMs` when given; with `lines` too, that many best moves with their scores and lines).
 *
 * A search runs in this browser (the engine in a worker: no server time, no rate limit) wherever WebAssembly and
 * workers run, else on the server. The rest (legal moves, traces, blocked pits) is asked of the engine once it is
 * loaded, and of the server before (so that a page does not load the engine for it), or when the server cannot be
 * reached.
 */
export async function analyse(position, thinkMs, lines) {
  if (thinkMs || engineUsed) {
    const here = await locally((m) => m.analyse(position, thinkMs, lines));
    if (here) return here.answer;
  }
  try {
    return await json('/api/analysis', { body: thinkMs ? { position, think_ms: thinkMs, ...(lines ? { lines } : {}) } : { position } });
  } catch (e) {
    if (e.code !== 'network') throw e;
    const here = await locally((m) => m.analyse(position, thinkMs, lines));
    if (here) return here.answer;
    throw e;
  }
}

/** The text of a game's record (GET /api/games/{id}/record); null when there is no such game. */
export async function fetchRecord(id) {
  const r = await fetch(`${game(id)}/record`, { headers: { accept: 'text/plain' } }).catch(() => null);
  if (!r) throw new ApiError('network');
  if (r.status === 404) return null;
  if (!r.ok) throw new ApiError(`http_${r.status}`, '', r.status);
  return r.text();
}

/** A record (its text, or moves in notation) replayed by the server from the start (POST /api/analysis/record). */
export const replayRecord = (record, variant) => json('/api/analysis/record', { body: { record, variant } }, 'moves');

/**
 * A puzzle: this one, or one of the variant (and theme) chosen near `rating` (or the player's puzzle rating),
 * other than `after` (the one just shown).
 * @param {{ id?: string, variant?: string, theme?: string, rating?: number, after?: string }} which
 */
export function fetchPuzzle({ id, variant, theme, rating, after }) {
  if (id) return json(`/api/puzzles/${encodeURIComponent(id)}`, { cache: 'no-store' });
  const q = new URLSearchParams();
  if (variant) q.set('variant', variant);
  if (theme) q.set('theme', theme);
  if (rating !== undefined && Number.isFinite(rating)) q.set('rating', String(Math.round(rating)));
  if (after) q.set('after', after);
  const query = q.toString();
  return json(`/api/puzzles${query ? `?${query}` : ''}`, { cache: 'no-store' });
}

/**
 * POST /api/puzzles/{id}/attempt: `{ solved, streak, rating? }` (the browser's own rating when it has no player);
 * answers `{ rated, puzzle, rating, progress }`.
 * @param {string} id @param {{ solved: boolean, streak: boolean, rating?: { rating: number, deviation: number, volatility: number } }} body
 */
export const reportAttempt = (id, body) => json(`/api/puzzles/${encodeURIComponent(id)}/attempt`, { body }, 'rating');

/** GET /api/mistakes: the signed-in player's own mistakes as puzzles, `{ mistakes, unsolved }`. */
export const fetchMistakes = () => json('/api/mistakes', { cache: 'no-store' }, 'mistakes');

/** GET /api/mistakes/{id}: one of them (its `line` only once solved). @param {string} id */
export const fetchMistake = (id) => json(`/api/mistakes/${encodeURIComponent(id)}`, { cache: 'no-store' }, 'position');

/**
 * POST /api/mistakes/{id}/attempt: the server judges `move` in the mistake's position; answers
 * `{ solved, mistake }` (the mistake with its line once solved).
 * @param {string} id @param {string} move
 */
export const tryMistake = (id, move) => json(`/api/mistakes/${encodeURIComponent(id)}/attempt`, { body: { move } }, 'mistake');

/** GET /api/players/{id}/puzzles: the player's puzzle progress. @param {string} id */
export const fetchPuzzleProgress = (id) => json(`/api/players/${encodeURIComponent(id)}/puzzles`, { cache: 'no-store' }, 'rating');

/** The localStorage key that says this browser has a player (its id; the key itself is an HttpOnly cookie). */
export const PLAYER = 'bao.player';

/**
 * GET /api/players/me: this browser's player (`{ id, name, … }`), or null while it has none. Asked only when the
 * browser made or used one (PLAYER), so that visitors without a player cost no request and no 401.
 */
export async function fetchMe() {
  const known = () => {
    try {
      return localStorage.getItem(PLAYER);
    } catch {
      return null; // storage refused (a private mode): no player can have been kept
    }
  };
  if (!known()) return null;
  try {
    return await json('/api/players/me', { cache: 'no-store' }, 'id');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      try {
        localStorage.removeItem(PLAYER);
      } catch {
        // nothing kept to forget
      }
      return null;
    }
    throw e;
  }
}

/** POST /api/players: a new player for this browser (its key arrives as an HttpOnly cookie). */
export const createPlayer = (name) => json('/api/players', { body: name ? { name } : {} }, 'id');

/** PATCH /api/players/me: renames this browser's player. */
export const renamePlayer = (name) => json('/api/players/me', { method: 'PATCH', body: { name } }, 'id');


// Tournaments (docs/protocol.md, "Tournaments").
const tournament = (id) => `/api/tournaments/${encodeURIComponent(id)}`;
export const fetchTournaments = () => json('/api/tournaments');
export const fetchTournament = (id) => json(tournament(id), {}, 'id');
export const createTournament = (body) => json('/api/tournaments', { body }, 'id');
export const joinTournament = (id) => request(`${tournament(id)}/join`, { method: 'POST' });
export const withdrawTournament = (id) => request(`${tournament(id)}/withdraw`, { method: 'POST' });
export const fetchTournamentMe = (id) => json(`${tournament(id)}/me`);
