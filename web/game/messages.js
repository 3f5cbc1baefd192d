// What each server message does to the page: the state takes what the server confirmed, then the view shows it.
// Messages arrive one at a time, in order, from connection.js, each event with its place against the version
// the page has applied ('next', or 'seen' for a resend; events after a gap never get here).
import { t } from '/i18n.js';
import { loadToken, storeToken } from '/shared/store.js';
import { fetchSnapshot } from '/api.js';
import { statusLine, movedLine, showingLine } from '/shared/words.js';
import { reasonText } from '/shared/why.js';

// Errors after which the page's idea of the game may be wrong: it asks the server for the game again.
// Errors after which the move sent is not pending any more (the server changed nothing, or the game moved on):
// the page asks for what it missed and the player may play again.
const RESYNC_ERRORS = ['stale_ply', 'not_your_turn', 'illegal_move', 'game_over', 'unavailable', 'busy', 'internal'];

/** @typedef {import('/types').Page} Page */

/** @param {Page} page @param {import('/types').ServerMsg} msg @param {'next'|'seen'|'none'} order */
export async function onServerMessage(page, msg, order) {
  // Events before the first snapshot are in that snapshot.
  if (order !== 'none' && !page.state.game) return;
  if (msg.t === 'said') return page.say.onSaid(msg);
  if (await page.takeback.onMessage(msg, order)) return;
  switch (msg.t) {
    case 'welcome':
      return onWelcome(page, msg);
    case 'snapshot':
      takeSnapshot(page, msg.game);
      resendPending(page);
      return page.view.render();
    case 'moved':
      return onMoved(page, msg, order);
    case 'presence':
      return onPresence(page, msg);
    case 'ended':
      if (order !== 'next') return;
      page.state.applyEnded(msg);
      page.clocks.take(msg.clock);
      page.sound.play('end');
      page.view.announce(statusLine(page.state));
      return page.view.render();
    case 'rematch':
      return onRematch(page, msg);
    case 'error':
      return onError(page, msg);
    default:
      // An event this page does not know yet: if it changes the game, the server's snapshot shows how.
      if (order === 'next') await refetch(page, true);
  }
}

/** Applies a snapshot and announces the status it gives. */
export function takeSnapshot({ state, view, clocks, takeback }, snap) {
  state.applySnapshot(snap);
  clocks.take(snap.clock ?? null);
  takeback.fromSnapshot(snap);
  view.announce(statusLine(state));
}

/** Takes the snapshot over HTTP: always when `force`, else only when it is not older than what the page has. */
export async function refetch(page, force) {
  try {
    const snap = await fetchSnapshot(page.gameId);
    if (snap && (force || snap.v >= page.state.v)) takeSnapshot(page, snap);
  } catch {
    /* the socket will bring it */
  }
}

async function onWelcome(page, msg) {
  const { state, view } = page;
  state.you = ['south', 'north'].includes(msg.you) ? msg.you : 'spectator';
  // Who is connected now (this socket counted): the snapshot may have been taken while the page's old socket
  // was closing, and no presence event follows when nothing changed for the others.
  if (msg.online) state.presence = { south: msg.online.south, north: msg.online.north, watchers: msg.online.watchers };
  if (msg.v < state.v) {
    // The server's history is shorter than ours (e.g. restored from an older backup): start from its snapshot.
    await refetch(page, true);
  }
  view.showConnection(true);
  resendPending(page);
  view.render();
}

/** After a reconnection: the move sent before it may never have arrived. */
function resendPending({ state, connection }) {
  const p = state.pending;
  if (!p) return;
  if (p.ply !== state.game.moves.length || !state.myTurn()) {
    state.pending = null;
    return;
  }
  connection.send({ t: 'move', ply: p.ply, move: p.move });
}

/** A move: animated from the position before it, then the server's position is shown. */
async function onMoved(page, msg, order) {
  const { state, view, picker, animation, connection, sound } = page;
  if (order === 'seen') {
    // A resend (or one asked for on opening the page): its trace tells the move in the narration.
    state.keepTrace(msg);
    state.confirmPending(msg.ply);
    return view.render();
  }
  if (msg.ply !== state.game.moves.length) {
    connection.hello(); // our move list is not the server's: ask again
    return;
  }
  const before = state.game.position;
  // The clocks switch and a takeback offer lapses at once, not after the animation.
  page.clocks.take(msg.clock);
  page.takeback.lapse();
  state.browsing = null;
  picker.reset();
  state.confirmPending(msg.ply);
  state.keepTrace(msg);
  document.body.dataset.animating = '';
  // Told at once, not after the animation (which can take seconds): who played what, what it captured, whose
  // turn it is. While the move is drawn the status line shows that it is being shown (for the eye only).
  view.announce(movedLine(state, msg));
  view.showing(showingLine(state, msg));
  state.animating = true;
  view.explain('');
  try {
    view.render();
    await animation.play(before, msg, state.you, () => connection.moveWaiting());
  } finally {
    state.animating = false;
  }
  state.applyMoved(msg);
  view.showing('');
  view.render();
  delete document.body.dataset.animating;
  if (msg.result) sound.play('end');
  else if (state.turn() === 'you') sound.play('turn');
}

async function onPresence(page, msg) {
  page.state.applyPresence(msg);
  // A second player may have taken the free seat: the server's snapshot says who holds which seat.
  if (page.state.game.status === 'waiting') await refetch(page, false);
  page.view.render();
}

function onRematch({ state, view, sound }, msg) {
  const had = state.rematch.theirs;
  state.applyRematch(msg);
  if (!had && state.rematch.theirs && !msg.game) {
    // The opponent's offer: heard, and brought into view with the result it belongs to.
    sound.play('offer');
    view.render();
    view.showOffer();
  }
  if (msg.game) {
    // Only the players' copy of the event carries their seat token for the new game.
    if (msg.token) storeToken(msg.game, msg.token, msg.seat, false);
    if (loadToken(msg.game)?.token) {
      location.assign(`/g/${encodeURIComponent(msg.game)}`);
      return;
    }
  }
  view.render();
}

function onError({ state, view, connection }, msg) {
  const code = msg.code || 'generic';
  const known = t(`error.${code}`) !== `error.${code}`;
  if (code === 'illegal_move' && msg.reason && state.game) view.toast(reasonText(msg.reason, state.game.legal));
  else view.toast(known ? t(`error.${code}`) : t('error.generic', { code }));
  if (RESYNC_ERRORS.includes(code)) {
    state.pending = null;
    connection.hello();
  }
  view.render();
}
