// Abort and takeback: the buttons that apply now (`[data-action=abort|takeback|accept-takeback|decline-takeback]`),
// and the events `takeback`, `takeback_declined` and `undone` (the board, move list and positions go back to its ply).
import { $ } from '/common.js';
import { t } from '/i18n.js';
import { statusLine } from '/shared/words.js';

export class Takeback {
  /** @param {import('/types').Page} page */
  constructor(page) {
    this.page = page;
    /** The side whose takeback offer stands, or null. */
    this.offeredBy = null;
    const send = (msg) => {
      if (!page.connection.send(msg)) page.view.toast(t('conn.reconnecting'));
    };
    $('[data-action=abort]').addEventListener('click', () => send({ t: 'abort' }));
    $('[data-action=takeback]').addEventListener('click', () => send({ t: 'takeback' }));
    $('[data-action=accept-takeback]').addEventListener('click', () => send({ t: 'takeback' }));
    $('[data-action=decline-takeback]').addEventListener('click', () => send({ t: 'takeback_decline' }));
  }

  /** A snapshot says whether an offer stands (servers that do not say: none). */
  fromSnapshot(snap) {
    this.offeredBy = snap.takeback_offered_by || null;
  }

  /** A move was played: a standing offer lapses. */
  lapse() {
    this.offeredBy = null;
  }

  /** Handles `takeback`, `takeback_declined` and `undone`; false for any other message. */
  async onMessage(msg, order) {
    const { state, view, sound } = this.page;
    if (!['takeback', 'takeback_declined', 'undone'].includes(msg.t)) return false;
    if (order !== 'next') return true; // a resend of what the page has already applied
    state.v = msg.v;
    if (msg.t === 'takeback') {
      this.offeredBy = msg.offered_by;
      if (msg.offered_by !== state.you && state.you !== 'spectator') {
        sound.play('offer');
        view.announce(t('takeback.theyOffer', { side: t(`side.${msg.offered_by}`) }));
      }
    } else if (msg.t === 'takeback_declined') {
      if (this.offeredBy === state.you) view.toast(t('takeback.declined'));
      this.offeredBy = null;
    } else {
      this.undo(msg);
      view.announce(`${t('takeback.done')} ${statusLine(state)}`);
    }
    view.render();
    return true;
  }

  /** Takes `undone`: the game continues from ply `msg.ply` with the position, legal moves and clock sent. */
  undo(msg) {
    const { state, picker, clocks } = this.page;
    const g = state.game;
    this.offeredBy = null;
    g.moves = g.moves.slice(0, msg.ply);
    g.position = msg.stage ? { ...msg.position, stage: msg.stage } : msg.position;
    g.legal = msg.legal || [];
    g.blocked = msg.blocked || {};
    g.result = null;
    g.status = 'playing';
    state.history.length = msg.ply + 1;
    state.history[msg.ply] = g.position;
    if (state.traces.length > msg.ply) state.traces.length = msg.ply;
    state.pending = null;
    state.browsing = null;
    picker.reset();
    clocks.take(msg.clock);
  }

  /** Shows the buttons that apply now, and the opponent's offer. */
  render() {
    const { state } = this.page;
    const g = state.game;
    const seated = state.you === 'south' || state.you === 'north';
    const going = seated && !g.result && g.status !== 'finished';
    // South's moves are the even plies, North's the odd ones.
    const mine = g.moves.some((_, i) => (i % 2 === 0 ? 'south' : 'north') === state.you);
    const theirs = going && !!this.offeredBy && this.offeredBy !== state.you;
    $('[data-action=abort]').hidden = !(going && g.moves.length < 2);
    $('[data-action=takeback]').hidden = !(going && g.status === 'playing' && mine && !theirs && g.moves.length >= 1);
    $('button[data-action=takeback]').disabled = this.offeredBy === state.you;
    const box = $('[data-role=takeback-offer]');
    box.hidden = !theirs && !(going && this.offeredBy === state.you);
    $('[data-action=accept-takeback]').hidden = !theirs;
    $('[data-action=decline-takeback]').hidden = !theirs;
    $('[data-role=takeback-text]').textContent = theirs
      ? t('takeback.theyOffer', { side: t(`side.${this.offeredBy}`) })
      : this.offeredBy === state.you
        ? t('takeback.offered')
        : '';
  }
}
