// Clocks, abort, takeback, quick messages, the home page's list of games and turn notifications (issue 16), with
// the real server and Debian's chromium: two players in two browser contexts, or a player and the computer. Short
// clocks and no long waits: a flag falls on a 1 s clock made through the API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

let server;
let browser;
const contexts = [];
const problems = [];

async function newPage() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.setItem('bao.speed', 'instant'));
  return page;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

const post = (path, body) => api(server.url, path, { method: 'POST', body: JSON.stringify(body) });

/** A game made through the API and both seats: { id, url, south, north } (tokens). */
async function friendsGame(variant, clock) {
  const { body: g } = await post('/api/games', { variant, opponent: 'friend', seat: 'south', clock });
  const { body: j } = await post(`/api/games/${g.id}/join`, {});
  return { id: g.id, url: g.url, south: g.token, north: j.token };
}

/** Opens game `g` on `page` holding `seat`'s token, and waits for its socket. */
async function openAs(page, g, seat) {
  await page.evaluate(([id, token, s]) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat: s, at: Date.now() })), [g.id, g[seat], seat]);
  await page.goto(server.url + g.url);
  await page.waitForSelector('[data-role=connection][data-state=open]');
  await page.waitForSelector('[data-pit=A1]');
}

/** Types the first legal move on `page` (whose turn it must be) and waits for the move list to show it. */
async function playFirst(page) {
  await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  const n = await page.locator('[data-role=moves] [data-move]').count();
  const mv = (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ')[0];
  await page.fill('input[data-role=move-input]', mv);
  await page.press('input[data-role=move-input]', 'Enter');
  await page.waitForFunction((k) => document.querySelectorAll('[data-role=moves] [data-move]').length > k, n);
}

const clockOf = (page, side) =>
  page.evaluate((s) => {
    const el = document.querySelector(`[data-role=clock][data-side=${s}]`);
    return el && { ms: Number(el.dataset.ms), running: el.hasAttribute('data-running'), shown: !el.hidden && el.offsetParent !== null, text: el.textContent };
  }, side);

test('a live game made on the home page: both clocks shown, the running one counts down on both pages', async () => {
  const a = await newPage();
  await a.selectOption('select[name=variant]', 'kujifunza');
  await a.selectOption('select[name=seat]', 'south');
  await a.selectOption('select[name=clock]', 'live:180+2');
  assert.equal(await a.locator('select[name=clock] option').count(), 9, 'none, four live presets, four correspondence ones');
  const created = a.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
  await a.click('[data-action=play-friend]');
  const sent = JSON.parse((await created).request().postData());
  assert.deepEqual(sent.clock, { kind: 'live', initial_s: 180, increment_s: 2 });
  await a.waitForURL(/\/g\//);
  await a.waitForSelector('[data-role=connection][data-state=open]');
  const b = await newPage();
  await b.goto(a.url());
  await b.click('[data-action=join]');
  await b.waitForFunction(() => document.body.dataset.seat === 'north');
  for (const p of [a, b]) {
    for (const side of ['south', 'north']) {
      const c = await clockOf(p, side);
      assert.ok(c && c.shown, `${side}'s clock is shown`);
      assert.equal(c.ms, 180000, `${side}: 3 minutes before the first moves`);
      assert.equal(c.running, false, 'no clock runs before both sides have moved');
      assert.equal(c.text, '3:00');
    }
  }
  await playFirst(a);
  await b.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  await playFirst(b);
  // South's clock runs now, on both pages, and counts down smoothly.
  for (const p of [a, b]) {
    await p.waitForSelector('[data-role=clock][data-side=south][data-running]');
    const first = await clockOf(p, 'south');
    await p.waitForFunction((ms) => Number(document.querySelector('[data-role=clock][data-side=south]').dataset.ms) < ms - 250, first.ms, { timeout: 3000 });
    const north = await clockOf(p, 'north');
    assert.equal(north.running, false);
    assert.ok(first.ms <= 180000 && first.ms > 170000, `south has about 3 minutes: ${first.ms}`);
  }
  const [ca, cb] = [await clockOf(a, 'south'), await clockOf(b, 'south')];
  assert.ok(Math.abs(ca.ms - cb.ms) < 1000, `both pages count the same time: ${ca.ms} and ${cb.ms}`);
  // A move: south's increment is added, north's clock runs.
  await playFirst(a);
  await b.waitForSelector('[data-role=clock][data-side=north][data-running]');
  assert.equal((await clockOf(b, 'south')).running, false);
});

test('every variant takes a clock from the home page, against a friend and against the computer', async () => {
  const a = await newPage();
  const cases = [
    ['kujifunza', 'computer', 'live:300+3', { kind: 'live', initial_s: 300, increment_s: 3 }, '5:00'],
    ['kujifunza', 'friend', 'corr:2', { kind: 'correspondence', days: 2 }, '2 d 0 h'],
    ['kiswahili', 'computer', 'corr:7', { kind: 'correspondence', days: 7 }, '7 d 0 h'],
    ['kiswahili', 'friend', 'live:180+2', { kind: 'live', initial_s: 180, increment_s: 2 }, '3:00'],
    ['kiswahili-malawi', 'computer', 'live:900+10', { kind: 'live', initial_s: 900, increment_s: 10 }, '15:00'],
    ['kiswahili-malawi', 'friend', 'corr:1', { kind: 'correspondence', days: 1 }, '1 d 0 h'],
    ['kimasai', 'computer', 'corr:3', { kind: 'correspondence', days: 3 }, '3 d 0 h'],
    ['kimasai', 'friend', 'live:600+5', { kind: 'live', initial_s: 600, increment_s: 5 }, '10:00'],
  ];
  for (const [variant, opponent, preset, control, shown] of cases) {
    await a.goto(`${server.url}/`);
    await a.selectOption('select[name=variant]', variant);
    await a.selectOption('select[name=seat]', 'south');
    await a.selectOption('select[name=clock]', preset);
    if (opponent === 'computer') await a.selectOption('select[name=level]', 'easy');
    await a.click(`[data-action=play-${opponent}]`);
    await a.waitForURL(/\/g\//);
    await a.waitForSelector('[data-role=clock][data-side=north]:not([hidden])');
    const id = new URL(a.url()).pathname.split('/')[2];
    const { body: snap } = await api(server.url, `/api/games/${id}`);
    const { south_ms: _s, north_ms: _n, running: _r, at: _a, ...settings } = snap.clock;
    assert.deepEqual(settings, control, `${variant} against a ${opponent}: ${preset}`);
    assert.equal((await clockOf(a, 'south')).text, shown, `${variant}, ${preset}`);
    if (opponent === 'computer') {
      // The computer replies to the first move; then both have moved and South's clock runs.
      await playFirst(a);
      await a.waitForSelector('[data-role=clock][data-side=south][data-running]');
    }
  }
});

test('a 1 s clock falls: the result says time, the clocks stop', async () => {
  const g = await friendsGame('kiswahili', { kind: 'live', initial_s: 1, increment_s: 0 });
  const a = await newPage();
  const b = await newPage();
  await openAs(a, g, 'south');
  await openAs(b, g, 'north');
  await playFirst(a);
  await playFirst(b);
  // South is to move with 1 s: the last-seconds warning shows, then the server flags.
  await a.waitForSelector('[data-role=clock][data-side=south][data-low]', { timeout: 3000 });
  await a.waitForSelector('[data-role=result]', { state: 'visible', timeout: 5000 });
  assert.match(await a.textContent('[data-role=result]'), /time ran out/);
  assert.match(await a.textContent('[data-role=result-title]'), /You lose/);
  await b.waitForSelector('[data-role=result]', { state: 'visible' });
  assert.match(await b.textContent('[data-role=result-title]'), /You win/);
  const south = await clockOf(b, 'south');
  assert.equal(south.ms, 0);
  assert.equal(south.running, false);
});

test('abort before the moves: shown to both players, gone after both have moved, the result says aborted', async () => {
  const g = await friendsGame('kimasai', { kind: 'correspondence', days: 3 });
  const a = await newPage();
  const b = await newPage();
  await openAs(a, g, 'south');
  await openAs(b, g, 'north');
  // Days per move are shown in days and hours.
  assert.equal((await clockOf(a, 'south')).text, '3 d 0 h');
  for (const p of [a, b]) await p.waitForSelector('[data-action=abort]', { state: 'visible' });
  assert.equal(await a.isVisible('[data-action=takeback]'), false, 'nothing to take back yet');
  await b.click('[data-action=abort]');
  for (const p of [a, b]) {
    await p.waitForSelector('[data-role=result]', { state: 'visible' });
    assert.match(await p.textContent('[data-role=result-title]'), /Game aborted/);
    assert.match(await p.textContent('[data-role=result-detail]'), /aborted/);
    assert.equal(await p.isVisible('[data-action=abort]'), false);
  }
  // Once both sides have moved, abort is gone.
  const h = await friendsGame('kujifunza', null);
  await openAs(a, h, 'south');
  await openAs(b, h, 'north');
  await playFirst(a);
  assert.ok(await b.isVisible('[data-action=abort]'), 'north may still abort');
  await playFirst(b);
  await a.waitForSelector('[data-action=abort]', { state: 'hidden' });
  assert.equal((await clockOf(a, 'south')).shown, false, 'no clock in a game without one');
});

test('takeback between two players: declined, then accepted; the board, the move list and the history follow', async () => {
  const g = await friendsGame('kujifunza', { kind: 'live', initial_s: 600, increment_s: 5 });
  const a = await newPage();
  const b = await newPage();
  await openAs(a, g, 'south');
  await openAs(b, g, 'north');
  await playFirst(a);
  await playFirst(b);
  await playFirst(a);
  const { body: before } = await api(server.url, `/api/games/${g.id}`);
  assert.equal(before.moves.length, 3);
  // South asks; North declines.
  await a.click('[data-action=takeback]');
  await b.waitForSelector('[data-action=accept-takeback]', { state: 'visible' });
  assert.match(await b.textContent('[data-role=takeback-offer]'), /South asks to take back/);
  assert.match(await a.textContent('[data-role=takeback-offer]'), /waiting for the answer/);
  assert.equal(await a.isVisible('[data-action=accept-takeback]'), false, 'no accept button for the one who asked');
  await b.click('[data-action=decline-takeback]');
  await a.waitForFunction(() => /declined/.test(document.querySelector('[data-role=toast]').textContent));
  await b.waitForSelector('[data-role=takeback-offer]', { state: 'hidden' });
  // South asks again; North accepts: back to just before South's latest move, on both pages.
  await a.click('[data-action=takeback]');
  await b.waitForSelector('[data-action=accept-takeback]', { state: 'visible' });
  await b.click('[data-action=accept-takeback]');
  for (const p of [a, b]) {
    await p.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 2);
    const counts = await p.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-pit]')].map((e) => [e.dataset.pit, Number(e.dataset.count)])));
    const pos = before.history[2 - before.history_from];
    assert.deepEqual([counts.A1, counts.a1, counts.B8], [pos.south.front[0], pos.north.front[0], pos.south.back[7]], 'the board is the position after two moves');
  }
  await a.waitForFunction(() => document.body.dataset.turn === 'you');
  // Stepping back and forth through the history stays within the two moves left.
  await a.click('[data-action=hist-prev]');
  await a.waitForSelector('[data-role=viewing]', { state: 'visible' });
  await a.click('[data-action=hist-last]');
  await a.waitForSelector('[data-role=viewing]', { state: 'hidden' });
  // The game goes on from there.
  await playFirst(a);
  const { body: after } = await api(server.url, `/api/games/${g.id}`);
  assert.equal(after.moves.length, 3);
  await b.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 3);
});

