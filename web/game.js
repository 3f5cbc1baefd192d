// The game page /g/{id}: builds its parts (web/game/) and wires them together. The page shows only what the
// server confirmed; legal moves come from the server's `legal` list, and the client never judges a move.
//
//   connection.js  the socket (reconnects, pings, version order of events) and the HTTP requests
//   messages.js    what each server message does: state first, then the view
//   state.js       what the server confirmed, the pending move, the position being browsed
//   view.js        draws the page from the state (move-list.js the move list, words.js its sentences)
//   move-picker.js a pit, direction and safari picked on the board, or a move typed
//   animation.js   a move shown seed by seed from its trace
//   why.js         why a pit or a typed move cannot be played (the server's reasons, in words)
//   narration.js   the selected move told step by step, and the pits it touched
//   sound.js, attention.js   sounds; whose turn it is in the tab's title and icon
import { $, initPage } from '/common.js';
import { t, safeGet, safeSet } from '/i18n.js';
import { Board } from '/board.js';
import { loadToken, storeToken } from '/store.js';
import { Connection, fetchHistory, fetchSnapshot, takeSeat } from '/game/connection.js';
import { GameState } from '/game/state.js';
import { GameView } from '/game/view.js';
import { MovePicker } from '/game/move-picker.js';
import { MoveAnimation } from '/game/animation.js';
import { Sound } from '/game/sound.js';
import { onServerMessage, takeSnapshot, refetch } from '/game/messages.js';

const gameId = decodeURIComponent(location.pathname.split('/')[2] || new URLSearchParams(location.search).get('id') || '');

const state = new GameState();
const board = new Board($('[data-role=board]'), {
  onPit: (pit, keyboard) => picker.pick(pit, keyboard),
  onArrow: (dir) => picker.chooseDir(dir),
});
const sound = new Sound();
const picker = new MovePicker(state, board, {
  play: sendMove,
  redraw: () => view.render(),
  explain: (text, pit) => {
    view.explain(text, pit);
    if (text) sound.play('deny');
  },
});
const view = new GameView(state, board, picker, { gameId, browse });
const connection = new Connection(gameId, {
  version: () => state.v,
  onMessage: (msg, order) => onServerMessage(page, msg, order),
  onLost: () => view.showConnection(false),
});
/** @type {import('/game/messages.js').Page} */
const page = { gameId, state, view, picker, animation: new MoveAnimation(board, sound), connection, sound };

/** A move picked on this page: pending until the server's `moved` event confirms it. */
function sendMove(move) {
  state.pending = { ply: state.game.moves.length, move };
  connection.send({ t: 'move', ply: state.pending.ply, move });
  view.announce(t('game.pending'));
  view.render();
}

const COORDS_KEY = 'bao.coords';

/** Positions fetched at once when browsing back past what the snapshot carried. */
const HISTORY_PAGE = 200;

/** Shows the position after `ply` moves (Infinity: the live board), fetching older positions first. */
async function browse(ply) {
  if (state.missing(ply)) {
    const from = Math.max(0, ply - HISTORY_PAGE + 1);
    try {
      const page = await fetchHistory(gameId, from, ply + 1);
      state.addHistory(page.from, page.positions, page.stages);
    } catch {
      view.announce(t('moves.unavailable'));
      return;
    }
  }
  if (!state.browse(ply)) return;
  picker.reset();
  view.render();
}

async function join() {
  const btn = $('[data-action=join]');
  btn.disabled = true;
  try {
    const seat = await takeSeat(gameId);
    storeToken(gameId, seat.token, seat.seat, false);
    connection.token = seat.token;
    await refetch(page, true);
    connection.connect(); // a new socket whose hello carries the seat token
  } catch {
    $('[data-role=join-error]').textContent = t('join.failed');
    await refetch(page, true);
  } finally {
    btn.disabled = false;
    view.render();
  }
}

function wireControls() {
  $('[data-action=join]').addEventListener('click', join);
  // Resigning takes two clicks: the first only asks (a thumb lands on a button that moved by accident).
  const confirm = $('[data-role=confirm-resign]');
  $('[data-action=resign]').addEventListener('click', () => {
    confirm.hidden = false;
    view.render();
    $('[data-action=cancel-resign]').focus();
  });
  $('[data-action=cancel-resign]').addEventListener('click', () => {
    confirm.hidden = true;
    view.render();
    $('[data-action=resign]').focus();
  });
  $('[data-action=confirm-resign]').addEventListener('click', () => {
    confirm.hidden = true;
    if (!connection.send({ t: 'resign' })) view.toast(t('conn.reconnecting'));
    view.render();
  });
  // Pit names on the board: on by default, phones included (the move list, the status and the move box speak in
  // pit names, and they fit: style.css draws them larger on a small screen); off once chosen, and remembered.
  const coords = $('input[name=coords]');
  coords.checked = safeGet(COORDS_KEY) !== 'off';
  board.setCoords(coords.checked);
  coords.addEventListener('change', () => {
    safeSet(COORDS_KEY, coords.checked ? 'on' : 'off');
    board.setCoords(coords.checked);
  });
  $('[data-action=rematch]').addEventListener('click', () => {
    if (connection.send({ t: 'rematch' })) {
      state.rematch.mine = true;
      view.render();
    }
  });
  $('[data-action=live]').addEventListener('click', () => browse(Infinity));
  $('[data-action=hist-first]').addEventListener('click', () => browse(0));
  $('[data-action=hist-prev]').addEventListener('click', () => browse(state.shownPly() - 1));
  $('[data-action=hist-next]').addEventListener('click', () => browse(state.shownPly() + 1));
  $('[data-action=hist-last]').addEventListener('click', () => browse(Infinity));
}

async function main() {
  wireControls();
  await initPage();
  if (!gameId) return view.showNotFound();
  const kept = loadToken(gameId);
  connection.token = kept && kept.token;
  try {
    const snap = await fetchSnapshot(gameId);
    if (!snap) return view.showNotFound();
    takeSnapshot(page, snap);
    if (kept && kept.seat) state.you = kept.seat; // provisional: the server's welcome confirms it
    view.render();
  } catch {
    /* the socket brings the snapshot */
  }
  connection.start();
}

main();
