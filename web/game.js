// The game page /g/{id}. It shows only what the server confirmed: snapshots (HTTP or WebSocket) and
// `moved` events. Legal moves come from the server's `legal` list; the client never judges a move.
import { initPage } from '/common.js';
import { t, onLanguage, safeGet, safeSet } from '/i18n.js';
import { Board } from '/board.js';
import { TraceReplay } from '/trace.js';
import { movePit, other } from '/pits.js';
import { loadToken, storeToken } from '/store.js';
import { encode, toSvg } from '/qr.js';
import { Connection, fetchSnapshot, takeSeat } from '/game/connection.js';

const $ = (sel) => document.querySelector(sel);
const gameId = decodeURIComponent(location.pathname.split('/')[2] || new URLSearchParams(location.search).get('id') || '');
// The server's public address when it has one configured (behind a proxy), else this page's origin.
let shareUrl = `${location.origin}/g/${encodeURIComponent(gameId)}`;
const SPEEDS = { slow: [420, 14000], normal: [170, 6000], fast: [60, 2500], instant: [0, 0] };
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

const state = {
  game: null, // { variant, status, seats, position, moves, legal, result }
  v: 0,
  you: 'spectator',
  presence: null,
  history: [], // history[n]: the position after n moves, as the server sent it
  pending: null, // { ply, move }
  browsing: null, // ply count being viewed, or null for the live board
  selected: null, // pit
  dir: null, // chosen letter while asking about safari
  rematch: { mine: false, theirs: false, game: null },
  animating: false,
};

let seat = loadToken(gameId);
let board;

// ---------- connection ----------

const connection = new Connection(gameId, {
  version: () => state.v,
  onMessage: handle,
  onLost: () => setConnection(false),
});
connection.token = seat && seat.token;
const send = (m) => connection.send(m);
const hello = () => connection.hello();

function setConnection(open) {
  const el = $('[data-role=connection]');
  el.dataset.state = open ? 'open' : 'reconnecting';
  el.dataset.i18n = open ? 'conn.open' : 'conn.reconnecting';
  el.textContent = t(el.dataset.i18n);
  render();
}

// ---------- server messages ----------

async function handle(msg, order) {
  switch (msg.t) {
    case 'welcome':
      state.you = ['south', 'north'].includes(msg.you) ? msg.you : 'spectator';
      if (typeof msg.v === 'number' && msg.v < state.v) {
        // The server's history is shorter than ours (e.g. restored from an older backup): start from its snapshot.
        await refetch(true);
      }
      setConnection(true);
      if (state.pending) resendPending();
      render();
      break;
    case 'snapshot':
      applySnapshot(msg.game, true);
      if (state.pending) resendPending();
      render();
      break;
    case 'moved':
      await onMoved(msg, order);
      break;
    case 'presence':
      if (order === 'next') state.v = msg.v;
      state.presence = { south: !!msg.south, north: !!msg.north, watchers: msg.watchers || 0 };
      if (state.game && msg.seats) state.game.seats = msg.seats;
      if (state.game && state.game.status === 'waiting') {
        // A second player may have taken the free seat: the server's snapshot says who holds which seat.
        await refetch(false);
      }
      render();
      break;
    case 'ended':
      if (order !== 'next') return;
      state.v = msg.v;
      if (state.game) {
        state.game.result = msg.result;
        state.game.status = 'finished';
        state.game.legal = [];
        if (msg.result) state.game.position.result = msg.result;
      }
      state.pending = null;
      announce(resultText());
      render();
      break;
    case 'rematch':
      onRematch(msg, order);
      break;
    case 'error':
      onError(msg);
      break;
    default:
      // An event this client does not know yet: if it changes the game, take the server's snapshot.
      if (order === 'next') await refetch(true);
      break;
  }
}

