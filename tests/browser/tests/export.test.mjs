// Export and import (issue 34, points 8 and 10): a finished game offers its record to download, its link to share
// (the system's share sheet, else copied), a picture of its board drawn by the server, which is also the game
// page's link preview (og:image); the analysis board imports a record and steps through it; the home page's list
// of this browser's games says whom each is against, its clock and how long ago it began, and a game against the
// computer can be taken off it. The real server and Debian's chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, api, pitCounts, pageState, ROOT } from '../lib/harness.mjs';
import { openGame, playTyped, resignOver } from '../lib/game-pages.mjs';
import { words } from '../lib/words.mjs';

/** The export's own words (web/i18n/export/<lang>.js, loaded by web/game/export.js with itself). */
async function exportWords(lang) {
  const src = readFileSync(join(ROOT, 'web/i18n/export', `${lang}.js`), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
}

let server;
let browser;
const contexts = [];
const problems = [];

async function newPage(opts = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce', acceptDownloads: true, ...opts });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return { ctx, page };
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

/** A game against the easy computer with a few moves played from the page, then resigned. */
async function finishedGame(page) {
  const { body: game } = await api(server.url, '/api/games', {
    method: 'POST',
    body: JSON.stringify({ variant: 'kiswahili', seat: 'south', opponent: 'computer', level: 'easy' }),
  });
  await openGame(page, server.url, game, true);
  await playTyped(page, server.url, game, 4);
  await resignOver(page, game);
  await page.waitForSelector('[data-role=result]:not([hidden])');
  return game;
}

test('a finished game offers its record to download, its link to share or copy, and a picture of its board', async () => {
  const { ctx, page } = await newPage();
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // A share sheet that notes what it was given (headless chromium on Linux has none).
  await ctx.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data) => {
        window.__shared = data;
      },
    });
  });
  const game = await finishedGame(page);
  const en = { ...(await words('en')), ...(await exportWords('en')) };
  await page.waitForSelector('[data-role=export]:not([hidden])', { timeout: 20000 });
  assert.equal((await page.textContent('a[data-action=download-record]')).trim(), en['export.download']);
  // In the result box, and in the page's language: Swedish once chosen.
  assert.equal(await page.locator('[data-role=result] [data-role=export]').count(), 1);
  await page.selectOption('select[name=lang]', 'sv');
  const sv = await exportWords('sv');
  await page.waitForFunction((want) => document.querySelector('button[data-action=share-game]').textContent === want, sv['export.share']);
  await page.selectOption('select[name=lang]', 'en');
  await page.waitForFunction((want) => document.querySelector('button[data-action=share-game]').textContent === want, en['export.share']);

  // The record: a download named after the game, holding the server's record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[data-action=download-record]')]);
  assert.equal(download.suggestedFilename(), `bao-kiswahili-${game.id}.txt`);
  const text = readFileSync(await download.path(), 'utf8');
  const { body: record } = await api(server.url, `/api/games/${game.id}/record`);
  assert.equal(text, record);
  const { body: snap } = await api(server.url, `/api/games/${game.id}`);
  assert.match(text, new RegExp(`\\[Game "${game.id}"\\]`));
  assert.match(text, /\[Result "north wins \(resign\)"\]/);
  assert.ok(text.includes(`1. ${snap.moves[0]} ${snap.moves[1]}`), text);

  // Shared through the share sheet: the game's link.
  await page.click('button[data-action=share-game]');
  await page.waitForFunction(() => window.__shared);
  const shared = await page.evaluate(() => window.__shared);
  assert.equal(shared.url, `${server.url}/g/${game.id}`);

  // Without a share sheet the link is copied, and the page says so.
  await page.evaluate(() => {
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
  });
  await page.click('button[data-action=share-game]');
  await page.waitForFunction((want) => document.querySelector('[data-role=export-status]').textContent === want, en['share.copied']);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${server.url}/g/${game.id}`);

  // The picture of the board: the server's SVG, which the browser draws at its size.
  const href = await page.getAttribute('a[data-action=board-picture]', 'href');
  assert.equal(href, `/api/games/${game.id}/board.svg`);
  const size = await page.evaluate(async (src) => {
    const im = new Image();
    im.src = src;
    await im.decode();
    return [im.naturalWidth, im.naturalHeight];
  }, href);
  assert.deepEqual(size, [1200, 630]);
  assert.equal(await page.getAttribute('a[data-action=analyse-record]', 'href'), `/analysis?game=${game.id}`);
});

test('the game page carries its link preview: og:title, og:description and an og:image that can be fetched', async () => {
  const { body: game } = await api(server.url, '/api/games', {
    method: 'POST',
    body: JSON.stringify({ variant: 'kimasai', seat: 'south', opponent: 'computer', level: 'medium' }),
  });
  // As a link preview fetches it: the HTML alone, no script run.
  const html = await (await fetch(`${server.url}/g/${game.id}`)).text();
  const meta = (p) => (new RegExp(`<meta property="${p}" content="([^"]*)">`).exec(html) || [])[1];
  assert.equal(meta('og:image'), `${server.url}/api/games/${game.id}/board.svg`);
  assert.equal(meta('og:url'), `${server.url}/g/${game.id}`);
  assert.match(meta('og:title'), /^Bao la Kimasai: a guest vs the computer \(medium\)$/);
  assert.match(meta('og:description'), /South: a guest · North: the computer \(medium\) · 0 moves/);
  const picture = await fetch(meta('og:image'));
  assert.equal(picture.status, 200);
  assert.equal(picture.headers.get('content-type'), 'image/svg+xml');
  assert.ok(picture.headers.get('cache-control').startsWith('public'), picture.headers.get('cache-control'));
  const svg = await picture.text();
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') && svg.endsWith('</svg>'), svg.slice(0, 80));
  // A page of no game has no preview of one.
  const none = await (await fetch(`${server.url}/g/nosuchgame12`)).text();
  assert.ok(!none.includes('og:image'));
  // And the page itself still works with the meta in its head.
  const { page } = await newPage();
  await openGame(page, server.url, game, true);
  assert.equal(await page.getAttribute('meta[property="og:image"]', 'content'), meta('og:image'));
});

