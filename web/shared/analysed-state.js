// The server's rules help, POST /api/analysis (docs/protocol.md): for a position, every legal move with the
// position after it and its trace, the reason each other pit of the side to move cannot start a move, and on
// request the computer's best move. The lessons, the analysis board and the game's hint ask it; none of them
// knows the rules.
import { t } from '/i18n.js';

/** How often a request refused for being too many (429) is tried again, after the wait the server names. */
const RETRIES = 2;

/** A refusal of the server, with its error code and message (e.g. `bad_position` and bao-core's words). */
export class AnalysisError extends Error {
  constructor(code, message) {
    super(message || code);
    this.code = code;
  }
}

/**
 * Analyses `position` (and searches `thinkMs` for the best move when given). Resolves to the server's answer
 * `{ stage, legal: [{move, position, trace}], blocked: {PIT: CODE}, best? }`; rejects with an AnalysisError.
 */
export async function analyse(position, thinkMs) {
  const body = JSON.stringify(thinkMs ? { position, think_ms: thinkMs } : { position });
  for (let attempt = 0; ; attempt++) {
    let r;
    try {
      r = await fetch('/api/analysis', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    } catch {
      throw new AnalysisError('network');
    }
    if (r.ok) return r.json();
    const err = await r.json().catch(() => ({}));
    if (r.status === 429 && attempt < RETRIES) {
      const wait = Math.min(5, Number(r.headers.get('retry-after')) || 1);
      await new Promise((ok) => setTimeout(ok, wait * 1000));
      continue;
    }
    throw new AnalysisError(err.error || `http_${r.status}`, err.message);
  }
}

/** The analysed move `move` of an answer, or undefined. */
export function findMove(answer, move) {
  return answer && answer.legal.find((m) => m.move === move);
}

/**
 * What the game page's move picker reads from its state, for a board whose moves come from an analysis: the
 * side to move plays (both sides on the analysis board, South in a lesson), and the server's legal moves and
 * blocked reasons are the game's.
 */
export class AnalysedState {
  constructor() {
    this.game = null;
    this.you = 'south';
    this.browsing = null;
    this.pending = null;
    this.animating = false;
    /** Set while this page does not take moves (a lesson step solved, a request under way). */
    this.locked = false;
  }

  /** Takes an analysis of `position` as the board's state. */
  set(position, answer) {
    this.game = {
      variant: position.variant,
      position: { ...position, stage: answer ? answer.stage : undefined },
      legal: answer ? answer.legal.map((m) => m.move) : [],
      blocked: answer ? answer.blocked : {},
      status: 'playing',
      result: position.result,
    };
    this.you = position.to_move;
  }

  turn() {
    return this.myTurn() ? 'you' : 'none';
  }

  myTurn() {
    return !!this.game && !this.game.result && this.game.legal.length > 0;
  }

  canPlay() {
    return this.myTurn() && !this.locked && !this.animating;
  }
}

/** The error of a refused analysis in words: the server's message for a bad position, else a general one. */
export function analysisErrorText(e) {
  if (e && e.code === 'bad_position') return t('analysis.badPosition', { message: e.message });
  if (e && e.code === 'too_complex') return t('analysis.tooComplex');
  if (e && e.code === 'rate_limited') return t('analysis.busy');
  return t('analysis.failed');
}