test('takeback against the computer is granted at once', async () => {
  const { body: g } = await post('/api/games', { variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south', clock: { kind: 'live', initial_s: 300, increment_s: 3 } });
  const a = await newPage();
  await openAs(a, { id: g.id, url: g.url, south: g.token }, 'south');
  await playFirst(a);
  // The computer answers; then South takes its move back (with the computer's reply).
  await a.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 2 && document.body.dataset.turn === 'you');
  await a.click('[data-action=takeback]');
  await a.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 0);
  const { body: snap } = await api(server.url, `/api/games/${g.id}`);
  assert.equal(snap.moves.length, 0);
  assert.equal(await a.isVisible('[data-action=takeback]'), false, 'nothing left to take back');
  assert.equal(await a.getAttribute('[data-role=board]', 'data-legal'), snap.legal.join(' '));
});

test('quick messages: a phrase shows as a bubble next to the sender on the other page; spectators have no buttons', async () => {
  const g = await friendsGame('kujifunza', null);
  const a = await newPage();
  const b = await newPage();
  await openAs(a, g, 'south');
  await openAs(b, g, 'north');
  assert.equal(await a.locator('[data-action=say]').count(), 5);
  await a.click('[data-action=say][data-phrase=good_luck]');
  await b.waitForSelector('[data-role=said][data-side=south]', { state: 'visible' });
  assert.equal(await b.textContent('[data-role=said][data-side=south]'), 'Good luck!');
  assert.equal(await b.isVisible('[data-role=said][data-side=north]'), false);
  // In another language the same phrase is in that language.
  await b.selectOption('select[name=lang]', 'sw');
  await b.waitForFunction(() => document.querySelector('[data-role=said][data-side=south]').textContent === 'Bahati njema!');
  const w = await newPage();
  await w.goto(server.url + g.url);
  await w.waitForSelector('[data-role=connection][data-state=open]');
  assert.equal(await w.isVisible('[data-role=say]'), false, 'spectators cannot speak');
  await b.click('[data-action=say][data-phrase=thanks]');
  await w.waitForSelector('[data-role=said][data-side=north]', { state: 'visible' });
});

