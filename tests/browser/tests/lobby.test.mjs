// The lobby and quick pairing (issue 32, ui.md "Additions of the third wave"): strangers meet from the home page in
// one click each. A seek made from the selects shows in another browser's lobby, which accepts it: both pages open
// the same game by themselves, the seats named. A withdrawn seek leaves the other lobby. Three browsers in the
// pools: the two of one pool are paired, the third waits (and sees the wait) until it cancels. The game is then
// listed on /watch, with its board, and opens as a spectator's. The real server and Debian's chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';

let server;
let browser;
const contexts = [];
const problems = [];

async function newPage(lang = 'en') {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // A player's first visit asks who it is (a 401 when it has none is not asked: the marker is absent).
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
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

const gameOf = (page) => new URL(page.url()).pathname.replace('/g/', '');

test('a seek made in one browser is accepted in another, and both open the game by themselves', async () => {
  const en = await words('en', 'home');
  const a = await newPage();
  const b = await newPage();
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await a.waitForSelector('[data-role=lobby-empty]:not([hidden])');
  assert.equal(await a.textContent('[data-role=lobby-empty]'), en['lobby.empty']);

  await a.selectOption('select[name=variant]', 'kimasai');
  await a.selectOption('select[name=clock]', 'live:300+3');
  await a.click('[data-action=create-seek]');
  // Its own seek: withdraw, not accept. The first click made this browser a player, named by the server.
  const own = await a.waitForSelector('[data-role=lobby] [data-seek] [data-action=withdraw-seek]');
  assert.ok(own);
  await a.waitForSelector('[data-role=me]:not([hidden])');
  const aName = (await a.textContent('[data-role=me]')).trim();
  assert.ok(aName.length >= 2, aName);

  const seek = await b.waitForSelector('[data-role=lobby] [data-seek][data-variant=kimasai][data-clock="live:300+3"][data-rated=false]');
  assert.equal(await seek.$('[data-action=withdraw-seek]'), null, 'no withdraw on another\u2019s seek');
  assert.ok((await seek.textContent()).includes(aName), 'the seek names its player');
  await Promise.all([b.waitForURL(/\/g\/\w+/), seek.$eval('[data-action=accept-seek]', (el) => el.click())]);
  await a.waitForURL(/\/g\/\w+/, { timeout: 10000 });
  assert.equal(gameOf(a), gameOf(b), 'the same game');
  // Both seats named on both pages; each browser holds its seat.
  for (const page of [a, b]) {
    await page.waitForSelector('[data-role=player][data-side=south][data-player]');
    await page.waitForSelector('[data-role=player][data-side=north][data-player]');
  }
  const names = await a.$$eval('[data-role=player][data-player]', (els) => els.map((e) => e.textContent));
  assert.ok(names.some((n) => n.includes(aName)), `${names}`);
  const seatOf = (page) => page.evaluate((id) => JSON.parse(localStorage.getItem(`bao.seat.${id}`) || 'null')?.seat, gameOf(page));
  const [sa, sb] = [await seatOf(a), await seatOf(b)];
  assert.ok(sa && sb && sa !== sb, `one seat each: ${sa} ${sb}`);

  // The game is listed: /watch shows it with its board, and opens it for a spectator.
  const c = await newPage();
  await c.goto(server.url + '/watch');
  const card = await c.waitForSelector(`[data-role=live-games] a[data-game="${gameOf(a)}"]`);
  assert.ok(await card.$('svg'), 'a board');
  assert.ok((await card.textContent()).includes(aName));
  await Promise.all([c.waitForURL(`**/g/${gameOf(a)}`), card.click()]);
  await c.waitForSelector('[data-role=board] svg');
});

test('a withdrawn seek leaves the other lobby', async () => {
  const a = await newPage();
  const b = await newPage();
  await a.goto(server.url + '/');
  await b.goto(server.url + '/');
  await a.selectOption('select[name=variant]', 'kujifunza');
  await a.selectOption('select[name=clock]', 'corr:2');
  await a.click('[data-action=create-seek]');
  const mine = await a.waitForSelector('[data-role=lobby] [data-seek][data-clock="corr:2"]');
  const id = await mine.getAttribute('data-seek');
  await b.waitForSelector(`[data-role=lobby] [data-seek="${id}"]`);
  await a.click(`[data-seek="${id}"] [data-action=withdraw-seek]`);
  await b.waitForSelector(`[data-role=lobby] [data-seek="${id}"]`, { state: 'detached' });
  await a.waitForSelector(`[data-role=lobby] [data-seek="${id}"]`, { state: 'detached' });
});

test('quick pairing pairs the two of one pool; the third waits, sees it, and cancels', async () => {
  const en = await words('en', 'home');
  const [a, b, c] = [await newPage(), await newPage(), await newPage()];
  for (const p of [a, b, c]) {
    await p.goto(server.url + '/');
    await p.selectOption('select[name=variant]', 'kiswahili');
  }
  await a.click('[data-action=quick-pair][data-variant=kiswahili][data-clock="live:180+2"]');
  await a.waitForSelector('[data-role=pairing]:not([hidden])');
  await c.click('[data-action=quick-pair][data-variant=kiswahili][data-clock="live:600+5"]');
  await c.waitForSelector('[data-role=pairing]:not([hidden])');
  const waiting = await c.textContent('[data-role=pairing-wait]');
  assert.ok(waiting.startsWith(en['lobby.waiting'].split('{')[0].trim()), waiting);

  await Promise.all([
    a.waitForURL(/\/g\/\w+/, { timeout: 10000 }),
    b.waitForURL(/\/g\/\w+/, { timeout: 10000 }),
    b.click('[data-action=quick-pair][data-variant=kiswahili][data-clock="live:180+2"]'),
  ]);
  assert.equal(gameOf(a), gameOf(b));
  await a.waitForSelector('[data-role=player][data-side=north][data-player]');
  assert.match(c.url(), /\/$/, 'the third browser is still home, waiting');
  await c.click('[data-action=cancel-pairing]');
  await c.waitForSelector('[data-role=pairing]', { state: 'hidden' });
});
