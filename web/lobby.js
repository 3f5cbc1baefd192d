// The home page's lobby (docs/protocol.md, "Lobby and quick pairing"): the open seeks, live over the lobby's
// WebSocket; a seek made from the page's selects, withdrawn, or another's accepted; quick pairing, one button per
// live clock of the chosen variant. Seeking and pairing need a player: the first click makes one (a name the
// server gives, which the header's rename changes), still without registration. When a game is made for this
// browser (its seek accepted, or a pool pairing) the seat's token is kept as for any game and the game opens.
import { $, ensurePlayer, currentPlayer, onPlayer } from '/common.js';
import { request, ApiError } from '/api.js';
import { t, onLanguage } from '/i18n.js';
import { storeToken } from '/shared/store.js';
import { controlName, controlValue, parseControl } from '/shared/clock-format.js';

const variantSel = /** @type {HTMLSelectElement} */ ($('select[name=variant]'));
const clockSel = /** @type {HTMLSelectElement} */ ($('select[name=clock]'));
const seatSel = /** @type {HTMLSelectElement} */ ($('select[name=seat]'));
const ratedSel = /** @type {HTMLSelectElement} */ ($('select[name=rated]'));
const list = /** @type {HTMLElement} */ ($('[data-role=lobby]'));
const empty = /** @type {HTMLElement} */ ($('[data-role=lobby-empty]'));
const quick = /** @type {HTMLElement} */ ($('[data-role=quick-pair-buttons]'));
const pairing = /** @type {HTMLElement} */ ($('[data-role=pairing]'));
const pairingWait = /** @type {HTMLElement} */ ($('[data-role=pairing-wait]'));
const offerComputer = /** @type {HTMLButtonElement} */ ($('[data-action=pairing-computer]'));
const message = /** @type {HTMLElement} */ ($('[data-role=lobby-message]'));
/** The play box's message, next to the quick pairing buttons (the lobby's is further down the page). */
const playMessage = /** @type {HTMLElement} */ ($('[data-role=message]'));

/** Seconds of waiting alone in a pool after which the computer is offered instead. */
const OFFER_COMPUTER_S = 30;

/** @type {Map<string, any>} the open seeks by id, in the order the server gave */
let seeks = new Map();
/** @type {WebSocket | null} */
let socket = null;
/** Whether the open socket said hello as this browser's player (else it only watches). */
let socketIsPlayer = false;
/** Resolves once the socket has had its `seeks` (its hello was taken). */
let ready = Promise.resolve();
let retryMs = 500;
/** @type {{ variant: string, clock: string, since: number } | null} the pool this page waits in */
let waitingIn = null;
let waitTimer = 0;

function say(key, vars, box = message) {
  box.textContent = key ? t(key, vars) : '';
}

/** Opens (or reopens) the lobby's socket; the player's cookie goes with it, so its hello names the player. */
function connect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const sock = new WebSocket(`${proto}//${location.host}/ws/lobby`);
  socket = sock;
  socketIsPlayer = Boolean(currentPlayer());
  let done = () => {};
  ready = new Promise((resolve) => (done = resolve));
  sock.onopen = () => sock.send(JSON.stringify({ t: 'hello' }));
  sock.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
    if (msg.t === 'seeks') {
      retryMs = 500;
      done();
    }
  };
  sock.onclose = () => {
    if (socket !== sock) return;
    socket = null;
    // A pool place goes with the socket: the page waits no more (the player may click again).
    if (waitingIn) stopWaiting();
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 15000);
  };
}

/** The socket, open and said hello as the player (reopened when the player was made after it opened). */
async function playerSocket() {
  await ensurePlayer();
  if (!socket || !socketIsPlayer) connect();
  await ready;
  return /** @type {WebSocket} */ (socket);
}

function onMessage(msg) {
  switch (msg.t) {
    case 'seeks':
      seeks = new Map(msg.seeks.map((s) => [s.id, s]));
      render();
      break;
    case 'seek_added':
      seeks.set(msg.seek.id, msg.seek);
      render();
      break;
    case 'seek_removed':
      seeks.delete(msg.id);
      render();
      break;
    case 'paired':
      storeToken(msg.game, msg.token, msg.seat, true);
      location.assign(`/g/${encodeURIComponent(msg.game)}`);
      break;
    case 'pooled':
      break;
    case 'unpooled':
      stopWaiting();
      break;
    case 'error': {
      const box = waitingIn ? playMessage : message;
      if (msg.code === 'rate_limited') say('lobby.tooMany', {}, box);
      else if (msg.code !== 'no_player') say('lobby.failed', { msg: msg.message }, box);
      if (waitingIn && msg.code !== 'no_player') stopWaiting();
      break;
    }
  }
}