test('the home page lists this browser\u2019s games, newest first, with data-your-turn', async () => {
  const a = await newPage();
  const older = await friendsGame('kiswahili', { kind: 'correspondence', days: 2 });
  const newer = await friendsGame('kujifunza', null);
  // South holds both: the older is South's move, the newer North's after South's first move.
  await openAs(a, older, 'south');
  await openAs(a, newer, 'south');
  await playFirst(a);
  await a.goto(`${server.url}/`);
  await a.waitForSelector(`[data-role=my-games] a[data-game="${newer.id}"]`);
  const list = await a.$$eval('[data-role=my-games] a[data-game]', (els) => els.map((e) => ({ id: e.dataset.game, yours: e.hasAttribute('data-your-turn'), text: e.textContent })));
  assert.deepEqual(list.map((g) => g.id).slice(0, 2), [newer.id, older.id], 'newest first');
  assert.equal(list[0].yours, false);
  assert.match(list[0].text, /Opponent\u2019s turn/);
  assert.equal(list[1].yours, true);
  assert.match(list[1].text, /Your turn/);
  assert.match(list[1].text, /2 d 0 h/, 'the clocks');
  await a.click(`[data-role=my-games] a[data-game="${older.id}"]`);
  await a.waitForURL(new RegExp(older.id));
});