test('the analysis board imports a record, or moves typed in notation, and steps through it', async () => {
  const { page: player } = await newPage();
  const game = await finishedGame(player);
  const { body: snap } = await api(server.url, `/api/games/${game.id}`);
  const { body: record } = await api(server.url, `/api/games/${game.id}/record`);
  const { body: history } = await api(server.url, `/api/games/${game.id}/history?from=0`);
  const en = await words('en', 'analysis');

  const { page } = await newPage();
  await page.goto(`${server.url}/analysis?variant=kiswahili`);
  await page.waitForSelector('[data-role=import] textarea[name=record]');
  assert.equal((await page.textContent('[data-role=import] h2')).trim(), en['analysis.import.title']);
  await page.fill('[data-role=import] textarea[name=record]', record);
  await page.click('button[data-action=import-record]');
  const moves = () => page.$$eval('[data-role=moves] [data-move]', (els) => els.map((e) => e.dataset.move));
  await page.waitForFunction((n) => document.querySelectorAll('[data-role=moves] [data-move]').length === n, snap.moves.length);
  assert.deepEqual(await moves(), snap.moves);
  assert.equal(await page.textContent('[data-role=import-status]'), en['analysis.import.done'].replace('{n}', snap.moves.length));
  // Shown from the start; each step forward shows the game's next position.
  const shows = async (ply) => {
    const want = pitCounts(history.positions[ply]);
    await page.waitForFunction(
      (w) => Object.entries(w).every(([pit, n]) => document.querySelector(`[data-pit=${pit}]`)?.dataset.count === String(n)),
      want,
      { timeout: 15000 },
    );
    const { pits } = await pageState(page);
    for (const [pit, n] of Object.entries(want)) assert.equal(pits[pit], n, `${pit} after ${ply} moves`);
  };
  await shows(0);
  for (let ply = 1; ply <= 2; ply++) {
    await page.click('button[data-action=forward]');
    await shows(ply);
  }
  await page.click('button[data-action=last]');
  await shows(snap.moves.length);

  // Moves typed in notation, numbers and all; one that cannot be played stops the import there and says why.
  await page.fill('[data-role=import] textarea[name=record]', `1. ${snap.moves[0]} ${snap.moves[1]} 2. Z9Q`);
  await page.click('button[data-action=import-record]');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 2);
  const error = await page.textContent('[data-role=import-error]');
  assert.ok(error.startsWith(en['analysis.import.stopped'].split('{number}')[0] + '3'), error);

  // /analysis?game=ID imports that game's record at once.
  await page.goto(`${server.url}/analysis?game=${game.id}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-role=moves] [data-move]').length === n, snap.moves.length);
  assert.deepEqual(await moves(), snap.moves);
});

test('my games say whom each is against, its clock and how long ago it began; a game against the computer can be removed', async () => {
  const home = await words('en', 'home');
  const { page } = await newPage();
  const post = (body) => api(server.url, '/api/games', { method: 'POST', body: JSON.stringify(body) }).then((r) => r.body);
  const computer = await post({ variant: 'kujifunza', seat: 'south', opponent: 'computer', level: 'easy', clock: { kind: 'live', initial_s: 180, increment_s: 2 } });
  const friend = await post({ variant: 'kiswahili', seat: 'south' });
  await page.goto(`${server.url}/`);
  await page.evaluate((games) => {
    games.forEach((g, i) => localStorage.setItem(`bao.seat.${g.id}`, JSON.stringify({ token: g.token, seat: g.seat, at: Date.now() + i })));
  }, [computer, friend]);
  await page.reload();
  const entry = (id) => `[data-role=my-games] a[data-game="${id}"]`;
  await page.waitForSelector(entry(computer.id));
  assert.equal(await page.getAttribute(entry(computer.id), 'data-opponent'), 'computer:easy');
  assert.equal(await page.getAttribute(entry(computer.id), 'data-clock'), 'live:180+2');
  assert.equal(await page.getAttribute(entry(friend.id), 'data-opponent'), '', 'nobody has joined');
  assert.equal(await page.getAttribute(entry(friend.id), 'data-clock'), 'none');
  const text = await page.textContent(entry(computer.id));
  assert.ok(text.includes(home['mygames.vsComputer'].replace('{level}', home['level.easy'])), text);
  assert.ok(text.includes(home['mygames.yourTurn']), text);
  assert.ok(/\d:\d\d/.test(text), `the clocks: ${text}`);
  // The date, in words relative to now (Intl.RelativeTimeFormat), the moment itself in its datetime.
  const now = new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(0, 'second');
  const time = `${entry(computer.id)} time`;
  assert.equal(await page.textContent(time), now);
  const at = Date.parse(await page.getAttribute(time, 'datetime'));
  assert.ok(Math.abs(at - Date.now()) < 10 * 60 * 1000, `began just now: ${at}`);
  // In Dutch too.
  await page.selectOption('select[name=lang]', 'nl');
  await page.waitForFunction(
    ([sel, want]) => document.querySelector(sel)?.textContent === want,
    [time, new Intl.RelativeTimeFormat('nl', { numeric: 'auto' }).format(0, 'second')],
  );
  await page.selectOption('select[name=lang]', 'en');
  await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want, [time, now]);

  // The game against the computer, unfinished ("Your turn" for ever), can be removed; the friend's game cannot.
  assert.equal(await page.locator(`[data-action=forget-game][data-game="${friend.id}"]`).count(), 0);
  await page.click(`[data-action=forget-game][data-game="${computer.id}"]`);
  assert.equal(await page.locator(entry(computer.id)).count(), 0);
  assert.equal(await page.evaluate((id) => localStorage.getItem(`bao.seat.${id}`), computer.id), null);
  await page.reload();
  await page.waitForSelector(entry(friend.id));
  assert.equal(await page.locator(entry(computer.id)).count(), 0);
});
