// The review of a finished game (GET /api/games/{id}/review, api.js's fetchReview): asked for with
// [data-action=review], polled while the server answers 202, then shown: each entry of the move list gets
// data-class, the evaluation graph is drawn (eval-graph.js), the summary per player (review-summary.js: accuracy,
// inaccuracies, mistakes, blunders, each count stepping through those moves), and for a mistake or a blunder the
// better move and its line can be played out on the board.
// The panel sits in the side column on a wide screen (above the move list) and right under the board on a narrow
// one (a phone), where the side column's panels come after the whole play area. Its look is review.css, loaded
// with this code (the game page does not carry it).
// The line's positions and traces come from the server (POST /api/analysis): no rules here.
import { $, $$ } from '/common.js';
import { t } from '/i18n.js';
import { drawEvalGraph, graphWidth } from '/game/eval-graph.js';
import { drawSummary, movesOf } from '/game/review-summary.js';
import { sideName } from '/shared/words.js';
import { narrate } from '/shared/narration.js';
import { analyse, fetchReview } from '/api.js';

export class Review {
  /**
   * @param {import('/types').Page} page
   * @param {import('/shared/board.js').Board} board
   * @param {(ply: number) => Promise<void>} browse shows the position after `ply` moves
   */
  constructor(page, board, browse) {
    this.page = page;
    this.board = board;
    this.browse = browse;
    this.data = null;
    this.busy = false;
    /** The move whose better line the board plays: its note stays while the board is at the position before it
     * (showing the line steps back there, which would otherwise select the move before). */
    this.lineOf = null;
    $('[data-action=review]').addEventListener('click', () => this.load());
    $('[data-action=show-line]').addEventListener('click', () => this.showLine());
    const look = document.createElement('link');
    look.rel = 'stylesheet';
    look.href = '/game/review.css';
    document.head.append(look);
    // Where the panel goes: the side column's layout gives way to one column at 860 px (style.css).
    const narrow = matchMedia('(max-width: 860px)');
    const place = () => {
      const panel = $('[data-role=review]');
      if (narrow.matches) $('.game > .play .msgbar').after(panel);
      else $('[data-role=moves]').closest('.panel')?.before(panel);
    };
    place();
    narrow.addEventListener('change', place);
    // The graph is drawn at its panel's width: again when that changes.
    new ResizeObserver(() => {
      const graph = $('[data-role=eval-graph]');
      if (this.data && graph.dataset.width !== String(graphWidth(graph))) this.render();
    }).observe($('[data-role=eval-graph]'));
    $('[data-role=review-summary]').addEventListener('click', (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('[data-action=review-step]');
      if (b instanceof HTMLButtonElement) this.step(b.dataset.side, b.dataset.class);
    });
  }

  /**
   * Shows the next move of `side` of class `cls` after the one selected (the first again after the last).
   * @param {string | undefined} side @param {string | undefined} cls
   */
  step(side, cls) {
    if (!this.data) return;
    const found = movesOf(this.data.moves, side, cls);
    if (!found.length) return;
    const sel = this.selected();
    const next = found.find((i) => i > sel) ?? found[0];
    this.browse(next + 1);
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
      status.textContent = t(e.code === 'busy' ? 'review.busy' : 'review.failed');
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
    const button = $('button[data-action=review]');
    button.hidden = !finished || !!this.data;
    button.disabled = this.busy;
    const panel = $('[data-role=review]');
    panel.hidden = !finished || (!this.data && !this.busy && !$('[data-role=review-status]').textContent);
    if (!this.data) return;
    const moves = this.data.moves;
    for (const li of $$('[data-role=moves] li.mv')) {
      const m = moves[Number(li.dataset.ply)];
      if (m && (li.dataset.class !== m.class || li.dataset.lang !== document.documentElement.lang)) {
        li.dataset.class = m.class;
        li.dataset.lang = document.documentElement.lang;
        li.toggleAttribute('data-book', !!m.book);
        const b = li.querySelector('button');
        if (b) b.title = t(`review.class.${m.class}`) + (m.book ? ` · ${t('review.book.short')}` : '');
      }
    }
    let sel = this.selected();
    if (this.lineOf && this.page.state.shownPly() === this.lineOf.ply) sel = this.lineOf.ply;
    else this.lineOf = null;
    const graph = $('[data-role=eval-graph]');
    const lang = document.documentElement.lang;
    if (graph.dataset.sel !== String(sel) || graph.dataset.lang !== lang || graph.dataset.width !== String(graphWidth(graph))) {
      drawEvalGraph(graph, moves, sel, (i) => this.browse(i + 1));
      graph.dataset.sel = String(sel);
      graph.dataset.lang = lang;
    }
    const summary = $('[data-role=review-summary]');
    const names = `${lang} ${sideName(this.page.state, 'south')} ${sideName(this.page.state, 'north')}`;
    if (summary.dataset.names !== names) {
      drawSummary(summary, moves, this.page.state);
      summary.dataset.names = names;
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
    note.textContent = book || better ? `${said}.${book}${better}` : said;
    note.dataset.class = m.class;
    show.hidden = !(m.line && m.line.length);
  }

  /** Plays the better line of the selected move on the board, from the position before it, with narration. */
  async showLine() {
    const m = this.data && this.data.moves[this.selected()];
    if (!m || !m.line || !this.page.state.game) return;
    const { state, animation } = this.page;
    const board = this.board;
    this.lineOf = m;
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