test('turn notifications: asked for on a click only; title, icon and a notification when the turn comes in a hidden tab', async () => {
  const g = await friendsGame('kujifunza', null);
  const ctx = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce' });
  contexts.push(ctx);
  // A stand-in Notification that records what the page does, and a tab that can be hidden on demand.
  await ctx.addInitScript(() => {
    window.asked = 0;
    window.shown = [];
    class FakeNotification {
      constructor(title, opts) {
        window.shown.push({ title, body: opts && opts.body });
      }
      close() {}
    }
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission = async () => {
      window.asked += 1;
      FakeNotification.permission = 'granted';
      return 'granted';
    };
    window.Notification = FakeNotification;
    let hidden = false;
    Object.defineProperty(document, 'hidden', { get: () => hidden });
    window.setHidden = (h) => {
      hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  const a = await ctx.newPage();
  a.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await a.goto(`${server.url}/`);
  await openAs(a, g, 'north');
  assert.equal(await a.evaluate(() => window.asked), 0, 'no permission asked without a click');
  await a.click('[data-action=notify]');
  await a.waitForFunction(() => document.querySelector('[data-action=notify]').getAttribute('aria-pressed') === 'true');
  assert.equal(await a.evaluate(() => window.asked), 1);
  const plainIcon = await a.getAttribute('link[rel=icon]', 'href');
  await a.evaluate(() => window.setHidden(true));
  const b = await newPage();
  await openAs(b, g, 'south');
  await playFirst(b);
  await a.waitForFunction(() => window.shown.length === 1);
  assert.deepEqual(await a.evaluate(() => window.shown[0]), { title: 'Your turn in Bao', body: 'Bao la Kujifunza: it is your move.' });
  assert.match(await a.title(), /Your turn/);
  assert.match(await a.getAttribute('link[rel=icon]', 'href'), /^data:image\/svg/);
  await a.evaluate(() => window.setHidden(false));
  await a.waitForFunction((icon) => document.querySelector('link[rel=icon]').getAttribute('href') === icon, plainIcon);
  assert.doesNotMatch(await a.title(), /Your turn/);
});
