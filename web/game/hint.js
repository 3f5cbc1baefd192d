// A hint in a game against the computer at the easy or medium level (or a numbered level up to 5): [data-action=hint] asks the server's analysis
// (POST /api/analysis with a short search) for a good move in the position on the board, marks its start pit
// (data-hint) and says the move and what it would do, step by step. Offered only to the human player, on their
// turn; it follows the page through <body data-turn> (set by attention.js on every redraw).
import { $ } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import { movePit } from '/shared/pits.js';
import { narrationList } from '/shared/narration.js';
import { analyse, fetchSnapshot } from '/api.js';
import { findMove, analysisErrorText } from '/shared/analysed-state.js';

/** How long the computer looks for the hint: short, a hint at these levels needs no deep search. */
const THINK_MS = 300;
/** The computer levels that offer hints. */
const LEVELS = ['easy', 'medium', '1', '2', '3', '4', '5'];

export class Hint {
  /** @param {import('/game/state.js').GameState} state @param {string} gameId */
  constructor(state, gameId) {
    this.state = state;
    /** The computer's level, read once from the game's snapshot (it never changes). */
    this.level = null;
    if (gameId) {
      fetchSnapshot(gameId)
        .then((snap) => {
          this.level = snap && snap.level;
          this.update();
        })
        .catch(() => {});
    }
    this.button = $('button[data-action=hint]');
    this.box = $('[data-role=hint]');
    /** The hint shown: the ply it is for, the move and its trace. */
    this.shown = null;
    this.asking = false;
    this.button.addEventListener('click', () => this.ask());
    new MutationObserver(() => this.update()).observe(document.body, { attributes: true, attributeFilter: ['data-turn'] });
    onLanguage(() => this.draw());
  }

  /** Whether this browser plays the computer at a level with hints, and it is its move on the live board. */
  offered() {
    const s = this.state;
    const g = s.game;
    if (!g || !LEVELS.includes(this.level) || s.you === 'spectator' || !g.seats) return false;
    const other = s.you === 'south' ? 'north' : 'south';
    return !!g.seats[other] && g.seats[other].kind === 'computer' && s.canPlay();
  }

  update() {
    const on = this.offered();
    this.button.hidden = !on;
    if (this.shown && (!on || this.shown.ply !== this.state.game.moves.length)) this.shown = null;
    this.draw();
  }

  async ask() {
    if (this.asking || !this.offered()) return;
    const ply = this.state.game.moves.length;
    this.asking = true;
    this.button.disabled = true;
    this.box.hidden = false;
    this.box.textContent = t('hint.thinking');
    try {
      const answer = await analyse(this.state.game.position, THINK_MS);
      const best = answer.best && findMove(answer, answer.best.move);
      if (ply === this.state.game.moves.length && best) this.shown = { ply, move: best.move, trace: best.trace };
      this.draw(best ? '' : t('analysis.noBest'));
    } catch (e) {
      this.draw(analysisErrorText(e));
    } finally {
      this.asking = false;
      this.button.disabled = false;
    }
    // On a phone the box is below the board and the buttons, under the fold: the answer asked for is brought into
    // view (as little scrolling as shows it; nothing moves when it is already on the screen).
    if (!this.box.hidden) this.box.scrollIntoView({ block: 'nearest' });
  }

  /** Shows the hint (or `message`), and marks its pit on the board. */
  draw(message = '') {
    const pitName = this.shown && movePit(this.shown.move);
    for (const p of /** @type {NodeListOf<SVGElement>} */ (document.querySelectorAll('[data-hint]'))) if (p.dataset.pit !== pitName) delete p.dataset.hint;
    // The board is redrawn often (and rebuilt when turned): the mark is put back each time.
    const pit = pitName && /** @type {SVGElement | null} */ (document.querySelector(`[data-pit="${pitName}"]`));
    if (pit) pit.dataset.hint = '';
    // The box is a live region: it is rewritten only when what it says changes, so it is heard once.
    const key = this.shown ? `${this.shown.ply}|${this.shown.move}|${document.documentElement.lang}` : `|${message}`;
    if (this.box.dataset.key === key) return;
    this.box.dataset.key = key;
    if (!this.shown) {
      this.box.hidden = !message;
      this.box.textContent = message;
      return;
    }
    const head = document.createElement('p');
    head.dataset.move = this.shown.move;
    head.textContent = t('hint.move', { move: this.shown.move });
    this.box.replaceChildren(head, narrationList(this.shown.trace));
    this.box.hidden = false;
  }
}
