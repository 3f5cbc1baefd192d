// Tournaments (issue 38, ui.md "Additions of the third wave": `/t/{id}`): three players in three browsers. One
// creates an arena from /tournaments and lands on its page; all three join with `[data-action=join-tournament]`;
// the two first paired have their game opened by itself, seated; one resigns, and the standings
// (`[data-role=standings]`, `a[data-player]` rows in order) show the winner first with 2 points; a player withdraws
// with `[data-action=withdraw-tournament]`; the arena ends on time (an arena's minute is 6 s here). The pages in
// every language. The real server and Debian's chromium.
// Screenshots, desktop and phone, go to $BAO_SCREENSHOTS (default /tmp).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';

const SHOTS = process.env.BAO_SCREENSHOTS || '/tmp';
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
let server;
let browser;
const contexts = [];
const problems = [];

async function newPage({ lang = 'en', size = [1280, 800] } = {}) {
  const ctx = await browser.newContext({ viewport: { width: size[0], height: size[1] }, locale: 'en-US', reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

before(async () => {
  // An arena's minute lasts 6 s here: the shortest arena (5 minutes) is played to its end in 30 s.
  server = await startServer({ args: ['--tournament-minute-ms', '6000'] });
  browser = await launchBrowser();
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

test('three players join an arena from its page, the paired ones are taken to their game, the standings follow', async () => {
  const [a, b, c] = [await newPage(), await newPage(), await newPage({ size: [390, 844] })];
  await a.goto(`${server.url}/tournaments`);
  await a.waitForSelector('[data-role=tournaments-empty]:not([hidden])');
  await a.selectOption('select[name=kind]', 'arena');
  await a.selectOption('select[name=variant]', 'kujifunza');
  await a.fill('input[name=minutes]', '5');
  await a.fill('input[name=starts_in]', '0');
  await a.click('[data-action=create-tournament]');
  await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const url = a.url();
  const id = url.split('/t/')[1];
  await a.waitForSelector('[data-role=standings-empty]:not([hidden])');
  // The home page shows it among the next tournaments.
  const home = await newPage();
  await home.goto(`${server.url}/`);
  await home.waitForSelector(`[data-role=home-tournaments]:not([hidden]) a[data-tournament="${id}"]`);
  assert.match(await a.textContent('[data-role=tournament-title]'), /Arena · Bao la Kujifunza · 5 min \+ 3 s/);
  await a.screenshot({ path: `${SHOTS}/tournament-empty-desktop.png` });

  // a joins: alone, nobody to play; its row is there.
  await a.click('[data-action=join-tournament]');
  await a.waitForSelector('[data-action=withdraw-tournament]:not([hidden])');
  await a.waitForSelector('[data-role=standings] a[data-player]');
  // b joins from the list: the two are paired and both their pages open the game, seated.
  await b.goto(`${server.url}/tournaments`);
  await b.click(`a[data-tournament="${id}"]`);
  await b.waitForURL(url);
  await b.click('[data-action=join-tournament]');
  await Promise.all([a.waitForURL(/\/g\//, { timeout: 15000 }), b.waitForURL(/\/g\//, { timeout: 15000 })]);
  assert.equal(a.url(), b.url(), 'the same game');
  const seats = [await a.getAttribute('body', 'data-seat'), await b.getAttribute('body', 'data-seat')];
  await a.waitForFunction(() => document.body.dataset.seat === 'south' || document.body.dataset.seat === 'north');
  await b.waitForFunction(() => document.body.dataset.seat === 'south' || document.body.dataset.seat === 'north');
  assert.notEqual(await a.getAttribute('body', 'data-seat'), await b.getAttribute('body', 'data-seat'), `two seats: ${seats}`);

  // c joins on a phone: it waits (both others are playing).
  await c.goto(url);
  await c.click('[data-action=join-tournament]');
  await c.waitForSelector('[data-action=withdraw-tournament]:not([hidden])');
  await c.waitForFunction(() => document.querySelectorAll('[data-role=standings] a[data-player]').length === 3);
  await c.screenshot({ path: `${SHOTS}/tournament-phone.png`, fullPage: true });

  // a resigns: b wins 2 points and leads.
  await a.click('[data-action=resign]');
  await a.click('[data-action=confirm-resign]');
  await a.waitForSelector('[data-role=result]:not([hidden])');
  const bId = await b.evaluate(() => localStorage.getItem('bao.player'));
  // c was waiting: it is paired now with a or b (not those two again at once), and its page opens its game.
  await c.waitForURL(/\/g\//, { timeout: 15000 });
  // The standings: b first, with 2 points.
  await a.goto(url);
  await a.waitForFunction(
    (who) => {
      const first = document.querySelector('[data-role=standings] tbody tr');
      return first?.querySelector('a[data-player]')?.getAttribute('data-player') === who && first.querySelector('.num')?.textContent === '2';
    },
    bId,
    { timeout: 15000 },
  );
  await c.goto(url);
  await c.click('[data-action=withdraw-tournament]');
  await c.waitForSelector('[data-action=join-tournament]:not([hidden])');
  await c.waitForSelector('[data-role=standings] tr.withdrawn');
  await a.goto(url);
  await a.waitForSelector('[data-role=tournament-games] a[data-game]');
  await a.screenshot({ path: `${SHOTS}/tournament-desktop.png`, fullPage: true });
  // The arena ends on time: the page says so and offers joining no more. Watched from a page of nobody in it:
  // a and b are still in the arena and may be paired again until it ends, which takes their pages to the game.
  await home.goto(url);
  await home.waitForSelector('body[data-status=finished]', { timeout: 45000 });
  assert.equal(await home.isHidden('[data-action=join-tournament]'), true);
  assert.equal(await home.isHidden('[data-action=withdraw-tournament]'), true);
  assert.match(await home.textContent('[data-role=tournament-status]'), /Finished/);
  assert.deepEqual(problems, []);
});

test('the tournament pages speak every language', async () => {
  for (const lang of LANGS) {
    const w = await words(lang, 'tournaments');
    const p = await newPage({ lang });
    await p.goto(`${server.url}/tournaments`);
    await p.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal((await p.textContent('h1')).trim(), w['tournaments.title'], lang);
    assert.equal((await p.textContent('[data-action=create-tournament]')).trim(), w['tournaments.createButton'], lang);
    assert.equal((await p.textContent('header nav a[href="/tournaments"]')).trim(), w['nav.tournaments'], lang);
    await p.goto(`${server.url}/t/nosuchtournament`);
    await p.waitForSelector('[data-role=tournament-error]:not([hidden])');
    assert.equal((await p.textContent('[data-role=tournament-error]')).trim(), w['tournaments.noSuch'], lang);
  }
  assert.deepEqual(problems, []);
});
