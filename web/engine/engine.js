// The engine in the browser, for the pages: bao-core and bao-ai compiled to WebAssembly (crates/bao-wasm), run in
// Web Workers started when first needed (nothing is loaded before). Two workers: one for the rules (legal moves,
// traces, the computer's moves), always quick, and one for searches, which may run long and are cancelled by
// terminating it, so that a search never keeps the board waiting for its legal moves.
//
// Answers have the shapes of the server's (POST /api/analysis, protocol.md); a refusal rejects with
// `{ code, message }` (the server's codes). Where WebAssembly or workers are missing, or the module cannot start,
// requests reject with the code `unavailable`: web/api.js then asks the server instead.

/** Whether this browser can run the engine at all. */
export const supported = () => typeof Worker === 'function' && typeof WebAssembly === 'object' && WebAssembly !== null;

/** Set once the module failed to start here: every later request goes to the server at once. */
let broken = false;

class Lane {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Map<number, { resolve: (v: any) => void, reject: (e: any) => void }>} */
    this.pending = new Map();
    this.next = 1;
  }

  /** @param {object} request @returns {Promise<any>} */
  ask(request) {
    if (broken || !supported()) return Promise.reject({ code: 'unavailable', message: 'no WebAssembly engine here' });
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      /** @type {Worker} */ (this.worker).postMessage({ id, request });
    });
  }

  start() {
    const w = new Worker('/engine/worker.js', { type: 'module' });
    w.onmessage = (e) => {
      const { id, answer, failed } = e.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (failed) {
        broken = true;
        p.reject({ code: 'unavailable', message: failed });
      } else if (answer && typeof answer.error === 'string') p.reject({ code: answer.error, message: answer.message });
      else p.resolve(answer);
    };
    w.onerror = (e) => {
      // The worker could not load, or the module trapped: whatever was asked goes to the server.
      e.preventDefault();
      broken = true;
      this.stop('unavailable');
    };
    this.worker = w;
  }

  /** Ends the worker (and the search it runs); what was asked of it rejects with `code`. */
  stop(code = 'cancelled') {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject({ code, message: code });
    this.pending.clear();
  }

  get busy() {
    return this.pending.size > 0;
  }
}

const rules = new Lane();
const search = new Lane();

/**
 * The rules help of POST /api/analysis, answered here: `{ stage, legal, blocked, best?, lines? }`.
 * @param {object} position @param {number} [thinkMs] @param {number} [lines]
 */
export function analyse(position, thinkMs, lines) {
  if (!thinkMs) return rules.ask({ op: 'analyse', position });
  return search.ask({ op: 'analyse', position, think_ms: thinkMs, ...(lines ? { lines } : {}) });
}

/** A move played: `{ move, position, trace }`, or a rejection `illegal_move`. */
export const play = (position, move) => rules.ask({ op: 'play', position, move });

/** The start position of a variant. */
export const start = (variant) => rules.ask({ op: 'start', variant });

/** The computer's move at `level` (easy, medium, hard, or '1'-'8'): `{ move, position, trace }` (`move` null at the end). */
export const computerMove = (position, level, seed) => rules.ask({ op: 'move', position, level, seed });

/**
 * Searches `position` ever deeper (depth 4, 5, …: shallower ones are only noise) until stopped, calling
 * `onAnswer(answer)` after each depth with `{ best, lines }` as POST /api/analysis gives them. Returns the function
 * that stops it (the search under way is cancelled). Ends by itself (then calls `onEnd`) at the search's deepest
 * depth, or on a forced win or loss, which more depth does not change.
 * @param {object} position @param {number} lines @param {(answer: any) => void} onAnswer
 * @param {(e: any) => void} [onError] @param {() => void} [onEnd]
 */
export function deepen(position, lines, onAnswer, onError = () => {}, onEnd = () => {}) {
  let stopped = false;
  if (search.busy) search.stop();
  (async () => {
    for (let depth = 4; depth <= 64; depth++) {
      const answer = await search.ask({ op: 'search', position, depth, lines });
      if (stopped) return;
      onAnswer(answer);
      if (!answer.best || Math.abs(answer.best.score) > 29000) break;
    }
    stopped = true;
    onEnd();
  })().catch((e) => {
    if (!stopped) onError(e);
  });
  return () => {
    if (stopped) return;
    stopped = true;
    if (search.busy) search.stop();
  };
}

/** The leaves `depth` plies below `position` (for the benchmarks). */
export const perft = (position, depth) => search.ask({ op: 'perft', position, depth });
