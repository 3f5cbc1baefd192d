// How a player picks a move: a pit on the board, then, only when the server's legal moves leave a real choice,
// a direction (arrows) and whether to go on safari (buttons); or a move typed in notation. Every move offered
// comes from the server's `legal` list; nothing here knows the rules.
import { $ } from '/common.js';
import { t } from '/i18n.js';
import { movePit } from '/shared/pits.js';
import { whyPit, whyTyped } from '/shared/why.js';

/** The direction letter of a move that starts at `pit` ("A6L" -> "L"; "" for a Kimasai move). */
/** How long a message about a refused move stays. */
const MESSAGE_MS = 9000;

const dirOf = (move, pit) => move.slice(pit.length, pit.length + 1);


export class MovePicker {
  /**
   * @param {import('/types').PickState} state
   * @param {import('/shared/board.js').Board} board
   * @param {{ play: (move: string) => void, redraw: () => void, explain: (text: string, pit?: string) => void }} hooks
   *   play sends a move; redraw renders the page; explain says why a pit or a typed move cannot be played
   */
  constructor(state, board, hooks) {
    this.state = state;
    this.board = board;
    this.hooks = hooks;
    /** The pit picked while the page asks how to play it, and the direction chosen when safari is the question. */
    this.selected = null;
    this.dir = null;
    $('[data-role=move-form]').addEventListener('submit', (e) => {
      e.preventDefault();
      this.typed();
    });
    $('input[data-role=move-input]').addEventListener('input', () => {
      $('[data-role=move-error]').textContent = '';
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.selected) this.cancel();
    });
  }

  /** The server's legal moves by start pit, when this browser may play now (else none). */
  legalByPit() {
    const byPit = new Map();
    if (!this.state.canPlay()) return byPit;
    for (const mv of this.state.game.legal) {
      const p = movePit(mv);
      if (!byPit.has(p)) byPit.set(p, []);
      byPit.get(p).push(mv);
    }
    return byPit;
  }

  /** Forgets a picked pit (the board changed under it). */
  reset() {
    this.selected = null;
    this.dir = null;
  }

  play(move) {
    if (!this.state.canPlay()) return;
    this.reset();
    this.hooks.play(move);
  }

  /** A click (or Enter) on a pit: plays its only move, or asks how to play it. */
  pick(pit, keyboard = false) {
    const moves = this.legalByPit().get(pit);
    if (!moves) {
      const why = whyPit(this.state, pit);
      if (why) this.hooks.explain(why, pit);
      return;
    }
    this.hooks.explain('');
    if (this.selected === pit) {
      this.cancel();
      return;
    }
    if (moves.length === 1) {
      this.play(moves[0]);
      return;
    }
    this.selected = pit;
    this.dir = null;
    const letters = new Set(moves.map((m) => dirOf(m, pit)));
    if (letters.size === 1) this.chooseDir([...letters][0]);
    else {
      this.hooks.redraw();
      if (keyboard) this.board.focusArrow();
    }
  }

  /** A direction for the picked pit (null cancels): plays it, or asks about safari when both remain. */
  chooseDir(dir) {
    if (dir === null) {
      this.cancel();
      return;
    }
    const pit = this.selected;
    if (!pit) return;
    const moves = (this.legalByPit().get(pit) || []).filter((m) => dirOf(m, pit) === dir);
    if (moves.length === 1) {
      this.play(moves[0]);
      return;
    }
    if (!moves.length) return;
    this.dir = dir;
    this.hooks.redraw();
    const b = $('[data-role=choices] button');
    if (b) b.focus();
  }

  cancel() {
    const pit = this.selected;
    this.reset();
    this.hooks.redraw();
    if (pit) this.board.focusPit(pit);
  }

  /** Draws the question about the picked pit; returns the direction arrows the board draws next to it. */
  drawChoices() {
    const box = $('[data-role=choices]');
    box.innerHTML = '';
    const pit = this.selected;
    if (!pit || !this.state.canPlay()) return [];
    const moves = this.legalByPit().get(pit) || [];
    const add = (label, fn, attrs) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
      b.addEventListener('click', fn);
      box.append(b);
    };
    const p = document.createElement('p');
    box.append(p);
    if (this.dir) {
      const stop = moves.find((m) => m === pit + this.dir);
      const safari = moves.find((m) => m === `${pit}${this.dir}+`);
      p.textContent = t('choice.safariPrompt', { move: pit + this.dir });
      if (stop) add(t('choice.stop'), () => this.play(stop), { 'data-action': 'safari-stop', 'data-safari': 'no', 'data-move-choice': stop });
      if (safari) add(t('choice.safari'), () => this.play(safari), { 'data-action': 'safari-go', 'data-safari': 'yes', 'data-move-choice': safari });
      add(t('choice.cancel'), () => this.cancel(), { 'data-action': 'cancel' });
      return [];
    }
    p.textContent = t('choice.prompt', { pit });
    const arrows = [...new Set(moves.map((m) => dirOf(m, pit)))].sort().map((dir) => ({ dir, label: t(dir === 'L' ? 'choice.left' : 'choice.right') }));
    for (const a of arrows) add(a.label, () => this.chooseDir(a.dir), { 'data-action': 'direction-button', 'data-dir': a.dir });
    add(t('choice.cancel'), () => this.cancel(), { 'data-action': 'cancel' });
    return arrows;
  }

  /** The move typed in the move input: played when it is one of the server's legal moves, else a message. */
  typed() {
    const input = $('input[data-role=move-input]');
    const err = $('[data-role=move-error]');
    const text = input.value.trim();
    const g = this.state.game;
    if (!text || !g) return;
    const move = this.normalize(text);
    if (!this.state.myTurn() || !g.legal.includes(move)) {
      // In words, next to the input: why this move cannot be played, and what can.
      err.textContent = t('input.illegal', { move: text, reason: whyTyped(this.state, move) });
      clearTimeout(this.errTimer);
      this.errTimer = setTimeout(() => {
        err.textContent = '';
      }, MESSAGE_MS);
      return;
    }
    if (!this.state.canPlay()) return;
    err.textContent = '';
    input.value = '';
    this.play(move);
  }

  /** Typed notation in the server's spelling: spaces dropped, the pit's case set by the side to move ("a6l" -> "A6L"). */
  normalize(text) {
    const raw = text.replace(/\s+/g, '');
    if (this.state.game.legal.includes(raw)) return raw;
    const m = /^([abAB])([1-8])([lrLR]?)(\+?)$/.exec(raw);
    if (!m) return raw;
    const letter = this.state.game.position.to_move === 'south' ? m[1].toUpperCase() : m[1].toLowerCase();
    return `${letter}${m[2]}${m[3].toUpperCase()}${m[4]}`;
  }
}
