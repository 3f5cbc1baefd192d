// What the lessons, the analysis board and the game's hint make of the server's rules help (POST /api/analysis,
// api.js's analyse): a board's state from the legal moves, positions, traces and blocked reasons it answers, the
// move played among them, and its refusals in words. None of them knows the rules.
import { t } from '/i18n.js';

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
