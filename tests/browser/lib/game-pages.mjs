// Bringing a game page to a state: as a player (the creator's seat token in localStorage) or as a visitor, a
// move typed, a resignation sent over the game's socket.
import { api } from './harness.mjs';

/** Keeps `game`'s seat token in the page's localStorage (the page must be on the server's origin); null: none. */
export async function setSeat(page, game) {
  await page.evaluate((g) => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('bao.seat.')) localStorage.removeItem(k);
    if (g) localStorage.setItem(`bao.seat.${g.id}`, JSON.stringify({ token: g.token, seat: g.seat }));
  }, game);
}

/** Opens `game` as its creator (`asPlayer`) or as a visitor, and waits for its socket. */
export async function openGame(page, base, game, asPlayer) {
  if (!page.url().startsWith(base)) await page.goto(`${base}/`);
  await setSeat(page, asPlayer ? game : null);
  await page.goto(base + game.url);
  await page.waitForSelector('[data-role=connection][data-state=open]');
  await page.waitForSelector('[data-pit=A1]');
}

/** Types the server's first legal move until `game` has `plies` moves (a computer answers in between). */
export async function playTyped(page, base, game, plies) {
  for (;;) {
    const { body: snap } = await api(base, `/api/games/${game.id}`);
    if (snap.moves.length >= plies) break;
    await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    const n = (await api(base, `/api/games/${game.id}`)).body;
    await page.fill('input[data-role=move-input]', n.legal[0]);
    await page.press('input[data-role=move-input]', 'Enter');
    await page.waitForFunction((k) => document.querySelectorAll('[data-role=moves] [data-move]').length > k, n.moves.length);
  }
  await page.waitForFunction(() => !document.body.hasAttribute('data-animating'));
}

/** Resigns `game` for its creator over a socket of its own, opened from the page (same origin). */
export async function resignOver(page, game) {
  const outcome = await page.evaluate(
    ({ id, token }) =>
      new Promise((res) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/${id}`);
        ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', token, v: 0 }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.t === 'welcome') ws.send(JSON.stringify({ t: 'resign' }));
          if (m.t === 'ended' || m.t === 'error') {
            ws.close();
            res(m.t === 'ended' ? m.result.reason : m.code);
          }
        };
        ws.onerror = () => res('socket error');
      }),
    game,
  );
  if (outcome !== 'resign') throw new Error(`resigning ${game.id}: ${outcome}`);
}

/** A pit whose legal moves go both ways, so that picking it asks for a direction. */
export async function directionPit(page) {
  const legal = (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ');
  const pit = legal.map((m) => /^[ABab][1-8]/.exec(m)[0]).find((p) => legal.includes(`${p}L`) && legal.includes(`${p}R`));
  if (!pit) throw new Error(`no pit with both directions among ${legal.join(' ')}`);
  return pit;
}

/**
 * Plays `game` (a game against a friend, both seats known: `seats.south`, `seats.north`) up to `plies` moves over
 * sockets opened from the page (same origin): each move the `(i * step) % n`-th of the server's legal moves, sent
 * by the side to move. Returns the moves played.
 */
export async function playOver(page, seats, plies, step = 0) {
  return page.evaluate(
    async ({ seats, plies, step }) => {
      const id = seats.south.id;
      const open = (seat) =>
        new Promise((res, rej) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/${id}`);
          ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', token: seats[seat].token, v: 0 }));
          ws.onmessage = (e) => {
            if (JSON.parse(e.data).t === 'welcome') res(ws);
          };
          ws.onerror = () => rej(new Error(`socket of ${seat}`));
        });
      const sockets = { south: await open('south'), north: await open('north') };
      try {
        for (;;) {
          const snap = await (await fetch(`/api/games/${id}`)).json();
          if (snap.moves.length >= plies || snap.status !== 'playing') return snap.moves;
          const ply = snap.moves.length;
          const move = snap.legal[(ply * step) % snap.legal.length];
          const ws = sockets[snap.position.to_move];
          await new Promise((res, rej) => {
            ws.onmessage = (e) => {
              const m = JSON.parse(e.data);
              if (m.t === 'moved' && m.ply === ply) res();
              if (m.t === 'error') rej(new Error(`${move}: ${m.code}`));
            };
            ws.send(JSON.stringify({ t: 'move', ply, move }));
          });
        }
      } finally {
        sockets.south.close();
        sockets.north.close();
      }
    },
    { seats, plies, step },
  );
}

/** A game against a friend between two seats this test holds: { south, north }, each { id, token, seat, url }. */
export async function friendGame(base, variant) {
  const { body: g } = await api(base, '/api/games', { method: 'POST', body: JSON.stringify({ variant, opponent: 'friend', seat: 'south' }) });
  const { body: j } = await api(base, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  return { south: g, north: { ...g, token: j.token, seat: j.seat } };
}
