// A board whose moves the server's analysis supplies (POST /api/analysis), shared by the lessons and the analysis
// board: the game page's board, move picker (pits, direction arrows, safari buttons, the move input), animation
// and sounds, with the position, legal moves and reasons of the last analysis instead of a game's.
import { $ } from '/common.js';
import { Board } from '/shared/board.js';
import { MovePicker } from '/shared/move-picker.js';
import { MoveAnimation } from '/shared/animation.js';
import { Sound } from '/shared/sound.js';
import { moveMarks } from '/shared/narration.js';
import { analyse } from '/api.js';
import { AnalysedState, findMove } from '/shared/analysed-state.js';

export { analysisErrorText } from '/shared/analysed-state.js';

/** How long a message about a refused pit stays. */
const MESSAGE_MS = 9000;

export class PlayBoard {
  /**
   * @param {{ onMove: (entry: {move:string, by:string, before:object, position:object, trace:object[]}) => void,
   *   onError: (err: Error) => void, onPit?: (pit: string) => boolean }} hooks onMove gets each move played (after
   *   its animation); onPit, when given, sees a pit's click first and takes it by returning true (the analysis
   *   board's editor)
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.state = new AnalysedState();
    this.answer = null;
    this.last = new Map();
    /** The side this browser plays, named "(you)" on the board; 'none' where both sides are played here. */
    this.seat = 'none';
    this.board = new Board($('[data-role=board]'), {
      onPit: (pit, keyboard) => {
        if (!this.hooks.onPit?.(pit)) this.picker.pick(pit, keyboard);
      },
      onArrow: (dir) => this.picker.chooseDir(dir),
    });
    this.sound = new Sound();
    this.animation = new MoveAnimation(this.board, this.sound);
    this.picker = new MovePicker(this.state, this.board, {
      play: (move) => this.play(move),
      redraw: () => this.render(),
      explain: (text, pit) => this.explain(text, pit),
    });
  }

  /** The position on the board. */
  position() {
    return this.state.game && this.state.game.position;
  }

  /**
   * Shows `position` with the analysis of it (asked for unless given); `last` marks the move that led to it.
   * Resolves to the analysis, or null when the server refused the position (hooks.onError has been told).
   */
  async show(position, answer = null, last = new Map()) {
    this.picker.reset();
    this.last = last;
    this.state.locked = true;
    this.state.set(position, null);
    this.render();
    try {
      this.answer = answer || (await analyse(position));
    } catch (e) {
      this.answer = null;
      this.hooks.onError(e);
      return null;
    }
    this.state.set(position, this.answer);
    this.state.locked = false;
    this.render();
    return this.answer;
  }

  /** Plays `move`, one of the analysed legal moves: animated, then handed to hooks.onMove. */
  async play(move) {
    const entry = findMove(this.answer, move);
    if (!entry || !this.state.canPlay()) return;
    const before = this.position();
    const by = before.to_move;
    this.explain('');
    this.picker.reset();
    this.state.animating = true;
    document.body.dataset.animating = '';
    this.render();
    try {
      await this.animation.play(before, { ...entry, by, ply: 0 }, by, () => false);
    } finally {
      this.state.animating = false;
      delete document.body.dataset.animating;
    }
    this.hooks.onMove({ move, by, before, position: entry.position, trace: entry.trace });
  }

  /** The marks of a move on the board, for show(). */
  static marks(move, trace) {
    return moveMarks(move, trace);
  }

  /** Draws the board, the direction and safari question, and the playable moves on the board's data-legal. */
  render() {
    const pos = this.position();
    if (!pos) return;
    const arrows = this.picker.drawChoices();
    if (!this.state.animating) {
      const turn = this.state.canPlay() ? pos.to_move : null;
      this.board.render(pos, { legal: this.picker.legalByPit(), selected: this.picker.selected, arrows, last: this.last, seat: this.seat, turn });
    }
    $('[data-role=board]').dataset.legal = this.state.canPlay() ? this.state.game.legal.join(' ') : '';
  }

  /** Says why a pit cannot be played, or a lesson's feedback ('' clears it). */
  explain(text, pit, keep = false) {
    const el = $('[data-role=why]');
    el.textContent = text;
    el.hidden = !text;
    clearTimeout(this.whyTimer);
    if (!text) return;
    if (pit) {
      this.board.deny(pit);
      this.sound.play('deny');
    }
    if (!keep) this.whyTimer = setTimeout(() => this.explain(''), MESSAGE_MS);
  }

  /** Stops taking moves (a lesson step solved) or takes them again. */
  lock(on) {
    this.state.locked = on;
    this.picker.reset();
    this.render();
  }
}