async function onMoved(msg, order) {
  if (!state.game) return;
  if (order === 'seen') {
    if (state.pending && state.pending.ply === msg.ply) state.pending = null;
    render();
    return;
  }
  if (msg.ply !== state.game.moves.length) {
    hello();
    return;
  }
  const before = state.game.position;
  state.browsing = null;
  state.selected = null;
  state.dir = null;
  if (state.pending && state.pending.ply === msg.ply) state.pending = null;
  await animate(before, msg);
  state.v = msg.v;
  state.game.position = msg.position;
  state.game.moves = [...state.game.moves, msg.move];
  state.game.legal = msg.legal || [];
  state.game.result = msg.result || msg.position.result || null;
  if (state.game.result) state.game.status = 'finished';
  else state.game.status = 'playing';
  state.history[state.game.moves.length] = msg.position;
  const who = msg.by === state.you ? t('game.playedYou', { move: msg.move }) : t('game.played', { side: t(`side.${msg.by}`), move: msg.move });
  announce(`${who} ${state.game.result ? resultText() : turnText()}`);
  render();
  delete document.body.dataset.animating;
}

function onRematch(msg, order) {
  if (order === 'next') state.v = msg.v;
  if (msg.game) {
    state.rematch.game = msg.game;
    if (msg.token && msg.seat) storeToken(msg.game, msg.token, msg.seat, false);
    if (msg.token || (loadToken(msg.game) && loadToken(msg.game).token)) {
      location.assign(`/g/${encodeURIComponent(msg.game)}`);
      return;
    }
    render();
    return;
  }
  if (msg.offered_by) {
    if (msg.offered_by === state.you) state.rematch.mine = true;
    else state.rematch.theirs = true;
  }
  render();
}

function onError(msg) {
  const code = msg.code || 'generic';
  const text = t(`error.${code}`) !== `error.${code}` ? t(`error.${code}`) : t('error.generic', { code });
  toast(text);
  if (['stale_ply', 'not_your_turn', 'illegal_move', 'game_over'].includes(code)) {
    state.pending = null;
    hello(); // make sure the board is the server's
  }
  render();
}

async function refetch(force) {
  try {
    const snap = await fetchSnapshot(gameId);
    if (snap && (force || snap.v >= state.v)) applySnapshot(snap, force);
  } catch {
    /* the socket will bring it */
  }
}

function applySnapshot(snap, force) {
  if (!snap || !snap.position) return;
  if (typeof snap.share_url === 'string' && snap.share_url) shareUrl = snap.share_url;
  if (!force && state.game && typeof snap.v === 'number' && snap.v < state.v) return;
  state.game = {
    variant: snap.variant || snap.position.variant,
    status: snap.status || (snap.result ? 'finished' : 'playing'),
    seats: snap.seats || {},
    position: snap.position,
    moves: snap.moves || [],
    legal: snap.legal || [],
    result: snap.result || snap.position.result || null,
  };
  if (typeof snap.v === 'number') state.v = snap.v;
  state.history = snap.history.slice();
  if (snap.seats) {
    state.presence = state.presence || { south: false, north: false, watchers: 0 };
    for (const s of ['south', 'north']) if (snap.seats[s] && 'online' in snap.seats[s]) state.presence[s] = !!snap.seats[s].online;
    if (typeof snap.watchers === 'number') state.presence.watchers = snap.watchers;
  }
  if (state.pending && state.pending.ply < state.game.moves.length) state.pending = null;
  if (snap.rematch) {
    const by = snap.rematch.offered_by;
    state.rematch.mine = !!by && by === state.you;
    state.rematch.theirs = !!by && by !== state.you;
    state.rematch.game = snap.rematch.game || null;
  }
  announce(state.game.result ? resultText() : turnText());
}

// ---------- animation ----------

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function speed() {
  if (reducedMotion.matches) return 'instant';
  return $('select[name=speed]').value;
}

