// Players made over the API (POST /api/players: a key each, used as `Authorization: Bearer KEY`), a browser context
// that is one of them (the key as its cookie, the marker web/api.js looks for in localStorage), games they create
// and join, and rated games between two of them played to a result over the sockets (from a page on the server's
// origin: node 20 has no WebSocket of its own).
import { api } from './harness.mjs';

/** A new player named `name`: `{ id, name, key }`. */
export async function newPlayer(base, name) {
  const r = await api(base, '/api/players', { method: 'POST', body: JSON.stringify({ name }) });
  if (r.status !== 201) throw new Error(`POST /api/players ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** `path` asked as `player` (`body`: POSTed, or sent with `method`). */
export function asPlayer(base, player, path, { method, body } = {}) {
  return api(base, path, {
    method: method || (body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${player.key}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Makes the browser context `ctx` act as `player` on `base`: its cookie, and the marker that says it has one. */
export async function becomePlayer(ctx, base, player) {
  await ctx.addCookies([{ name: 'bao_player', value: player.key, url: base, httpOnly: true, sameSite: 'Lax' }]);
  // Once a tab: a page that deletes or forgets the player must find the marker gone after a reload.
  await ctx.addInitScript((id) => {
    if (sessionStorage.getItem('bao.test.player') === id) return;
    sessionStorage.setItem('bao.test.player', id);
    localStorage.setItem('bao.player', id);
  }, player.id);
}

/** A game created by `player` (`opts`: POST /api/games's body) and, when `joiner` is given, joined by them. */
export async function playerGame(base, player, opts, joiner) {
  const r = await asPlayer(base, player, '/api/games', { body: { variant: 'kujifunza', opponent: 'friend', seat: 'south', ...opts } });
  if (r.status !== 201) throw new Error(`POST /api/games: ${r.status} ${JSON.stringify(r.body)}`);
  const game = r.body;
  if (joiner) {
    const j = await asPlayer(base, joiner, `/api/games/${game.id}/join`, { body: {} });
    if (j.status !== 200 && j.status !== 201) throw new Error(`join ${game.id}: ${j.status} ${JSON.stringify(j.body)}`);
    game.joined = j.body;
  }
  return game;
}

/**
 * A rated game between `winner` and `loser`: the winner's rated seek (correspondence, so that it stays without a
 * lobby socket of the page's), accepted by the loser; `plies` moves (the first legal one each time), then the loser
 * resigns (unless `resign` is false). Run in `page` (on the server's origin). Resolves to `{ game, ended, winnerSeat,
 * loserSeat, tokens }`: the game's id, the `ended` event (with `ratings` once the server rates games), the seats and
 * both seat tokens by side.
 */
export async function ratedGame(page, { winner, loser, variant = 'kujifunza', plies = 2, resign = true }) {
  return page.evaluate(
    async ({ winner, loser, variant, plies, resign }) => {
      const origin = location.origin;
      const ws = (path) => new WebSocket(`${origin.replace(/^http/, 'ws')}${path}`);
      const post = async (path, key, body) => {
        const r = await fetch(origin + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        });
        const data = await r.json().catch(() => null);
        if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(data)}`);
        return data;
      };
      /** Resolves with the first message of `socket` that `pick` returns something for. */
      const next = (socket, pick, what) =>
        new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error(`no ${what} within 10 s`)), 10000);
          const on = (e) => {
            const m = JSON.parse(e.data);
            if (m.t === 'error' && m.code !== 'rate_limited') {
              clearTimeout(timer);
              socket.removeEventListener('message', on);
              rej(new Error(`${what}: error ${m.code}`));
              return;
            }
            const v = pick(m);
            if (v !== undefined) {
              clearTimeout(timer);
              socket.removeEventListener('message', on);
              res(v);
            }
          };
          socket.addEventListener('message', on);
        });
      const lobby = ws('/ws/lobby');
      await new Promise((r) => lobby.addEventListener('open', r, { once: true }));
      const seeks = next(lobby, (m) => (m.t === 'seeks' ? m : undefined), 'seeks');
      lobby.send(JSON.stringify({ t: 'hello', player: winner.key }));
      await seeks;
      const paired = next(lobby, (m) => (m.t === 'paired' ? m : undefined), 'paired');
      const seek = await post('/api/seeks', winner.key, { variant, clock: { kind: 'correspondence', days: 3 }, seat: 'random', rated: true });
      const took = await post(`/api/seeks/${seek.id}/accept`, loser.key, {});
      const mine = await paired;
      lobby.close();
      const game = took.game;
      const seats = { [mine.seat]: mine.token, [took.seat]: took.token };
      const sockets = {};
      for (const side of ['south', 'north']) {
        const s = ws(`/ws/${game}`);
        await new Promise((r) => s.addEventListener('open', r, { once: true }));
        const welcome = next(s, (m) => (m.t === 'welcome' ? m : undefined), 'welcome');
        s.send(JSON.stringify({ t: 'hello', token: seats[side], v: 0 }));
        await welcome;
        sockets[side] = s;
      }
      for (let ply = 0; ply < plies; ply++) {
        const snap = await (await fetch(`${origin}/api/games/${game}`, { cache: 'no-store' })).json();
        const side = snap.position.to_move;
        const moved = next(sockets[side], (m) => (m.t === 'moved' && m.ply === ply ? m : undefined), 'moved');
        sockets[side].send(JSON.stringify({ t: 'move', ply, move: snap.legal[0] }));
        await moved;
      }
      let end = null;
      if (resign) {
        const ended = next(sockets[mine.seat], (m) => (m.t === 'ended' ? m : undefined), 'ended');
        sockets[took.seat].send(JSON.stringify({ t: 'resign' }));
        end = await ended;
      }
      for (const s of Object.values(sockets)) s.close();
      return { game, ended: end, winnerSeat: mine.seat, loserSeat: took.seat, tokens: seats };
    },
    { winner, loser, variant, plies, resign },
  );
}