/** The seeks as a list: each with its player (as text), game, clock, and a button to accept or withdraw. */
function render() {
  const me = currentPlayer();
  list.replaceChildren();
  for (const s of seeks.values()) {
    const li = document.createElement('li');
    li.dataset.seek = s.id;
    li.dataset.variant = s.variant;
    li.dataset.clock = controlValue(s.clock);
    li.dataset.rated = String(Boolean(s.rated));
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = s.player.name;
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = [t(`variant.${s.variant}`), controlName(s.clock), t(s.rated ? 'lobby.rated' : 'lobby.casual')].join(' · ');
    const own = Boolean(me && s.player.id === me.id);
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = own ? 'withdraw-seek' : 'accept-seek';
    button.textContent = t(own ? 'lobby.withdraw' : 'lobby.accept');
    if (!own) button.className = 'primary';
    button.addEventListener('click', () => (own ? withdraw(s.id) : accept(s.id)));
    li.append(who, what, button);
    list.append(li);
  }
  empty.hidden = seeks.size > 0;
}

async function createSeek() {
  say('');
  try {
    await playerSocket();
    await request('/api/seeks', {
      body: {
        variant: variantSel.value,
        clock: parseControl(clockSel.value),
        seat: seatSel.value,
        rated: ratedSel.value === 'true',
      },
    });
  } catch (e) {
    say(e instanceof ApiError && e.code === 'rate_limited' ? 'lobby.tooMany' : 'lobby.failed', { msg: e.message });
  }
}

async function withdraw(id) {
  say('');
  try {
    await request(`/api/seeks/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'gone')) say('lobby.failed', { msg: e.message });
  }
}

async function accept(id) {
  say('');
  try {
    await ensurePlayer();
    const { data } = await request(`/api/seeks/${encodeURIComponent(id)}/accept`, { body: {} });
    storeToken(data.game, data.token, data.seat, false);
    location.assign(`/g/${encodeURIComponent(data.game)}`);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'gone') {
      say('lobby.gone');
      seeks.delete(id);
      render();
    } else say('lobby.failed', { msg: e.message });
  }
}

/** One quick-pairing button per live clock of the clock select, for the chosen variant. */
function renderQuick() {
  quick.replaceChildren();
  for (const o of clockSel.options) {
    if (!o.value.startsWith('live:')) continue;
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.action = 'quick-pair';
    b.dataset.variant = variantSel.value;
    b.dataset.clock = o.value;
    b.textContent = controlName(parseControl(o.value));
    b.addEventListener('click', () => quickPair(b.dataset.variant || '', o.value));
    quick.append(b);
  }
}

async function quickPair(variant, clock) {
  say('', {}, playMessage);
  try {
    const sock = await playerSocket();
    sock.send(JSON.stringify({ t: 'pool_join', variant, clock: parseControl(clock), rated: ratedSel.value === 'true' }));
    waitingIn = { variant, clock, since: Date.now() };
    pairing.hidden = false;
    offerComputer.hidden = true;
    tickWait();
    clearInterval(waitTimer);
    waitTimer = window.setInterval(tickWait, 1000);
  } catch (e) {
    say('lobby.failed', { msg: e.message }, playMessage);
  }
}

function tickWait() {
  if (!waitingIn) return;
  const s = Math.floor((Date.now() - waitingIn.since) / 1000);
  pairingWait.textContent = t('lobby.waiting', {
    game: t(`variant.${waitingIn.variant}`),
    clock: controlName(parseControl(waitingIn.clock)),
    s,
  });
  offerComputer.hidden = s < OFFER_COMPUTER_S;
}

function stopWaiting() {
  waitingIn = null;
  clearInterval(waitTimer);
  pairing.hidden = true;
}

function cancelPairing() {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ t: 'pool_leave' }));
  stopWaiting();
}

/** Waited long enough: the same game and clock against the computer. */
async function playComputerInstead() {
  if (!waitingIn) return;
  const { variant, clock } = waitingIn;
  cancelPairing();
  try {
    const { data } = await request('/api/games', {
      body: { variant, clock: parseControl(clock), opponent: 'computer', level: 'medium', seat: 'random' },
    });
    storeToken(data.id, data.token, data.seat, true);
    location.assign(data.url || `/g/${encodeURIComponent(data.id)}`);
  } catch (e) {
    say('lobby.failed', { msg: e.message }, playMessage);
  }
}

/** Starts the lobby on the home page. */
export function startLobby() {
  $('[data-action=create-seek]').addEventListener('click', createSeek);
  $('[data-action=cancel-pairing]').addEventListener('click', cancelPairing);
  offerComputer.addEventListener('click', playComputerInstead);
  variantSel.addEventListener('change', renderQuick);
  onLanguage(() => {
    renderQuick();
    render();
    tickWait();
  });
  // Whose seeks are whose is known once the player is.
  onPlayer(render);
  // Rated by default for a player who keeps their player with a passkey (until the select is changed by hand).
  let ratedChosen = false;
  ratedSel.addEventListener('change', () => {
    ratedChosen = true;
  });
  onPlayer((me) => {
    if (!ratedChosen && me) ratedSel.value = me.passkeys > 0 ? 'true' : 'false';
  });
  renderQuick();
  connect();
}