/** Replays a whole trace without drawing and reports when it does not lead to the server's position. */
function checkTrace(before, msg) {
  if (!msg.trace || !msg.position) return;
  const r = new TraceReplay(before, msg.by, msg.trace);
  while (!r.done()) r.next();
  for (const side of ['south', 'north']) {
    const a = r.pos[side];
    const b = msg.position[side];
    if (String(a.front) !== String(b.front) || String(a.back) !== String(b.back) || a.hand !== b.hand) {
      console.warn(`trace replay mismatch at ply ${msg.ply} (${msg.move}): ${JSON.stringify(r.pos[side])} vs ${JSON.stringify(b)}`);
      return;
    }
  }
}

async function animate(before, msg) {
  checkTrace(before, msg);
  const trace = msg.trace || [];
  const [base, total] = SPEEDS[speed()] || SPEEDS.normal;
  document.body.dataset.animating = '';
  state.animating = true;
  try {
    if (!base || !trace.length || document.hidden) return;
    const delay = Math.max(12, Math.min(base, total / trace.length));
    const replay = new TraceReplay(before, msg.by, trace);
    const last = new Set([movePit(msg.move)]);
    $('[data-role=choices]').innerHTML = '';
    render();
    // A later move already waiting: catch up at once instead of falling behind the game.
    while (!replay.done() && !connection.moveWaiting()) {
      const step = replay.next();
      board.render(replay.pos, { active: replay.active, air: replay.air, last, seat: state.you });
      const pause = step.step === 'sow' || step.step === 'hand' ? delay : delay * 2.5;
      await sleep(pause);
    }
    await sleep(delay);
  } finally {
    state.animating = false;
  }
}

// ---------- moves ----------

function myTurn() {
  const g = state.game;
  return !!g && g.status === 'playing' && !g.result && state.you !== 'spectator' && g.position.to_move === state.you;
}

function canPlay() {
  return myTurn() && !state.pending && !state.animating && state.browsing === null;
}

function legalByPit() {
  const m = new Map();
  if (!canPlay()) return m;
  for (const mv of state.game.legal || []) {
    const p = movePit(mv);
    if (!p) continue;
    if (!m.has(p)) m.set(p, []);
    m.get(p).push(mv);
  }
  return m;
}

function play(move) {
  if (!canPlay()) return;
  state.pending = { ply: state.game.moves.length, move };
  state.selected = null;
  state.dir = null;
  send({ t: 'move', ply: state.pending.ply, move });
  setStatus(t('game.pending'));
  render();
}

function resendPending() {
  const p = state.pending;
  if (!p || !state.game) return;
  if (p.ply !== state.game.moves.length || !myTurn()) {
    state.pending = null;
    return;
  }
  send({ t: 'move', ply: p.ply, move: p.move });
}

function onPit(pit, keyboard = false) {
  const moves = legalByPit().get(pit);
  if (!moves) return;
  if (state.selected === pit) {
    cancelChoice();
    return;
  }
  if (moves.length === 1) {
    play(moves[0]);
    return;
  }
  state.selected = pit;
  state.dir = null;
  const letters = [...new Set(moves.map((m) => m.slice(pit.length, pit.length + 1)))];
  if (letters.length === 1) chooseDir(letters[0]);
  else {
    render();
    if (keyboard) board.focusArrow();
  }
}

function chooseDir(dir) {
  if (dir === null) {
    cancelChoice();
    return;
  }
  const pit = state.selected;
  if (!pit) return;
  const moves = (legalByPit().get(pit) || []).filter((m) => m.slice(pit.length, pit.length + 1) === dir);
  if (moves.length === 1) {
    play(moves[0]);
    return;
  }
  if (!moves.length) return;
  state.dir = dir; // a stop and a safari move remain: ask
  render();
  const b = $('[data-role=choices] button');
  if (b) b.focus();
}

function cancelChoice() {
  const pit = state.selected;
  state.selected = null;
  state.dir = null;
  render();
  if (pit) board.focusPit(pit);
}

