// The leaderboard, /leaderboard?variant=V (issue 33, ui.md "Additions of the third wave"): the established ratings
// of a variant in order (`[data-role=leaderboard][data-variant=V]`, an `a[data-player=ID]` a row, leading to the
// profile), as GET /api/leaderboard gives them: a provisional player is not on it. A variant switcher, an empty
// state, the header's link from every page, in every language. Rated games are played between players made over
// the API (a rated seek accepted, then resigned). The real server and Debian's chromium. Screenshots, desktop and
// phone, go to $BAO_SCREENSHOTS (default /tmp).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';
import { newPlayer, ratedGame } from '../lib/players.mjs';

const SHOTS = process.env.BAO_SCREENSHOTS || '/tmp';
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
/** Rated games played at most while waiting for two established ratings. */
const MAX_GAMES = 60;
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
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return page;
}

before(async () => {
  server = await startServer({ args: ['--create-per-minute', '10000'] });
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function openBoard(page, query = '') {
  await page.goto(`${server.url}/leaderboard${query}`);
  await page.waitForSelector('[data-role=leaderboard-loading]', { state: 'hidden' });
}

const rows = (page) => page.$$eval('[data-role=leaderboard] a[data-player]', (as) => as.map((a) => ({ id: a.dataset.player, name: a.textContent, href: a.getAttribute('href') })));

test('an empty leaderboard says so; the switcher goes through the variants; an unknown one shows the first', async () => {
  const en = await words('en', 'leaderboard');
  const page = await newPage();
  await openBoard(page, '?variant=kimasai');
  assert.equal(await page.getAttribute('[data-role=leaderboard]', 'data-variant'), 'kimasai');
  assert.equal(await page.textContent('[data-role=leaderboard-empty]'), en['leaderboard.empty']);
  assert.equal(await page.isVisible('[data-role=leaderboard-empty]'), true);
  assert.equal(await page.getAttribute('[data-role=variant-tabs] a[aria-current=page]', 'href'), '/leaderboard?variant=kimasai');
  for (const v of VARIANTS) {
    await Promise.all([page.waitForURL(`${server.url}/leaderboard?variant=${v}`), page.click(`[data-role=variant-tabs] a[data-variant="${v}"]`)]);
    await page.waitForSelector(`[data-role=leaderboard][data-variant="${v}"]`, { state: 'attached' });
    await page.waitForSelector('[data-role=leaderboard-empty]:not([hidden])');
    assert.equal(await page.title(), `${en['leaderboard.titleOf'].replace('{variant}', en[`variant.${v}`])} · Bao`);
  }
  for (const q of ['', '?variant=chess']) {
    await openBoard(page, q);
    assert.equal(await page.getAttribute('[data-role=leaderboard]', 'data-variant'), 'kujifunza', q);
  }
  // Every page's header leads here.
  await page.goto(server.url + '/');
  await Promise.all([page.waitForURL(`${server.url}/leaderboard`), page.click('header.site nav a[href="/leaderboard"]')]);
  assert.equal(await page.getAttribute('header.site nav a[href="/leaderboard"]', 'aria-current'), 'page');
});

test('the leaderboard speaks every language', async () => {
  for (const lang of LANGS) {
    const dict = await words(lang, 'leaderboard');
    const page = await newPage({ lang });
    await openBoard(page, '?variant=kiswahili');
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.textContent('h1'), dict['leaderboard.title'], lang);
    assert.equal(await page.textContent('[data-role=leaderboard-empty]'), dict['leaderboard.empty'], lang);
    assert.equal(await page.textContent('header.site nav a[href="/leaderboard"]'), dict['nav.leaderboard'], lang);
    assert.equal(await page.textContent('[data-role=variant-tabs] a[data-variant=kiswahili]'), dict['variant.kiswahili'], lang);
    await page.context().close();
  }
});

test('established players are listed in rating order, each leading to the profile; a provisional one is not', async () => {
  const imani = await newPlayer(server.url, 'Imani');
  const juma = await newPlayer(server.url, 'Juma');
  const kito = await newPlayer(server.url, 'Kito');
  const helper = await newPage();
  await helper.goto(server.url + '/');
  // Imani wins three games of four against Juma until neither rating is provisional any more.
  const established = async () => {
    const [a, b] = await Promise.all([imani, juma].map(async (p) => (await api(server.url, `/api/players/${p.id}`)).body));
    const r = (p) => p.ratings && p.ratings.kujifunza;
    return r(a) && r(b) && !r(a).provisional && !r(b).provisional;
  };
  let played = 0;
  while (!(await established())) {
    assert.ok(played < MAX_GAMES, `two ratings still provisional after ${played} rated games`);
    for (let i = 0; i < 4; i++) {
      const [winner, loser] = i === 3 ? [juma, imani] : [imani, juma];
      const g = await ratedGame(helper, { winner, loser, variant: 'kujifunza' });
      assert.ok(g.ended.ratings, 'a rated game ends with the rating changes');
      played++;
    }
  }
  // Kito's one rated game leaves Kito provisional.
  await ratedGame(helper, { winner: kito, loser: juma, variant: 'kujifunza' });
  const { body: board } = await api(server.url, '/api/leaderboard?variant=kujifunza');
  assert.deepEqual(board.map((e) => e.player.id), [imani.id, juma.id], JSON.stringify(board));

  const page = await newPage();
  await openBoard(page, '?variant=kujifunza');
  assert.deepEqual(await rows(page), [
    { id: imani.id, name: 'Imani', href: `/@/${imani.id}` },
    { id: juma.id, name: 'Juma', href: `/@/${juma.id}` },
  ]);
  const cells = await page.$$eval('[data-role=leaderboard] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(
    cells,
    board.map((e, i) => [String(i + 1), e.player.name, String(Math.round(e.rating)), String(e.games)]),
  );
  assert.equal(await page.isHidden('[data-role=leaderboard-empty]'), true);
  // Another variant has nobody yet.
  await openBoard(page, '?variant=kimasai');
  assert.deepEqual(await rows(page), []);
  await openBoard(page, '?variant=kujifunza');
  await page.screenshot({ path: `${SHOTS}/leaderboard-desktop.png`, fullPage: true });
  const phone = await newPage({ size: [390, 844] });
  await openBoard(phone, '?variant=kujifunza');
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scrolling on a phone');
  await phone.screenshot({ path: `${SHOTS}/leaderboard-phone.png`, fullPage: true });
  // A row leads to the profile, which leads back to this variant's leaderboard.
  await Promise.all([page.waitForURL(`${server.url}/@/${imani.id}`), page.click(`[data-role=leaderboard] a[data-player="${imani.id}"]`)]);
  await page.waitForSelector('[data-role=rating][data-variant=kujifunza]');
  assert.equal(await page.getAttribute('[data-role=rating][data-variant=kujifunza]', 'data-provisional'), null);
  await Promise.all([
    page.waitForURL(`${server.url}/leaderboard?variant=kujifunza`),
    page.click('[data-role=rating][data-variant=kujifunza] a[href="/leaderboard?variant=kujifunza"]'),
  ]);
});
