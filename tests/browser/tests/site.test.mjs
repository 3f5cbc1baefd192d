// What every page shares (issue 28): one site header, rendered by web/common.js, with the same navigation in the
// same order on every page and in every language, the page the visitor is on marked `aria-current="page"`; `/rules`
// and `/rules/` lead to the rules; no page shows a dictionary key instead of its words; and every request goes
// through web/api.js, whose answer to a 429 (or a 503 naming its Retry-After) is to wait the `Retry-After` the server names and try again (a long
// wait is shown, not waited for). The real server and Debian's chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startServer, launchBrowser, api, ROOT } from '../lib/harness.mjs';
import { words, allKeys } from '../lib/words.mjs';

let server;
let browser;
let gameId;
let playerId;
const problems = [];
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const dict = {};
for (const l of LANGS) dict[l] = await words(l);

/** The navigation every page has, in order: its address and its name's key. */
const NAV = [
  ['/', 'nav.play'],
  ['/learn', 'nav.learn'],
  ['/puzzles', 'nav.puzzles'],
  ['/watch', 'nav.watch'],
  ['/leaderboard', 'nav.leaderboard'],
  ['/tournaments', 'nav.tournaments'],
  ['/analysis', 'nav.analysis'],
  ['/rules/kujifunza.html', 'nav.rules'],
];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { body } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'friend' }) });
  gameId = body.id;
  const { body: player } = await api(server.url, '/api/players', { method: 'POST', body: JSON.stringify({ name: 'Site Test' }) });
  playerId = player.id;
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** Every page, with the address of the navigation link it marks as current (null: none, the game page). */
const pages = () => [
  ['/', '/'],
  [`/g/${gameId}`, null],
  ['/learn', '/learn'],
  ['/learn/kiswahili', '/learn'],
  ['/puzzles', '/puzzles'],
  ['/watch', '/watch'],
  ['/leaderboard?variant=kimasai', '/leaderboard'],
  [`/@/${playerId}`, null],
  ['/@/nosuchplayer', null],
  ['/analysis?variant=kimasai', '/analysis'],
  ['/rules/kujifunza.html', '/rules/kujifunza.html'],
  ['/rules/kiswahili.html', '/rules/kujifunza.html'],
  ['/rules/kiswahili-malawi.html', '/rules/kujifunza.html'],
  ['/rules/kimasai.html', '/rules/kujifunza.html'],
];

async function newPage(lang) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { ctx, page };
}

/** The site header as the page shows it, once the page's language is loaded and the footer has its version. */
async function header(page, lang) {
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await page.waitForSelector('footer.site [data-role=version]:not(:empty)');
  return page.evaluate(() => {
    const headers = document.querySelectorAll('header.site');
    const h = headers[0];
    const links = [...h.querySelectorAll('nav a')].map((a) => ({
      href: a.getAttribute('href'),
      text: a.textContent,
      current: a.getAttribute('aria-current'),
    }));
    // The same markup everywhere, but for the mark of the current page and the game page's rules of its game.
    const copy = h.cloneNode(true);
    for (const a of copy.querySelectorAll('[aria-current]')) a.removeAttribute('aria-current');
    for (const a of copy.querySelectorAll('[data-role=rules-link]')) a.setAttribute('href', '/rules/kujifunza.html');
    const first = document.body.firstElementChild;
    return {
      headers: headers.length,
      footers: document.querySelectorAll('footer.site').length,
      langSelects: h.querySelectorAll('select[name=lang]').length,
      langs: [...h.querySelectorAll('select[name=lang] option')].map((o) => o.value),
      theme: h.querySelectorAll('[data-action=theme]').length,
      skip: first.matches('a.skip') && !!document.querySelector(first.getAttribute('href')),
      links,
      markup: copy.outerHTML,
    };
  });
}

test('every page has the same site header and navigation in every language, its own page marked', async () => {
  for (const lang of LANGS) {
    const { ctx, page } = await newPage(lang);
    let markup = null;
    for (const [path, current] of pages()) {
      await page.goto(server.url + path);
      // The game page points the rules link at its game's rules once the game is loaded.
      if (path.startsWith('/g/')) await page.waitForSelector('a[data-role=rules-link][href="/rules/kiswahili.html"]');
      const h = await header(page, lang);
      const where = `${path} (${lang})`;
      assert.equal(h.headers, 1, `${where}: one site header`);
      assert.equal(h.footers, 1, `${where}: one footer`);
      assert.equal(h.langSelects, 1, `${where}: the language switch`);
      assert.deepEqual(h.langs, LANGS, where);
      assert.equal(h.theme, 1, `${where}: the theme toggle`);
      assert.ok(h.skip, `${where}: the skip link comes first and leads somewhere`);
      const rules = path.startsWith('/g/') ? '/rules/kiswahili.html' : '/rules/kujifunza.html';
      assert.deepEqual(
        h.links.map((a) => [a.href, a.text]),
        NAV.map(([href, key]) => [href === '/rules/kujifunza.html' ? rules : href, dict[lang][key]]),
        `${where}: the navigation`,
      );
      assert.deepEqual(
        h.links.filter((a) => a.current !== null).map((a) => [a.href, a.current]),
        current ? [[current === '/rules/kujifunza.html' ? rules : current, 'page']] : [],
        `${where}: the page marked current`,
      );
      if (markup === null) markup = h.markup;
      assert.equal(h.markup, markup, `${where}: the same header as on ${pages()[0][0]}`);
    }
    await ctx.close();
  }
});