function renderChoices() {
  const box = $('[data-role=choices]');
  box.innerHTML = '';
  const pit = state.selected;
  if (!pit || !canPlay()) return [];
  const moves = legalByPit().get(pit) || [];
  const add = (label, fn, attrs = {}) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
    b.addEventListener('click', fn);
    box.append(b);
    return b;
  };
  const p = document.createElement('p');
  box.append(p);
  if (state.dir) {
    const stop = moves.find((m) => m === pit + state.dir);
    const safari = moves.find((m) => m === `${pit}${state.dir}+`);
    p.textContent = t('choice.safariPrompt', { move: pit + state.dir });
    if (stop) add(t('choice.stop'), () => play(stop), { 'data-action': 'safari-stop', 'data-move-choice': stop });
    if (safari) add(t('choice.safari'), () => play(safari), { 'data-action': 'safari-go', 'data-move-choice': safari });
    add(t('choice.cancel'), cancelChoice, { 'data-action': 'cancel' });
    return [];
  }
  p.textContent = t('choice.prompt', { pit });
  const letters = [...new Set(moves.map((m) => m.slice(pit.length, pit.length + 1)))].sort();
  const arrows = [];
  for (const d of letters) {
    const label = t(d === 'L' ? 'choice.left' : 'choice.right');
    arrows.push({ dir: d, label });
    add(label, () => chooseDir(d), { 'data-action': 'direction-button', 'data-dir': d });
  }
  add(t('choice.cancel'), cancelChoice, { 'data-action': 'cancel' });
  return arrows;
}

function normalizeMove(text) {
  const raw = text.trim().replace(/\s+/g, '');
  const legal = state.game ? state.game.legal || [] : [];
  if (legal.includes(raw)) return raw;
  const m = /^([abAB])([1-8])([lrLR]?)(\+?)$/.exec(raw);
  if (!m || !state.game) return raw;
  const mover = state.game.position.to_move;
  const letter = mover === 'south' ? m[1].toUpperCase() : m[1].toLowerCase();
  return `${letter}${m[2]}${m[3].toUpperCase()}${m[4]}`;
}

function onMoveInput(e) {
  e.preventDefault();
  const input = $('input[data-role=move-input]');
  const err = $('[data-role=move-error]');
  const text = input.value.trim();
  if (!text || !state.game) return;
  const move = normalizeMove(text);
  if (!myTurn()) {
    err.textContent = t('input.notYourTurn');
    return;
  }
  if (!(state.game.legal || []).includes(move)) {
    err.textContent = t('input.illegal', { move: text, list: (state.game.legal || []).join(', ') || '—' });
    return;
  }
  if (!canPlay()) return;
  err.textContent = '';
  input.value = '';
  play(move);
}

// ---------- words ----------

function sideName(side) {
  const g = state.game;
  let s = t(`side.${side}`);
  if (g && g.seats && g.seats[side] && g.seats[side].kind === 'computer') s += ` (${t('computer')})`;
  if (side === state.you) s += ` (${t('you')})`;
  return s;
}

function turnText() {
  const g = state.game;
  if (!g) return '';
  if (g.status === 'waiting') return t('game.waiting');
  if (g.result) return resultText();
  const side = g.position.to_move;
  return side === state.you ? t('game.yourTurn', { side: t(`side.${side}`) }) : t('game.toMove', { side: sideName(side) });
}

/** The result as this browser's seat sees it: "You win!", "You lose." or, for a spectator, "South wins". */
function resultHeading(r) {
  if (state.you === r.winner) return t('result.youWin');
  if (state.you !== 'spectator') return t('result.youLose');
  return t('result.wins', { side: t(`side.${r.winner}`) });
}

function resultText() {
  const r = state.game && state.game.result;
  if (!r) return '';
  return `${resultHeading(r)} ${t('result.because', { reason: reasonText(r.reason) })}`;
}

