// The game page /g/{id}: builds its parts (web/game/, and the board's of web/shared/) and wires them together. The
// page shows only what the server confirmed; legal moves come from the server's `legal` list, and the client
// never judges a move.
//
//   connection.js  the socket (reconnects, pings, version order of events)
//   messages.js    what each server message does: state first, then the view
//   state.js       what the server confirmed, the pending move, the position being browsed
//   view.js        draws the page from the state (move-list.js the move list)
//   attention.js   whose turn it is in the tab's title and icon, notifications
//   clock.js       the clocks' countdown (loaded with the first clock); takeback.js abort and takeback; say.js quick
//                  messages; notify.js system notifications (loaded once turned on)
//   hint.js        the hint against an easy or medium computer (loaded only for a player against the computer)
//   review.js      the computer's review of a finished game (eval-graph.js its graph, review-summary.js its summary
//                  per player, review.css their look)
//   export.js      a finished game's record to download, link to share, board picture (loaded once it is over)
import { $, initPage } from '/common.js';
import { t, safeGet, safeSet } from '/i18n.js';
import { Board } from '/shared/board.js';
import { loadToken, storeToken } from '/shared/store.js';
import { fetchHistory, fetchSnapshot, takeSeat } from '/api.js';
import { Connection } from '/game/connection.js';
import { GameState } from '/game/state.js';
import { GameView } from '/game/view.js';
import { MovePicker } from '/shared/move-picker.js';
import { MoveAnimation } from '/shared/animation.js';
import { Sound } from '/shared/sound.js';
import { onServerMessage, takeSnapshot, refetch } from '/game/messages.js';
import { Takeback } from '/game/takeback.js';
import { Say } from '/game/say.js';

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
wireAnalysisLink(state);
/** @type {import('/types').Page} */
const page = { gameId, state, view, picker, animation: new MoveAnimation(board, sound), connection, sound, clocks: lazyClocks(), takeback: null, say: null };
page.takeback = new Takeback(page);
page.say = new Say(page);
// The review follows every redraw of the page too (the move list is rebuilt, the move shown changes); its code
// is loaded once the game is finished, so a game in play does not carry it.
const review = lazyPart(
  () => state.game && state.game.status === 'finished',
  () => import('/game/review.js').then(({ Review }) => new Review(page, board, browse)),
);
// The hint is for a player against the computer (its code and the analysis client are loaded only then; it
// offers itself at the easy and medium levels).
const hint = lazyPart(
  () => state.you !== 'spectator' && !!state.game && Object.values(state.game.seats || {}).some((s) => s && s.kind === 'computer'),
  () =>
    import('/game/hint.js').then(({ Hint }) => {
      const h = new Hint(state, gameId);
      return { render: () => h.update() };
    }),
);
// A finished game's export (its record, its link, a picture of its board), loaded once the game is over.
const exporter = lazyPart(
  () => !!state.game && !!state.game.result,
  () => import('/game/export.js').then(({ Export }) => new Export(page)),
);
view.parts.push(page.clocks, page.takeback, page.say, review, hint, exporter);

/** Keeps [data-role=analysis-link] pointing at the analysis board for the position shown (set when followed). */
function wireAnalysisLink(state) {
  const link = $('a[data-role=analysis-link]');
  const point = () => {
    const g = state.game;
    if (!g) return;
    const pos = { ...state.shownPosition() };
    delete pos.stage;
    link.href = `/analysis?variant=${encodeURIComponent(g.variant)}&position=${encodeURIComponent(JSON.stringify(pos))}`;
  };
  for (const ev of ['click', 'auxclick', 'focus', 'pointerenter']) link.addEventListener(ev, point);
}

/** A part of the page whose code is loaded the first time `wanted()` holds, then rendered with the rest. */
function lazyPart(wanted, load) {
  let real = null;
  let loading = null;
  return {
    render() {
      if (real) return real.render();
      if (loading || !wanted()) return;
      loading = load().then((part) => {
        real = part;
        real.render();
      });
    },
  };
}

/**
 * The clocks, loaded with the first clock the server sends (most games have none, and the page stays light):
 * what messages.js and takeback.js call, `take` and `render`, in front of web/game/clock.js.
 */
function lazyClocks() {
  let real = null;
  let loading = null;
  let last;
  return {
    take(clock) {
      if (real) return real.take(clock);
      if (clock === undefined) return;
      last = clock;
      if (clock && !loading) {
        loading = import('/game/clock.js').then(({ Clocks }) => {
          real = new Clocks(state, sound);
          real.take(last);
        });
      }
    },
    render() {
      if (real) real.render();
    },
  };
}

/** A move picked on this page: pending until the server's `moved` event confirms it. */
function sendMove(move) {
  state.pending = { ply: state.game.moves.length, move };
  connection.send({ t: 'move', ply: state.pending.ply, move });
  view.announce(t('game.pending'));
  view.render();
}

const COORDS_KEY = 'bao.coords';
const MOVE_BOX_KEY = 'bao.moveBox';

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
  const btn = $('button[data-action=join]');
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
  // The move box: folded for mouse and touch players until they open it (remembered); the keyboard and screen
  // readers reach its input where it stands in the page, which unfolds it while it has the focus (style.css).
  const moveForm = $('[data-role=move-form]');
  const unfold = $('[data-action=type-move]');
  const showMoveBox = (open) => {
    moveForm.classList.toggle('open', open);
    unfold.setAttribute('aria-expanded', String(open));
  };
  showMoveBox(safeGet(MOVE_BOX_KEY) === 'open');
  unfold.addEventListener('click', () => {
    const open = !moveForm.classList.contains('open');
    safeSet(MOVE_BOX_KEY, open ? 'open' : 'folded');
    showMoveBox(open);
    if (open) $('input[data-role=move-input]').focus();
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