test('no page shows a key instead of its words: each finds its own dictionary, in English and in Kiswahili', async () => {
  const keys = await allKeys();
  for (const lang of ['en', 'sw']) {
    const { ctx, page } = await newPage(lang);
    for (const [path] of pages()) {
      await page.goto(server.url + path);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      // Whatever the page draws from the server's answers (a puzzle, an analysis, the game) is drawn by then.
      await page.waitForLoadState('networkidle');
      const shown = await page.evaluate(() => {
        const out = [document.title];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) out.push(n.textContent);
        for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
          for (const el of document.body.querySelectorAll(`[${attr}]`)) out.push(el.getAttribute(attr));
        }
        return out;
      });
      const raw = new Set(shown.flatMap((s) => s.match(/[A-Za-z][\w-]*(?:\.[\w-]+)+/g) || []).filter((w) => keys.has(w)));
      assert.deepEqual([...raw], [], `${path} (${lang}): keys shown instead of words`);
    }
    await ctx.close();
  }
});

test('/rules and /rules/ open the rules page', async () => {
  const { ctx, page } = await newPage('en');
  for (const path of ['/rules', '/rules/']) {
    const resp = await page.goto(server.url + path);
    assert.equal(resp.status(), 200, path);
    assert.equal(new URL(page.url()).pathname, '/rules/kujifunza.html', path);
    await page.waitForSelector('[data-role=rules] h1');
    const h = await header(page, 'en');
    assert.deepEqual(
      h.links.filter((a) => a.current).map((a) => a.href),
      ['/rules/kujifunza.html'],
    );
  }
  await ctx.close();
});

/** The files of web/ that call fetch(): only web/api.js may. */
function fetchers(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fetchers(path));
    else if (name.endsWith('.js') && /\bfetch\(/.test(readFileSync(path, 'utf8'))) out.push(relative(ROOT, path));
  }
  return out;
}

test('every request of the pages goes through web/api.js', () => {
  // The engine's worker fetches its own WebAssembly module and the service worker fills its cache (static files and
  // the shell pages' last API answers, not requests of a page): the two other fetchers.
  assert.deepEqual(fetchers(join(ROOT, 'web')).sort(), ['web/api.js', 'web/engine/worker.js', 'web/sw.js']);
});

/**
 * Answers the page's first POST /api/analysis with 429 and `Retry-After: wait`; lets the others through. Resolves
 * the times (ms) at which the analysis requests arrived.
 */
async function refuseFirstAnalysis(page, wait, status = 429) {
  const times = [];
  const error = status === 429 ? 'rate_limited' : 'busy';
  await page.route('**/api/analysis', async (route) => {
    times.push(Date.now());
    if (times.length === 1) {
      await route.fulfill({
        status,
        headers: { 'content-type': 'application/json', 'retry-after': String(wait) },
        body: JSON.stringify({ error, message: 'too many analyses asked for; try again in a moment' }),
      });
    } else {
      await route.continue();
    }
  });
  return times;
}

test('a 429 from the analysis is tried again after its Retry-After, on every page that asks it', async () => {
  for (const [path, ready] of [
    ['/analysis?variant=kujifunza', '[data-role=board][data-legal]:not([data-legal=""])'],
    ['/puzzles?variant=kiswahili', '[data-role=puzzle][data-id]'],
    ['/learn/kujifunza', '[data-role=board][data-legal]:not([data-legal=""])'],
  ]) {
    const { ctx, page } = await newPage('en');
    const times = await refuseFirstAnalysis(page, 1);
    await page.goto(server.url + path);
    await page.waitForSelector(ready, { timeout: 10000 });
    assert.ok(times.length >= 2, `${path}: asked again (${times.length} requests)`);
    assert.ok(times[1] - times[0] >= 900, `${path}: waited the second it was told (${times[1] - times[0]} ms)`);
    await ctx.close();
  }
});

test('a 503 that names its Retry-After (busy, restarting) is tried again after it', async () => {
  const { ctx, page } = await newPage('en');
  const times = await refuseFirstAnalysis(page, 1, 503);
  await page.goto(server.url + '/analysis?variant=kimasai');
  await page.waitForSelector('[data-role=board][data-legal]:not([data-legal=""])', { timeout: 10000 });
  assert.ok(times.length >= 2, `asked again (${times.length} requests)`);
  assert.ok(times[1] - times[0] >= 900, `waited the second it was told (${times[1] - times[0]} ms)`);
  await ctx.close();
});

test('a 429 asking for a long wait is shown, not waited for', async () => {
  const { ctx, page } = await newPage('en');
  const times = await refuseFirstAnalysis(page, 60);
  await page.goto(server.url + '/puzzles?variant=kiswahili');
  const { 'puzzles.error': error } = await words('en', 'puzzles');
  await page.waitForFunction((text) => document.querySelector('[data-role=status]').textContent === text, error);
  assert.equal(times.length, 1, 'not asked again');
  await ctx.close();
});