/** The stage the server names for the side to move (no label when it names none), and the takasia'd pit. */
function stageText(pos) {
  const parts = [];
  if (pos.stage) parts.push(t(`game.stage.${pos.stage}`));
  if (pos.takasia) parts.push(t('game.takasia', { pit: pos.takasia }));
  return parts.join(' · ');
}

function reasonText(reason) {
  const key = `reason.${reason}`;
  const s = t(key);
  return s === key ? t('reason.other', { reason }) : s;
}

let statusText = '';
function setStatus(text) {
  statusText = text;
  const el = $('[data-role=status]');
  if (el.textContent !== text) el.textContent = text;
}

function announce(text) {
  setStatus(text);
}

let toastTimer = null;
function toast(text) {
  const el = $('[data-role=toast]');
  el.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.textContent = '';
  }, 6000);
}

// ---------- drawing ----------

function seatFree() {
  const g = state.game;
  if (!g) return false;
  if (g.status === 'waiting') return true;
  return ['south', 'north'].some((s) => g.seats && g.seats[s] && g.seats[s].taken === false);
}

function lastMovePits() {
  const g = state.game;
  const shown = state.browsing === null ? g.moves.length : state.browsing;
  const set = new Set();
  if (shown > 0) {
    const p = movePit(g.moves[shown - 1]);
    if (p) set.add(p);
  }
  return set;
}

