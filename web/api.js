// Every request of the pages to the server's HTTP API (docs/protocol.md, "HTTP"), in one place: JSON both ways, the
// server's error body `{"error": CODE, "message": TEXT}` turned into an ApiError, and a refusal for too many
// requests (429) tried again after the wait the server names in `Retry-After` when that wait is short, else handed
// on with it. The game's WebSocket is game/connection.js's.

/** How often a request refused with 429 is tried again. */
const RETRIES = 2;
/** The longest `Retry-After` (in seconds) worth waiting for; a longer one is handed to the caller at once. */
const MAX_WAIT_S = 5;
/** The wait when a 429 names none. */
const DEFAULT_WAIT_S = 1;
/** How long to wait between two asks while the server reviews a game, when it names no wait (it says 1 s). */
const REVIEW_POLL_S = 1;
/** Asks for a review at most (about two minutes): a long game at the default settings takes well under a minute. */
const REVIEW_POLLS = 120;

/**
 * A request the server refused (its error code and message, e.g. `bad_position` and bao-core's words), or that
 * got no answer (`network`) or no usable one (`http_STATUS`, `bad_answer`).
 */
export class ApiError extends Error {
  /**
   * @param {string} code the server's error code, or `network`, `http_STATUS`, `bad_answer`, `timeout`
   * @param {string} [message] the server's message (the code when it gave none)
   * @param {number} [status] the HTTP status (0 when there was no answer)
   * @param {number | null} [retryAfter] seconds the server asked to wait (`Retry-After`), when it did
   */
  constructor(code, message, status = 0, retryAfter = null) {
    super(message || code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/**
 * @typedef {object} RequestOptions
 * @property {string} [method] GET unless given (POST when there is a body)
 * @property {unknown} [body] sent as JSON
 * @property {RequestCache} [cache] e.g. `no-store` for what changes under the page (a game, a review)
 */

/**
 * @typedef {object} Answer
 * @property {number} status a 2xx status
 * @property {any} data the JSON body (null when there is none)
 * @property {number | null} retryAfter the `Retry-After` header in seconds, when given
 */

/** `Retry-After` in seconds (the server sends whole seconds), or null. */
function retryAfterOf(/** @type {Response} */ r) {
  const s = Number(r.headers.get('retry-after'));
  return r.headers.has('retry-after') && Number.isFinite(s) && s >= 0 ? s : null;
}

const sleep = (/** @type {number} */ s) => new Promise((done) => setTimeout(done, s * 1000));

/**
 * Sends one request to the API and reads its JSON answer. Resolves to the answer for a 2xx status; rejects with an
 * ApiError otherwise, after trying a 429 again (up to RETRIES times) when its wait is at most MAX_WAIT_S.
 * @param {string} path e.g. `/api/games`
 * @param {RequestOptions} [options]
 * @returns {Promise<Answer>}
 */
export async function request(path, options = {}) {
  const { body, cache } = options;
  const method = options.method || (body === undefined ? 'GET' : 'POST');
  /** @type {RequestInit} */
  const init = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  if (cache) init.cache = cache;
  for (let attempt = 0; ; attempt++) {
    let r;
    try {
      r = await fetch(path, init);
    } catch {
      throw new ApiError('network');
    }
    const retryAfter = retryAfterOf(r);
    const data = await r.json().catch(() => null);
    if (r.ok) return { status: r.status, data, retryAfter };
    const wait = retryAfter ?? DEFAULT_WAIT_S;
    if (r.status === 429 && attempt < RETRIES && wait <= MAX_WAIT_S) {
      await sleep(wait);
      continue;
    }
    const code = data && typeof data.error === 'string' ? data.error : `http_${r.status}`;
    const message = data && typeof data.message === 'string' ? data.message : undefined;
    throw new ApiError(code, message, r.status, retryAfter);
  }
}

/** The JSON answer of a request (see request). */
async function json(/** @type {string} */ path, /** @type {RequestOptions} */ options = {}) {
  return (await request(path, options)).data;
}

const gamePath = (/** @type {string} */ id) => `/api/games/${encodeURIComponent(id)}`;

/** The server's version and commit (GET /api/version). */
export function fetchVersion() {
  return json('/api/version');
}

/**
 * Creates a game (POST /api/games); resolves to `{ id, token, seat, url }`.
 * @param {object} body `{ variant, opponent, seat, level?, clock? }`
 */
export async function createGame(body) {
  const data = await json('/api/games', { body });
  if (!data || !data.id) throw new ApiError('bad_answer');
  return data;
}

/**
 * The game's snapshot (GET /api/games/{id}), or null when there is no such game.
 * @param {string} gameId
 */
export async function fetchSnapshot(gameId) {
  try {
    return await json(gamePath(gameId), { cache: 'no-store' });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/**
 * Positions `from` .. `to` - 1 of the game (GET /api/games/{id}/history): `{ from, positions, stages }`.
 * @param {string} gameId @param {number} from @param {number} to
 */
export function fetchHistory(gameId, from, to) {
  return json(`${gamePath(gameId)}/history?from=${from}&to=${to}`);
}

/**
 * Takes the free seat (POST /api/games/{id}/join); resolves to `{ token, seat }`.
 * @param {string} gameId
 */
export async function takeSeat(gameId) {
  const data = await json(`${gamePath(gameId)}/join`, { body: {} });
  if (!data || !data.token) throw new ApiError('bad_answer');
  return data;
}

/**
 * Where the games `ids` stand (POST /api/games/status): an array of public summaries, one per known game.
 * @param {string[]} ids
 * @returns {Promise<any[]>}
 */
export function fetchStatuses(ids) {
  return json('/api/games/status', { body: { ids } });
}

/**
 * The review of a finished game (GET /api/games/{id}/review), once the server has made it: asked again while it
 * answers 202 (reviewing), after the wait it names.
 * @param {string} gameId
 */
export async function fetchReview(gameId) {
  for (let i = 0; i < REVIEW_POLLS; i++) {
    const answer = await request(`${gamePath(gameId)}/review`, { cache: 'no-store' });
    if (answer.status !== 202) return answer.data;
    await sleep(Math.min(MAX_WAIT_S, answer.retryAfter ?? REVIEW_POLL_S));
  }
  throw new ApiError('timeout');
}

/**
 * The server's rules help (POST /api/analysis): every legal move of `position` with the position after it and its
 * trace, the reason each other pit of the side to move cannot start a move, and with `thinkMs` the computer's best
 * move. Resolves to `{ stage, legal: [{move, position, trace}], blocked: {PIT: CODE}, best? }`.
 * @param {object} position the JSON of spec/position.md
 * @param {number} [thinkMs]
 */
export function analyse(position, thinkMs) {
  return json('/api/analysis', { body: thinkMs ? { position, think_ms: thinkMs } : { position } });
}

/**
 * A puzzle (GET /api/puzzles?variant=V or /api/puzzles/{id}).
 * @param {{ id?: string, variant?: string }} which
 */
export function fetchPuzzle(which) {
  if (which.id) return json(`/api/puzzles/${encodeURIComponent(which.id)}`);
  return json(`/api/puzzles${which.variant ? `?variant=${encodeURIComponent(which.variant)}` : ''}`);
}
