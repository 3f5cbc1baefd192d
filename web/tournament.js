// A tournament's page, `/t/{id}` (ui.md, "Additions of the third wave"): its state, its standings best first
// (`[data-role=standings]`, a row per player with a link to their profile), its games, and Join / Withdraw for
// this browser's player. It follows the tournament every few seconds; when the tournament pairs this player
// (the lobby's socket says `paired` with the tournament's id) the seat's token is kept as for any game and the
// game opens by itself.
import { $, initPage, ensurePlayer, currentPlayer, onPlayer } from '/common.js';
import { ApiError, fetchTournament, fetchTournamentMe, joinTournament, withdrawTournament } from '/api.js';
import { storeToken } from '/shared/store.js';
import { t, onLanguage } from '/i18n.js';
import { tournamentName, tournamentState } from '/shared/tournament-words.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const FOLLOW_MS = 3000;
/** @type {any} */
let view = null;
/** @type {{ joined: boolean, game?: string, seat?: string, token?: string, bye?: number } | null} */
let me = null;
/** The games of this player shown on this page so far: a new one (a pairing the socket did not tell) opens. */
let shownGames = /** @type {Set<string> | null} */ (null);

function score(line) {
  return view?.kind === 'swiss' ? String(line.score).replace('.5', '\u00bd').replace(/^0\u00bd/, '\u00bd') : String(line.score);
}

function render() {
  if (!view) return;
  $('[data-role=tournament-title]').textContent = tournamentName(view);
  document.title = `${tournamentName(view)} \u00b7 Bao`;
  $('[data-role=tournament-info]').textContent = t('tournaments.players', { n: view.players });
  $('[data-role=tournament-status]').textContent = tournamentState(view);
  document.body.dataset.status = view.status;
  const rows = view.standings.map((line, i) => {
    const tr = document.createElement('tr');
    if (!line.active) tr.className = 'withdrawn';
    const rank = document.createElement('td');
    rank.className = 'rank';
    rank.textContent = String(i + 1);
    const who = document.createElement('td');
    const a = document.createElement('a');
    a.href = `/@/${encodeURIComponent(line.player.id)}`;
    a.dataset.player = line.player.id;
    a.textContent = line.player.name;
    who.append(a);
    if (line.on_streak) {
      const fire = document.createElement('span');
      fire.className = 'streak';
      fire.textContent = ` ${t('tournaments.streak')}`;
      who.append(fire);
    }
    const pts = document.createElement('td');
    pts.className = 'num';
    pts.textContent = score(line);
    const games = document.createElement('td');
    games.className = 'num';
    games.textContent = String(line.games);
    tr.append(rank, who, pts, games);
    return tr;
  });
  $('[data-role=standings] tbody').replaceChildren(...rows);
  $('[data-role=standings-empty]').hidden = rows.length > 0;
  const games = [...view.games].reverse().map((g, i) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/g/${encodeURIComponent(g)}`;
    a.dataset.game = g;
    a.textContent = t('tournaments.gameN', { number: view.games.length - i });
    li.append(a);
    return li;
  });
  $('[data-role=tournament-games]').replaceChildren(...games);
  $('[data-role=games-empty]').hidden = games.length > 0;
  const over = view.status === 'finished';
  const joined = Boolean(me?.joined);
  $('[data-action=join-tournament]').hidden = over || joined;
  $('[data-action=withdraw-tournament]').hidden = over || !joined;
  const mine = $('[data-role=my-game]');
  mine.hidden = !me?.game;
  if (me?.game) /** @type {HTMLAnchorElement} */ (mine).href = `/g/${encodeURIComponent(me.game)}`;
  // A Swiss bye: a point without a game this round, and nothing to wait for but the next round.
  $('[data-role=my-bye]').hidden = over || !me?.bye || me.bye !== view.round;
}

function fail(e) {
  const box = $('[data-role=tournament-error]');
  const code = e instanceof ApiError ? e.code : 'network';
  box.textContent = code === 'not_found' ? t('tournaments.noSuch') : code === 'gone' ? t('tournaments.closed') : t('tournaments.failed', { code });
  box.hidden = false;
}

async function load() {
  try {
    view = await fetchTournament(id);
    if (currentPlayer()) {
      me = await fetchTournamentMe(id);
      // A game of this tournament being played: its seat is kept, so the link opens it seated.
      if (me?.game && me.token) storeToken(me.game, me.token, me.seat || 'south');
      if (me?.game && shownGames && !shownGames.has(me.game)) {
        location.assign(`/g/${encodeURIComponent(me.game)}`);
        return;
      }
      shownGames ??= new Set();
      if (me?.game) shownGames.add(me.game);
    }
    $('[data-role=tournament-error]').hidden = true;
    render();
  } catch (e) {
    fail(e);
  }
}

/** The lobby's socket, said hello as this player: it tells of this tournament's pairings at once. */
function listen() {
  if (!currentPlayer()) return;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const sock = new WebSocket(`${proto}//${location.host}/ws/lobby`);
  sock.onopen = () => sock.send(JSON.stringify({ t: 'hello' }));
  sock.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (msg.t === 'paired' && msg.tournament === id) {
      storeToken(msg.game, msg.token, msg.seat);
      location.assign(`/g/${encodeURIComponent(msg.game)}`);
    }
  };
  sock.onclose = () => setTimeout(listen, FOLLOW_MS);
}

async function act(what) {
  try {
    await ensurePlayer();
    await (what === 'join' ? joinTournament(id) : withdrawTournament(id));
    if (what === 'join') listen();
    await load();
  } catch (e) {
    fail(e);
  }
}

onLanguage(render);
await initPage();
$('[data-action=join-tournament]').addEventListener('click', () => act('join'));
$('[data-action=withdraw-tournament]').addEventListener('click', () => act('withdraw'));
onPlayer(() => load());
await load();
listen();
setInterval(() => {
  if (view?.status !== 'finished' && document.visibilityState === 'visible') load();
}, FOLLOW_MS);