function render() {
  const g = state.game;
  if (!g || !board) return;
  document.body.dataset.seat = state.you;
  $('[data-role=loading]').hidden = true;
  $('[data-role=game]').hidden = false;
  board.setView(state.you === 'north' ? 'north' : 'south');
  $('[data-role=variant-name]').textContent = t(`variant.${g.variant}`);
  document.title = `${myTurn() && !state.pending ? '● ' : ''}${t(`variant.${g.variant}`)} · Bao`;
  $('[data-role=rules-link]').href = `/rules/${g.variant}.html`;
  $('[data-role=record-link]').href = `/api/games/${encodeURIComponent(gameId)}/record`;

  const viewing = state.browsing !== null;
  const pos = viewing ? state.history[state.browsing] : g.position;
  $('[data-role=stage]').textContent = stageText(pos);

  if (!state.animating) {
    const arrows = renderChoices();
    board.render(pos, { legal: viewing ? new Map() : legalByPit(), selected: state.selected, arrows: state.dir ? [] : arrows, last: lastMovePits(), seat: state.you });
  }
  // The moves this browser may play now, in the server's order (empty when it cannot move).
  $('[data-role=board]').dataset.legal = canPlay() ? (g.legal || []).join(' ') : '';

  // Players and presence.
  const bottom = state.you === 'north' ? 'north' : 'south';
  const top = other(bottom);
  const pres = state.presence || {};
  for (const [role, side] of [['player-top', top], ['player-bottom', bottom]]) {
    const el = $(`[data-role=${role}]`);
    const seatInfo = g.seats && g.seats[side];
    const taken = !seatInfo || seatInfo.taken !== false;
    const online = seatInfo && seatInfo.kind === 'computer' ? true : !!pres[side];
    el.querySelector('.dot').classList.toggle('on', taken && online);
    el.querySelector('.pname').textContent = `${sideName(side)} · ${taken ? t(online ? 'presence.online' : 'presence.offline') : t('presence.free')}`;
    el.classList.toggle('turn', !g.result && g.status === 'playing' && g.position.to_move === side);
    el.dataset.online = String(taken && online);
  }
  $('[data-role=watchers]').textContent = t('presence.watchers', { n: pres.watchers || 0 });
  $('[data-role=spectating]').hidden = state.you !== 'spectator';

  // Seats: share panel for a player while the other seat is free; Join for a visitor.
  const free = seatFree() && !g.result;
  const share = $('[data-role=share]');
  share.hidden = !(free && state.you !== 'spectator');
  if (!share.hidden) {
    const input = $('[data-role=share-link]');
    if (input.value !== shareUrl) input.value = shareUrl;
    const qr = $('[data-role=qr]');
    if (!qr.dataset.done) {
      qr.innerHTML = toSvg(encode(shareUrl, { ecl: 'M' }), 4, t('share.qr'));
      qr.dataset.done = '1';
    }
    $('[data-action=share-link]').hidden = typeof navigator.share !== 'function';
  }
  $('[data-role=joinbox]').hidden = !(free && state.you === 'spectator');

  // Result.
  const res = $('[data-role=result]');
  if (g.result) {
    res.hidden = false;
    res.dataset.winner = g.result.winner;
    const r = g.result;
    res.innerHTML = '';
    const strong = document.createElement('strong');
    strong.textContent = resultHeading(r);
    const why = document.createElement('span');
    why.textContent = `${t('result.wins', { side: t(`side.${r.winner}`) })}. ${t('result.because', { reason: reasonText(r.reason) })}`;
    res.append(strong, why);
  } else {
    res.hidden = true;
    delete res.dataset.winner;
  }

  // Actions.
  const player = state.you !== 'spectator';
  const resign = $('[data-action=resign]');
  resign.hidden = !(player && g.status === 'playing' && !g.result);
  const rematch = $('[data-action=rematch]');
  rematch.hidden = !(player && g.result);
  rematch.disabled = state.rematch.mine && !state.rematch.theirs;
  rematch.textContent = t(state.rematch.theirs ? 'rematch.accept' : 'rematch.offer');
  $('[data-role=rematch-text]').textContent = !player || !g.result ? '' : state.rematch.theirs ? t('rematch.theyOffer') : state.rematch.mine ? t('rematch.offered') : '';
  const rl = $('[data-role=rematch-link]');
  rl.hidden = !state.rematch.game;
  if (state.rematch.game) rl.href = `/g/${encodeURIComponent(state.rematch.game)}`;

  // Move list.
  renderMoves();
  const vb = $('[data-role=viewing]');
  vb.hidden = state.browsing === null;
  if (state.browsing !== null) {
    $('[data-role=viewing-text]').textContent = state.browsing === 0 ? t('moves.start') : t('moves.viewing', { n: state.browsing, move: g.moves[state.browsing - 1] });
  }

  $('[data-role=legend-nyumba]').hidden = !(g.variant === 'kiswahili' || g.variant === 'kiswahili-malawi');
  const input = $('input[data-role=move-input]');
  const example = g.variant === 'kimasai' ? 'B4' : 'A6L';
  input.placeholder = t('input.placeholder').replace('A6L', example);
  if (!state.pending && !state.animating) {
    const want = g.result ? resultText() : turnText();
    if (statusText !== want && !statusText.endsWith(want)) setStatus(want);
  }
}

function renderMoves() {
  const g = state.game;
  const list = $('[data-role=moves]');
  const want = g.moves.length;
  const current = state.browsing === null ? want : state.browsing;
  if (list.dataset.n !== String(want) || list.dataset.cur !== String(current) || list.dataset.lang !== document.documentElement.lang) {
    list.innerHTML = '';
    g.moves.forEach((mv, i) => {
      if (i % 2 === 0) {
        const num = document.createElement('li');
        num.className = 'num';
        num.setAttribute('aria-hidden', 'true');
        num.textContent = `${i / 2 + 1}.`;
        list.append(num);
      }
      const li = document.createElement('li');
      li.className = 'mv';
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = mv;
      li.dataset.move = mv;
      li.dataset.ply = String(i);
      b.setAttribute('aria-label', `${i + 1}. ${t(`side.${i % 2 === 0 ? 'south' : 'north'}`)} ${mv}`);
      if (i + 1 === current) li.classList.add('current');
      b.addEventListener('click', () => browse(i + 1));
      li.append(b);
      list.append(li);
    });
    list.dataset.n = String(want);
    list.dataset.cur = String(current);
    list.dataset.lang = document.documentElement.lang;
    const cur = list.querySelector('.current');
    if (cur && state.browsing === null) list.scrollTop = list.scrollHeight;
  }
  $('[data-role=moves-empty]').hidden = want > 0;
}

