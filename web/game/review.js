// The review of a finished game (GET /api/games/{id}/review): asked for with [data-action=review], polled while
// the server answers 202, then shown: each entry of the move list gets data-class, the evaluation graph is drawn
// (eval-graph.js), and for a mistake or a blunder the better move and its line can be played out on the board.
// The line's positions and traces come from the server (POST /api/analysis): no rules here.
import { $ } from '/common.js';
import { t } from '/i18n.js';
import { drawEvalGraph } from '/game/eval-graph.js';
import { narrate } from '/game/narration.js';

/** How long to wait between two asks while the server reviews (it suggests 1 s with Retry-After). */
const POLL_MS = 1000;
/** Asks at most (about two minutes): a long game at the default settings takes well under a minute. */
const MAX_POLLS = 120;

/** The review of game `gameId`, once the server has made it. Throws with the error code when refused. */
export async function fetchReview(gameId) {
  for (let i = 0; i < MAX_POLLS; i++) {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/review`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (r.status === 200) return r.json();
    if (r.status !== 202) {
      const body = await r.json().catch(() => ({}));
      throw new Error(body.error || `HTTP ${r.status}`);
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  throw new Error('timeout');
}

/** Every legal move of `position` with the position after it and its trace (POST /api/analysis). */
export async function analyse(position) {
  const r = await fetch('/api/analysis', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ position }),
  });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r.json();
}

export class Review {
  /**
   * @param {import('/game/messages.js').Page} page
   * @param {import('/board.js').Board} board
   * @param {(ply: number) => Promise<void>} browse shows the position after `ply` moves
   */
  constructor(page, board, browse) {
    this.page = page;
    this.board = board;
    this.browse = browse;
    this.data = null;
    this.busy = false;
    $('[data-action=review]').addEventListener('click', () => this.load());
    $('[data-action=show-line]').addEventListener('click', () => this.showLine());
  }

  async load() {
    if (this.busy || this.data) return;
    this.busy = true;
    const status = $('[data-role=review-status]');
    status.textContent = t('review.working');
    this.render();
    try {
      this.data = await fetchReview(this.page.gameId);
      status.textContent = '';
    } catch (e) {
      status.textContent = t(e.message === 'busy' ? 'review.busy' : 'review.failed');
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /** The move selected in the list (0-based), or -1 at the start. */
  selected() {
    return this.page.state.shownPly() - 1;
  }

  /** Brings the review's parts up to date with the game and the move shown. */
  render() {
    const g = this.page.state.game;
    const finished = !!g && g.status === 'finished';
    const button = $('[data-action=review]');
    button.hidden = !finished || !!this.data;
    button.disabled = this.busy;
    const panel = $('[data-role=review]');
    panel.hidden = !finished || (!this.data && !this.busy && !$('[data-role=review-status]').textContent);
    if (!this.data) return;
    const moves = this.data.moves;
    for (const li of document.querySelectorAll('[data-role=moves] li.mv')) {
      const m = moves[Number(li.dataset.ply)];
      if (m && (li.dataset.class !== m.class || li.dataset.lang !== document.documentElement.lang)) {
        li.dataset.class = m.class;
        li.dataset.lang = document.documentElement.lang;
        li.toggleAttribute('data-book', !!m.book);
        const b = li.querySelector('button');
        if (b) b.title = t(`review.class.${m.class}`) + (m.book ? ` · ${t('review.book.short')}` : '');
      }
    }
    const sel = this.selected();
    const graph = $('[data-role=eval-graph]');
    if (graph.dataset.sel !== String(sel) || graph.dataset.lang !== document.documentElement.lang) {
      drawEvalGraph(graph, moves, sel, (i) => this.browse(i + 1));
      graph.dataset.sel = String(sel);
      graph.dataset.lang = document.documentElement.lang;
    }
    this.renderNote(moves[sel]);
  }

  /** What the review says of the move selected: its class, and for a mistake the better move and line. */
  renderNote(m) {
    const note = $('[data-role=review-note]');
    const show = $('[data-action=show-line]');
    if (!m) {
      note.textContent = '';
      show.hidden = true;
      return;
    }
    const said = t('review.point', { n: m.ply + 1, move: m.move, cls: t(`review.class.${m.class}`) });
    const better = m.line && m.line.length ? ` ${t('review.better', { best: m.best, line: m.line.join(' ') })}` : '';
    const book = m.book ? ` ${t('review.book')}` : '';
    note.textContent = said + book + better;
    note.dataset.class = m.class;
    show.hidden = !(m.line && m.line.length);
  }

  /** Plays the better line of the selected move on the board, from the position before it, with narration. */
  async showLine() {
    const m = this.data && this.data.moves[this.selected()];
    if (!m || !m.line || !this.page.state.game) return;
    const { state, animation } = this.page;
    const board = this.board;
    await this.browse(m.ply);
    let pos = state.shownPosition();
    const told = $('[data-role=review-line]');
    told.replaceChildren();
    state.animating = true;
    try {
      for (const [i, mv] of m.line.entries()) {
        const found = (await analyse(pos)).legal.find((x) => x.move === mv);
        if (!found) break;
        await animation.play(pos, { ply: m.ply + i, by: pos.to_move, move: mv, trace: found.trace, position: found.position }, state.you, () => false);
        pos = found.position;
        board.render(pos, { seat: state.you });
        const li = document.createElement('li');
        li.textContent = `${mv}: ${narrate(found.trace).join(' ')}`;
        told.append(li);
      }
    } catch {
      told.append(Object.assign(document.createElement('li'), { textContent: t('review.failed') }));
    } finally {
      state.animating = false;
    }
  }
}
