// End-to-end: the real server and Debian's chromium; two players play a whole game by clicking.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { startServer, launchBrowser, api, pageState, pitCounts, waitInSync } from '../lib/harness.mjs';

let server;
let browser;
const contexts = [];
// Script errors on any page, and traces whose replay does not give the server's position, fail the run.
const problems = [];

async function newPage(opts = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...opts });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'warning' && /trace replay/.test(m.text())) problems.push(m.text());
  });
  return page;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors and every move trace replays to the server position');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

function gameIdOf(page) {
  return new URL(page.url()).pathname.split('/')[2];
}

/** Plays the page's first legal move through the board: the pit, then an arrow or a choice if asked. */
async function clickFirstLegal(page, prefer = () => false) {
  const legal = (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ').filter(Boolean);
  assert.ok(legal.length > 0, 'the player to move has legal moves');
  const move = legal.find(prefer) || legal[0];
  const pit = /^[ABab][1-8]/.exec(move)[0];
  await page.click(`[data-pit=${pit}]`);
  const dir = move.slice(pit.length, pit.length + 1);
  if (dir && (await page.locator(`svg .arrow[data-dir=${dir}]`).count())) {
    await page.click(`svg .arrow[data-dir=${dir}]`);
  }
  if (await page.locator(`[data-move-choice="${move}"]`).count()) {
    // The nyumba decision carries ui.md's data-safari: yes for safari (+), no for the stop.
    assert.equal(await page.getAttribute(`[data-move-choice="${move}"]`, 'data-safari'), move.endsWith('+') ? 'yes' : 'no');
    await page.click(`[data-move-choice="${move}"]`);
  }
  return move;
}

/**
 * Waits until the server has played `n` moves of game `id` (or the game is over). A click sends a move that the page
 * keeps pending until the server's event: comparing the pages with the server before the server has the move
 * would find them "in sync" one move early, and the next turn would be waited for on the wrong page.
 */
async function waitForServerMoves(id, n, timeout = 20000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { body: snap } = await api(server.url, `/api/games/${id}`);
    if (snap.moves.length >= n || snap.result) return snap;
    if (Date.now() > deadline) throw new Error(`the server has ${snap.moves.length} moves of game ${id}, not ${n}, after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function decodeQr(page) {
  const img = await page.evaluate(async () => {
    // The server's SVG (GET /g/{id}/qr.svg), as the page shows it.
    const im = document.querySelector('[data-role=qr] img');
    await im.decode();
    const c = document.createElement('canvas');
    c.width = c.height = 330;
    const g = c.getContext('2d');
    g.imageSmoothingEnabled = false;
    g.drawImage(im, 0, 0, 330, 330);
    return Array.from(g.getImageData(0, 0, 330, 330).data);
  });
  const r = jsQR(Uint8ClampedArray.from(img), 330, 330);
  return r && r.data;
}

test('two players play a whole Bao la Kujifunza game by clicking; reload, spectator and server agree', async () => {
  const a = await newPage();
  await a.goto(server.url + '/');
  await a.selectOption('select[name=variant]', 'kujifunza');
  await a.click('[data-action=play-friend]');
  await a.waitForURL(/\/g\//);
  const id = gameIdOf(a);
  // The seat token stays out of the URL and in localStorage.
  assert.ok(!/token/i.test(a.url()));
  const stored = await a.evaluate((gid) => localStorage.getItem(`bao.seat.${gid}`), id);
  assert.ok(stored && JSON.parse(stored).token);

  await a.waitForSelector('[data-role=connection][data-state=open]');
  const link = await a.inputValue('[data-role=share-link]');
  assert.equal(link, `${server.url}/g/${id}`);
  await a.waitForSelector('[data-role=qr] img');
  assert.equal(await decodeQr(a), link, 'the QR code holds the share link');
  const seatA = await a.getAttribute('body', 'data-seat');
  assert.ok(['south', 'north'].includes(seatA));
  await a.selectOption('select[name=speed]', 'fast');

  // The friend opens the link: a Join button, no seat taken until it is pressed.
  const b = await newPage({ reducedMotion: 'reduce' });
  await b.goto(link);
  await b.waitForSelector('[data-action=join]', { state: 'visible' });
  assert.equal(await b.getAttribute('body', 'data-seat'), 'spectator');
  let snap = (await api(server.url, `/api/games/${id}`)).body;
  assert.equal(snap.status, 'waiting');
  await b.click('[data-action=join]');
  await b.waitForFunction((s) => document.body.dataset.seat === s, seatA === 'south' ? 'north' : 'south');
  await b.waitForSelector('[data-role=connection][data-state=open]');
  await a.waitForSelector('[data-role=share]', { state: 'hidden' });

  // A third browser watches.
  const c = await newPage();
  await c.goto(link);
  await c.waitForSelector('[data-role=connection][data-state=open]');
  assert.equal(await c.getAttribute('body', 'data-seat'), 'spectator');
  assert.equal(await c.locator('[data-action=join]').isVisible(), false);

  const pages = { [seatA]: a, [seatA === 'south' ? 'north' : 'south']: b };
  for (const p of [a, b, c]) await waitInSync(p, server.url, id);
  // Both players see who is online.
  await a.waitForFunction(() => [...document.querySelectorAll('.player')].every((e) => e.dataset.online === 'true'));

  let plies = 0;
  let reloaded = false;
  for (;;) {
    snap = (await api(server.url, `/api/games/${id}`)).body;
    if (snap.result) break;
    assert.ok(plies < 400, 'the game ends');
    const mover = pages[snap.position.to_move];
    await mover.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    const move = await clickFirstLegal(mover);
    assert.equal(move, snap.legal[0]);
    plies++;
    await waitForServerMoves(id, snap.moves.length + 1);
    for (const p of [a, b]) await waitInSync(p, server.url, id);
    if (plies === 5 && !reloaded) {
      reloaded = true;
      const before = await pageState(b);
      await b.reload();
      await b.waitForSelector('[data-role=connection][data-state=open]');
      const s = await waitInSync(b, server.url, id);
      assert.deepEqual((await pageState(b)).moves, before.moves);
      assert.equal(await b.getAttribute('body', 'data-seat'), before.seat, 'the seat survives a reload');
      assert.equal(s.moves.length, 5);
    }
  }
  assert.ok(reloaded, 'the game lasted long enough to reload mid-game');
  for (const [name, p] of [['first player', a], ['second player', b], ['spectator', c]]) {
    await p.waitForSelector('[data-role=result]', { state: 'visible', timeout: 10000 }).catch(async (e) => {
      const dump = await p.evaluate(() => ({ status: document.querySelector('[data-role=status]').textContent, html: document.querySelector('[data-role=result]').outerHTML }));
      throw new Error(`${name}: no result shown (${JSON.stringify(dump)}): ${e.message}`);
    });
    assert.equal(await p.getAttribute('[data-role=result]', 'data-winner'), snap.result.winner);
    const s = await waitInSync(p, server.url, id);
    const shown = await pageState(p);
    assert.deepEqual(shown.pits, pitCounts(s.position));
    assert.deepEqual(shown.moves, s.moves);
  }
  // The status region announces the result, and a rematch can be offered.
  assert.match(await a.textContent('[data-role=status]'), /win|lose/i);
  await a.waitForSelector('[data-action=rematch]', { state: 'visible' });
  await b.waitForSelector('[data-action=rematch]', { state: 'visible' });
  assert.equal(await c.locator('[data-action=rematch]').isVisible(), false);

  // Rematch: offer on one side, accept on the other; both land in the new game with swapped seats.
  await a.click('[data-action=rematch]');
  await b.waitForFunction(() => /accept/i.test(document.querySelector('[data-action=rematch]').textContent));
  await b.click('[data-action=rematch]');
  await a.waitForURL((u) => !u.pathname.endsWith(id));
  await b.waitForURL((u) => !u.pathname.endsWith(id));
  await a.waitForSelector('[data-role=connection][data-state=open]');
  await b.waitForSelector('[data-role=connection][data-state=open]');
  assert.equal(gameIdOf(a), gameIdOf(b));
  assert.notEqual(await a.getAttribute('body', 'data-seat'), seatA);
  assert.ok(['south', 'north'].includes(await b.getAttribute('body', 'data-seat')));
});

test('the move input plays a legal move and refuses an illegal one; the computer answers', async () => {
  const p = await newPage({ reducedMotion: 'reduce' });
  await p.goto(server.url + '/');
  await p.selectOption('select[name=variant]', 'kiswahili');
  await p.selectOption('select[name=level]', 'easy');
  await p.click('[data-action=play-computer]');
  await p.waitForURL(/\/g\//);
  const id = gameIdOf(p);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  const seat = await p.getAttribute('body', 'data-seat');
  assert.ok(['south', 'north'].includes(seat));
  // Whoever starts, it is soon our turn (the computer moves first when it is South).
  await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  let snap = await waitInSync(p, server.url, id);
  assert.equal(snap.seats[seat === 'south' ? 'north' : 'south'].kind, 'computer');

  // An illegal entry: a visible message, nothing changes.
  await p.fill('input[data-role=move-input]', 'A1Z');
  await p.press('input[data-role=move-input]', 'Enter');
  await p.waitForSelector('[data-role=move-error]:not(:empty)');
  const illegalPit = seat === 'south' ? 'A1L' : 'a1L';
  await p.fill('input[data-role=move-input]', illegalPit);
  await p.press('input[data-role=move-input]', 'Enter');
  assert.match(await p.textContent('[data-role=move-error]'), new RegExp(illegalPit));
  assert.ok(await p.isVisible('[data-role=move-error]'));
  await new Promise((r) => setTimeout(r, 300));
  const same = (await api(server.url, `/api/games/${id}`)).body;
  assert.equal(same.v, snap.v);
  assert.deepEqual(same.moves, snap.moves);

  // A legal entry plays, and the computer answers; meanwhile the page says it is thinking.
  await p.evaluate(() => {
    const el = document.querySelector('[data-role=thinking]');
    window.thought = false;
    new MutationObserver(() => (window.thought ||= !el.hidden)).observe(el, { attributes: true });
  });
  assert.equal(await p.isHidden('[data-role=thinking]'), true, 'not on the player\'s turn');
  const played = snap.moves.length;
  await p.fill('input[data-role=move-input]', snap.legal[0]);
  await p.press('input[data-role=move-input]', 'Enter');
  await p.waitForFunction((n) => document.querySelectorAll('[data-role=moves] [data-move]').length >= n + 2, played);
  snap = await waitInSync(p, server.url, id);
  assert.equal(snap.moves[played], (await pageState(p)).moves[played]);
  assert.equal(snap.position.to_move, seat);
  assert.equal(await p.evaluate(() => window.thought), true, 'the page said the computer was thinking');
  assert.equal(await p.isHidden('[data-role=thinking]'), true, 'and no more once it has moved');
  // The namua stage shows both hands.
  assert.ok((await pageState(p)).hands.south > 0);
  assert.match(await p.textContent('[data-role=stage]'), /namua/i);
  // Once the game is over no stage is being played: no badge, until an earlier position is shown.
  await p.click('[data-action=resign]');
  await p.click('[data-action=confirm-resign]');
  await p.waitForSelector('[data-role=result]:not([hidden])');
  await p.waitForSelector('[data-role=stage]', { state: 'hidden' });
  await p.click('[data-action=hist-first]');
  await p.waitForFunction(() => /namua/i.test(document.querySelector('[data-role=stage]')?.textContent || ''));
});

test('the page reconnects by itself after a server restart and resyncs', async () => {
  const p = await newPage({ reducedMotion: 'reduce' });
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kimasai', opponent: 'computer', level: 'easy', seat: 'south' }) });
  await p.goto(server.url + '/');
  await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), g);
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  assert.equal(await p.getAttribute('body', 'data-seat'), 'south');
  await server.restart();
  await p.waitForSelector('[data-role=connection][data-state=reconnecting]', { timeout: 10000 }).catch(() => {});
  await p.waitForSelector('[data-role=connection][data-state=open]', { timeout: 30000 });
  await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  // Kimasai moves are just a pit: one click plays.
  const move = await clickFirstLegal(p);
  assert.match(move, /^A[1-8]$/);
  await p.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length >= 2);
  const snap = await waitInSync(p, server.url, g.id);
  assert.equal(snap.moves[0], move);
  assert.match(await p.textContent('[data-role=stage]'), /phase/i);
});

test('the language switch changes <html lang>, the words, and is remembered', async () => {
  const p = await newPage({ locale: 'sv-SE' });
  await p.goto(server.url + '/');
  // The page picks its language once its dictionary has loaded, which may be after the load event.
  await p.waitForFunction(() => document.documentElement.lang === 'sv', null, { timeout: 10000 }).catch(() => {});
  assert.equal(await p.getAttribute('html', 'lang'), 'sv', 'the browser language is the default');
  await p.selectOption('select[name=lang]', 'nl');
  await p.waitForFunction(() => document.documentElement.lang === 'nl');
  assert.match(await p.textContent('[data-action=play-friend]'), /vriend/);
  await p.reload();
  await p.waitForFunction(() => document.documentElement.lang === 'nl');
  for (const l of ['sw', 'af', 'en']) {
    await p.selectOption('select[name=lang]', l);
    await p.waitForFunction((x) => document.documentElement.lang === x, l);
  }
  // Every page has the switch, rules pages included.
  for (const v of ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai']) {
    await p.goto(`${server.url}/rules/${v}.html`);
    await p.waitForSelector('[data-role=rules] h1');
    assert.equal(await p.getAttribute('html', 'lang'), 'en');
    await p.selectOption('select[name=lang]', 'af');
    await p.waitForFunction(() => document.documentElement.lang === 'af');
    await p.waitForFunction(() => /Reëls/.test(document.querySelector('[data-role=rules] h1').textContent));
    assert.ok((await p.locator('table.diff').count()) + (v === 'kiswahili-malawi' ? 1 : 0) >= 1);
    await p.selectOption('select[name=lang]', 'en');
  }
});

test('keyboard play, history browsing, a 360 px phone layout and the theme toggle', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kujifunza', opponent: 'friend', seat: 'south' }) });
  await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  const p = await newPage({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce', hasTouch: true, isMobile: true });
  await p.goto(server.url + '/');
  await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), g);
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  // Nothing sticks out sideways on a phone.
  assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 360), 'no horizontal scrolling at 360 px');

  // Keyboard: focus a playable pit, walk with the arrow keys, Enter picks it, Enter on the arrow plays.
  const legal = (await p.getAttribute('[data-role=board]', 'data-legal')).split(' ');
  const first = /^[AB][1-8]/.exec(legal[0])[0];
  await p.focus(`[data-pit=${first}]`);
  await p.keyboard.press('ArrowRight');
  const pit = await p.evaluate(() => document.activeElement.dataset.pit);
  assert.ok(pit && legal.some((m) => m.startsWith(pit)), `arrow keys move between playable pits (${pit})`);
  await p.keyboard.press('Enter');
  const options = legal.filter((m) => m.startsWith(pit)).sort();
  if (options.length > 1) {
    assert.equal(await p.evaluate(() => document.activeElement.dataset.dir), 'L', 'the first arrow has the focus');
    await p.keyboard.press('Enter');
  }
  await p.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  const snap = await waitInSync(p, server.url, g.id);
  assert.equal(snap.moves[0], options[0]);
  assert.match(await p.textContent('[data-role=status]'), new RegExp(options[0]));

  // History: the starting position can be shown again, then back to the game.
  await p.click('[data-action=hist-first]');
  await p.waitForSelector('[data-role=viewing]', { state: 'visible' });
  const shown = await pageState(p);
  assert.ok(Object.values(shown.pits).every((n) => n === 2), 'move 0 is the starting position');
  await p.click('[data-action=live]');
  await waitInSync(p, server.url, g.id);

  // Theme toggle.
  const before = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await p.click('[data-action=theme]');
  await p.waitForFunction((b) => getComputedStyle(document.body).backgroundColor !== b, before);
  assert.ok(['light', 'dark'].includes(await p.getAttribute('html', 'data-theme')));
  // Resign (confirmed: ui.md, second wave) ends the game with a result banner.
  await p.click('[data-action=resign]');
  await p.click('[data-action=confirm-resign]');
  await p.waitForSelector('[data-role=result][data-winner=north]');
  assert.match(await p.textContent('[data-role=result]'), /resign/i);
  // The other pages fit a phone too.
  for (const path of ['/', '/rules/kujifunza.html', '/rules/kiswahili.html', '/rules/kimasai.html']) {
    await p.goto(server.url + path);
    await p.waitForSelector('footer [data-role=version]:not(:empty)');
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 360), `${path} fits 360 px`);
  }
});

test('Bao la Kiswahili (Malawi opening) by clicking, taking safari whenever offered: the choice dialog and traces', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili-malawi', opponent: 'friend', seat: 'south' }) });
  const { body: j } = await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  const pages = {};
  for (const [side, tok] of [['south', g], ['north', { id: g.id, token: j.token, seat: j.seat }]]) {
    const p = await newPage({ reducedMotion: 'reduce', viewport: { width: 900, height: 700 } });
    await p.goto(server.url + '/');
    await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), tok);
    await p.goto(server.url + g.url);
    await p.waitForSelector('[data-role=connection][data-state=open]');
    pages[side] = p;
  }
  assert.equal(await pages.north.getAttribute('body', 'data-seat'), 'north');
  // North sees its own rows at the bottom: a1 is drawn left of a8, below South's rows.
  const box = async (p, pit) => (await p.locator(`[data-pit=${pit}]`).boundingBox());
  const [a1, a8, A1] = [await box(pages.north, 'a1'), await box(pages.north, 'a8'), await box(pages.north, 'A1')];
  assert.ok(a1.x < a8.x && a1.y > A1.y, 'the board is drawn from the viewer side');
  let safari = 0;
  for (let plies = 0; ; plies++) {
    const { body: snap } = await api(server.url, `/api/games/${g.id}`);
    if (snap.result) break;
    assert.ok(plies < 400);
    const p = pages[snap.position.to_move];
    await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal).catch(async (e) => {
      // What the page shows when it offers no move on its turn (a rare failure under load): enough to tell a move
      // left pending, an animation that never ended, a socket gone, or a question left open.
      const shown = await p.evaluate(() => ({
        connection: document.querySelector('[data-role=connection]')?.dataset.state,
        animating: document.body.hasAttribute('data-animating'),
        seat: document.body.dataset.seat,
        status: document.querySelector('[data-role=status]')?.textContent,
        choices: document.querySelector('[data-role=choices]')?.textContent,
        viewing: !!document.querySelector('[data-role=viewing]:not([hidden])'),
        moves: document.querySelectorAll('[data-role=moves] [data-move]').length,
      }));
      throw new Error(`${e.message}\nply ${plies}, ${snap.position.to_move} to move, the server at ${snap.moves.length} moves; the page: ${JSON.stringify(shown)}`);
    });
    const move = await clickFirstLegal(p, (m) => m.endsWith('+'));
    if (move.endsWith('+')) safari++;
    await waitForServerMoves(g.id, snap.moves.length + 1);
    await waitInSync(pages.south, server.url, g.id);
    await waitInSync(pages.north, server.url, g.id);
  }
  assert.ok(safari >= 1, 'a safari was chosen through the dialog');
  await pages.south.waitForSelector('[data-role=result]', { state: 'visible' });
});

/**
 * Rewrites the stages a server message names (a snapshot's `stage` and `stages`, a `moved` event's `stage`) to
 * what `stageOf(position)` says, or leaves them out when it says nothing.
 */
function restage(value, stageOf) {
  if (Array.isArray(value)) for (const v of value) restage(v, stageOf);
  else if (value && typeof value === 'object') {
    const set = (key, stage) => {
      if (stage) value[key] = stage;
      else delete value[key];
    };
    if (Array.isArray(value.history)) {
      set('stage', stageOf(value.position));
      set('stages', value.history.every((p) => stageOf(p)) ? value.history.map((p) => stageOf(p)) : null);
    } else if (value.t === 'moved') {
      set('stage', stageOf(value.position));
    }
    for (const v of Object.values(value)) restage(v, stageOf);
  }
  return value;
}

/** Opens game `g` as `seat` (or as a spectator), its snapshots and events passed through restage on the way in. */
async function openRestaged(g, seat, stageOf) {
  return openRewritten(g, seat, (msg) => restage(msg, stageOf));
}

/** Opens game `g` as `seat` (or as a spectator), its snapshots and events passed through `rewrite` on the way in. */
async function openRewritten(g, seat, rewrite) {
  const p = await newPage({ reducedMotion: 'reduce' });
  await p.route(`**/api/games/${g.id}`, async (route) => {
    const r = await route.fetch();
    await route.fulfill({ response: r, json: rewrite(await r.json()) });
  });
  await p.routeWebSocket(/\/ws\//, (ws) => {
    ws.connectToServer().onMessage((m) => ws.send(JSON.stringify(rewrite(JSON.parse(m)))));
  });
  await p.goto(server.url + '/');
  if (seat) await p.evaluate(({ id, token, seat: s }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat: s })), seat);
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  return p;
}

test('the stage label is the stage the server names for each position, and absent when it names none', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'friend', seat: 'south' }) });
  await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  const { body: snap } = await api(server.url, `/api/games/${g.id}`);
  assert.equal(snap.stage, 'namua', 'the server names the stage of the side to move');
  assert.equal(snap.stages[0], 'namua');

  // Stages no Kiswahili position could have, different for each side: the page can only have them from the server.
  const p = await openRestaged(g, g, (pos) => (pos.to_move === 'south' ? 'phase1' : 'phase2'));
  assert.match(await p.textContent('[data-role=stage]'), /^Phase 1/, 'from the snapshot');
  await p.fill('input[data-role=move-input]', snap.legal[0]);
  await p.press('input[data-role=move-input]', 'Enter');
  await p.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  await waitInSync(p, server.url, g.id);
  assert.match(await p.textContent('[data-role=stage]'), /^Phase 2/, 'from the moved event');
  await p.click('[data-action=hist-first]');
  assert.match(await p.textContent('[data-role=stage]'), /^Phase 1/, "from the snapshot's history");

  const bare = await openRestaged(g, null, () => null);
  await waitInSync(bare, server.url, g.id);
  assert.equal(await bare.textContent('[data-role=stage]'), '', 'no stage field, no label');
});

/** The snapshot inside a server message (the HTTP answer, or the socket's `snapshot`), if it is one. */
function snapshotIn(msg) {
  if (msg && Array.isArray(msg.history)) return msg;
  if (msg && msg.t === 'snapshot') return msg.game;
  return null;
}

test('a drawn game shows the draw and its reason, with no winner', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kimasai', opponent: 'friend', seat: 'south' }) });
  await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  // Reaching a real draw takes 2,000 moves (the server's own test plays them): here the snapshot says so.
  const p = await openRewritten(g, g, (msg) => {
    const snap = snapshotIn(msg);
    if (snap) Object.assign(snap, { status: 'finished', legal: [], result: { winner: null, reason: 'repetition' } });
    return msg;
  });
  const result = await p.waitForSelector('[data-role=result]', { state: 'visible' });
  assert.equal(await result.getAttribute('data-winner'), null, 'a draw has no winner');
  assert.match(await result.textContent(), /Draw/);
  assert.match(await result.textContent(), /third time/);
});

test('positions older than the snapshot carries are fetched when browsing back', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }) });
  const { body: snap0 } = await api(server.url, `/api/games/${g.id}`);
  const first = await openRewritten(g, g, (msg) => msg);
  await first.fill('input[data-role=move-input]', snap0.legal[0]);
  await first.press('input[data-role=move-input]', 'Enter');
  await first.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 2);
  // A page whose snapshot carries only the live position, as one of a long game does.
  const p = await openRewritten(g, g, (msg) => {
    const snap = snapshotIn(msg);
    if (snap) {
      snap.history_from += snap.history.length - 1;
      snap.history = snap.history.slice(-1);
      snap.stages = snap.stages.slice(-1);
    }
    return msg;
  });
  await waitInSync(p, server.url, g.id);
  const asked = p.waitForRequest((r) => r.url().includes(`/api/games/${g.id}/history`));
  await p.click('[data-action=hist-first]');
  await asked;
  const start = pitCounts(snap0.position);
  await p.waitForFunction((n) => document.querySelector('[data-pit=A5]').dataset.count === String(n), start.A5);
  assert.equal(await p.getAttribute('[data-pit=A6]', 'data-count'), String(start.A6));
  assert.match(await p.textContent('[data-role=stage]'), /namua/i);
});

test('a move the server could not save is not left pending: the player is told and plays it again', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }) });
  const { body: snap } = await api(server.url, `/api/games/${g.id}`);
  const p = await newPage({ reducedMotion: 'reduce' });
  let refused = 0;
  // The first move is answered as a full disk would be answered; later ones go to the server.
  await p.routeWebSocket(/\/ws\//, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.t === 'move' && refused === 0) {
        refused += 1;
        ws.send(JSON.stringify({ t: 'error', code: 'unavailable', message: 'the game could not be saved; try again in a moment' }));
        return;
      }
      srv.send(m);
    });
  });
  await p.goto(server.url + '/');
  await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), g);
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  await p.fill('input[data-role=move-input]', snap.legal[0]);
  await p.press('input[data-role=move-input]', 'Enter');
  await p.waitForFunction(() => /could not save/.test(document.querySelector('[data-role=toast]').textContent));
  assert.equal(refused, 1);
  // Not stuck: the same move can be played again, and this time it is.
  await p.fill('input[data-role=move-input]', snap.legal[0]);
  await p.press('input[data-role=move-input]', 'Enter');
  await p.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length >= 1);
});