function browse(ply) {
  const g = state.game;
  if (!g || state.animating) return;
  ply = Math.max(0, Math.min(g.moves.length, ply));
  state.browsing = ply === g.moves.length ? null : ply;
  state.selected = null;
  state.dir = null;
  render();
}

// ---------- start ----------

async function joinGame() {
  const btn = $('[data-action=join]');
  btn.disabled = true;
  try {
    const data = await takeSeat(gameId);
    storeToken(gameId, data.token, data.seat, false);
    seat = loadToken(gameId);
    connection.token = data.token;
    await refetch(true);
    connection.connect(); // a new socket whose hello carries the seat token
  } catch {
    $('[data-role=join-error]').textContent = t('join.failed');
    await refetch(true);
  } finally {
    btn.disabled = false;
    render();
  }
}

function wire() {
  board = new Board($('[data-role=board]'), { onPit, onArrow: chooseDir });
  $('[data-role=move-form]').addEventListener('submit', onMoveInput);
  $('input[data-role=move-input]').addEventListener('input', () => {
    $('[data-role=move-error]').textContent = '';
  });
  $('[data-action=join]').addEventListener('click', joinGame);
  $('[data-action=resign]').addEventListener('click', () => {
    if (!send({ t: 'resign' })) toast(t('conn.reconnecting'));
  });
  $('[data-action=rematch]').addEventListener('click', () => {
    if (send({ t: 'rematch' })) {
      state.rematch.mine = true;
      render();
    }
  });
  $('[data-action=live]').addEventListener('click', () => browse(Infinity));
  $('[data-action=hist-first]').addEventListener('click', () => browse(0));
  $('[data-action=hist-prev]').addEventListener('click', () => browse((state.browsing ?? state.game.moves.length) - 1));
  $('[data-action=hist-next]').addEventListener('click', () => browse((state.browsing ?? state.game.moves.length) + 1));
  $('[data-action=hist-last]').addEventListener('click', () => browse(Infinity));
  $('[data-action=copy-link]').addEventListener('click', async () => {
    const out = $('[data-role=copy-status]');
    try {
      await navigator.clipboard.writeText(shareUrl);
      out.textContent = t('share.copied');
    } catch {
      const input = $('[data-role=share-link]');
      input.select();
      let ok = false;
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
      out.textContent = t(ok ? 'share.copied' : 'share.copyFailed');
    }
  });
  $('[data-action=share-link]').addEventListener('click', () => {
    navigator.share({ title: 'Bao', text: t('share.shareText'), url: shareUrl }).catch(() => {});
  });
  const sp = $('select[name=speed]');
  const saved = safeGet('bao.speed');
  if (saved && SPEEDS[saved]) sp.value = saved;
  sp.addEventListener('change', () => safeSet('bao.speed', sp.value));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && state.selected) cancelChoice();
  });
  onLanguage(() => {
    const qr = $('[data-role=qr]');
    delete qr.dataset.done;
    statusText = '';
    render();
  });
}

async function main() {
  wire();
  await initPage();
  if (!gameId) {
    $('[data-role=loading]').hidden = true;
    $('[data-role=notfound]').hidden = false;
    return;
  }
  try {
    const snap = await fetchSnapshot(gameId);
    if (!snap) {
      $('[data-role=loading]').hidden = true;
      $('[data-role=notfound]').hidden = false;
      return;
    }
    applySnapshot(snap, true);
    if (seat && seat.seat) state.you = seat.seat; // provisional: the server's welcome confirms it
    render();
  } catch {
    /* the socket brings the snapshot */
  }
  connection.start();
}

main();
