// What crowded the first screens (issue 34, points 2 and 4): on a phone the home page offers playing without
// scrolling (the computer, a friend, quick pairing) and shows the Beta mark; on a desktop the friend's part holds
// no large empty area. On the board the direction arrows hide none of the neighbouring pits' seeds, counts or
// names, a big pile covers neither its pit's name nor its count (nor do they cover each other), and the move box
// is folded for a mouse or touch player but reached, unfolded and played by the keyboard (and named for a screen
// reader). The real server and Debian's chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { directionPit } from '../lib/game-pages.mjs';

let server;
let browser;
const contexts = [];
const problems = [];

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

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

async function newPage(opts = {}, lang = 'en') {
  const ctx = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce', ...opts });
  await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

/** The box of the first element matching `sel`, in page coordinates (the page scrolled to its top). */
const boxOf = (page, sel) =>
  page.evaluate((s) => {
    window.scrollTo(0, 0);
    const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  }, sel);

test('on a 390x844 phone the home page offers playing on its first screen, in every language, and shows Beta', async () => {
  for (const lang of ['en', 'sw', 'nl', 'sv', 'af']) {
    const page = await newPage(PHONE, lang);
    await page.goto(server.url + '/');
    await page.waitForSelector('[data-action=quick-pair]');
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const sels = ['[data-action=play-computer]', '[data-action=play-friend]'];
    const quick = await page.locator('[data-action=quick-pair]').count();
    assert.ok(quick >= 1, 'quick pairing buttons');
    for (let i = 0; i < quick; i++) sels.push(`[data-action=quick-pair]:nth-child(${i + 1} of [data-action=quick-pair])`);
    for (const sel of sels) {
      const b = await boxOf(page, sel);
      assert.ok(b.width > 0 && b.height > 0 && b.top >= 0 && b.bottom <= 844, `${lang}: ${sel} within the first 844 px: ${JSON.stringify(b)}`);
    }
    // The computer's strength reads whole once its rating is in ("Level 5 · Medium · about 1500"): beside the
    // button it was cut to "Vlak 5 · Ge…".
    await page.waitForFunction(() => /\d{3,}/.test(document.querySelector('select[name=level]').selectedOptions[0].textContent));
    const level = await page.$eval('select[name=level]', (s) => {
      const css = getComputedStyle(s);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = css.font;
      const text = s.selectedOptions[0].textContent;
      // The native arrow takes about 20 px beside the padding.
      const room = s.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20;
      return { text, needs: ctx.measureText(text).width, room };
    });
    assert.ok(level.needs <= level.room, `${lang}: the strength "${level.text}" needs ${level.needs} px, has ${level.room}`);
    // The Beta mark, at 390 px wide too.
    assert.ok(await page.locator('header.site .beta').isVisible(), `${lang}: Beta shown`);
    const beta = await boxOf(page, 'header.site .beta');
    assert.ok(beta.width >= 20 && beta.bottom <= 120 && beta.right <= 390, `${lang}: Beta in the header: ${JSON.stringify(beta)}`);
    assert.ok((await page.textContent('header.site .beta')).trim().length > 0);
    // The hooks of ui.md are all there.
    for (const sel of ['select[name=variant]', 'select[name=level]', 'select[name=clock]', 'select[name=seat]', 'select[name=rated]', '[data-role=lobby]', '[data-role=my-games]', '[data-action=create-seek]']) {
      assert.equal(await page.locator(sel).count(), 1, `${lang}: ${sel}`);
    }
    // No sideways scrolling.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${lang}: no sideways scroll`);
  }
});

test('on a 1280x800 desktop the friend\u2019s part has no large empty area, and every way to play is on the first screen', async () => {
  const page = await newPage(DESKTOP);
  await page.goto(server.url + '/');
  await page.waitForSelector('[data-action=quick-pair]');
  // The box around the friend's button: its height less what its children take (their vertical extents merged) and
  // its padding: the empty space inside it, at most two gaps' worth.
  const empty = await page.evaluate(() => {
    const box = document.querySelector('[data-action=play-friend]').parentElement;
    const cs = getComputedStyle(box);
    const r = box.getBoundingClientRect();
    const inner = r.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth);
    const spans = [...box.children]
      .map((c) => c.getBoundingClientRect())
      .filter((c) => c.height > 0)
      .map((c) => [c.top, c.bottom])
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let end = -Infinity;
    for (const [top, bottom] of spans) {
      if (bottom <= end) continue;
      covered += bottom - Math.max(top, end);
      end = bottom;
    }
    return { inner, covered, empty: inner - covered };
  });
  assert.ok(empty.empty <= 32, `the friend's part is as high as what it holds: ${JSON.stringify(empty)}`);
  for (const sel of ['[data-action=play-computer]', '[data-action=play-friend]', '[data-action=quick-pair]']) {
    const b = await boxOf(page, sel);
    assert.ok(b.top >= 0 && b.bottom <= 800, `${sel} on the first screen: ${JSON.stringify(b)}`);
  }
});

/** A Kujifunza game between friends, South to move; `open` shows it to South with `pile` seeds in the picked pit
 * and its neighbours (injected into the page's snapshots, as a position the server could send). */
async function friendGame() {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kujifunza', opponent: 'friend', seat: 'south' }) });
  await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  return g;
}

const PLACE = { A: ['south', 'front'], B: ['south', 'back'], a: ['north', 'front'], b: ['north', 'back'] };

async function openGame(g, opts, piles = {}, myTurn = true) {
  const page = await newPage(opts);
  const pile = (game) => {
    if (!game || !game.position) return;
    for (const [pit, n] of Object.entries(piles)) {
      const [side, row] = PLACE[pit[0]];
      game.position[side][row][Number(pit.slice(1)) - 1] = n;
    }
  };
  if (Object.keys(piles).length) {
    await page.route(`**/api/games/${g.id}`, async (route) => {
      const r = await route.fetch();
      const body = await r.json();
      pile(body);
      await route.fulfill({ response: r, json: body });
    });
    await page.routeWebSocket(/\/ws\//, (ws) => {
      ws.connectToServer().onMessage((m) => {
        const msg = JSON.parse(String(m));
        if (msg.t === 'snapshot') pile(msg.game);
        ws.send(JSON.stringify(msg));
      });
    });
  }
  await page.goto(server.url + '/healthz');
  await page.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), g);
  await page.goto(server.url + g.url);
  await page.waitForSelector('[data-role=connection][data-state=open]');
  if (myTurn) await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  else await page.waitForSelector('[data-pit=A1]');
  return page;
}

/** Which of the boxes of `a` (selector) meet the boxes of `b`, by more than half a pixel each way. */
const overlaps = (page, a, b) =>
  page.evaluate(
    ([sa, sb]) => {
      const boxes = (s) =>
        [...document.querySelectorAll(s)]
          .filter((e) => getComputedStyle(e).display !== 'none')
          .map((e) => [e, e.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && r.height > 0);
      const meet = (r, q) => Math.min(r.right, q.right) - Math.max(r.left, q.left) > 0.5 && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 0.5;
      const out = [];
      const name = (e) => `${e.closest('[data-pit]')?.dataset.pit || e.closest('[data-dir]')?.dataset.dir || '?'} ${e.getAttribute('class') || e.tagName}`;
      for (const [ea, ra] of boxes(sa)) for (const [eb, rb] of boxes(sb)) if (ea !== eb && meet(ra, rb)) out.push(`${name(ea)} / ${name(eb)}`);
      return out;
    },
    [a, b],
  );

for (const [size, opts] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the board at ${size} size: arrows beside the picked pit hide no seeds, counts or names; a pile of 30 covers neither name nor count`, async () => {
    const g = await friendGame();
    // The pit to pick (two directions), from a plain page first.
    const probe = await openGame(g, opts);
    const pit = await directionPit(probe);
    const n = Number(pit.slice(1));
    const row = pit[0];
    const piles = { [pit]: 30 };
    for (const k of [n - 1, n + 1]) if (k >= 1 && k <= 8) piles[`${row}${k}`] = 30;
    // The pits above and below too (the arrows are as high as a pit).
    piles[`${row === 'A' ? 'B' : 'A'}${n}`] = 30;
    const page = await openGame(g, opts, piles);
    for (const [p, k] of Object.entries(piles)) assert.equal(await page.getAttribute(`[data-pit=${p}]`, 'data-count'), String(k));
    assert.ok(await page.evaluate(() => document.querySelector('svg.board').classList.contains('coords')), 'pit names shown');
    // The picked pit's arrows: every pit's seeds, counts and names (the picked pit's own name and count too) free.
    if (opts.hasTouch) await page.tap(`[data-pit=${pit}]`);
    else await page.click(`[data-pit=${pit}]`);
    await page.waitForSelector('svg .arrow[data-dir=L]');
    await page.waitForSelector('svg .arrow[data-dir=R]');
    const faces = 'svg .arrow .arrow-face, svg .arrow path';
    assert.deepEqual(await overlaps(page, faces, '[data-pit] .seed'), [], 'no seed under an arrow');
    assert.deepEqual(await overlaps(page, faces, '[data-pit] .count, [data-pit] .name'), [], 'no count or name under an arrow');
    // A pile of 30: its name and its count meet neither each other nor its seeds.
    for (const p of Object.keys(piles)) {
      assert.deepEqual(await overlaps(page, `[data-pit=${p}] .name`, `[data-pit=${p}] .count`), [], `${p}: name and count apart`);
      assert.deepEqual(await overlaps(page, `[data-pit=${p}] .name, [data-pit=${p}] .count`, `[data-pit=${p}] .seed`), [], `${p}: name and count off the seeds`);
    }
    // The arrows still play: the left one plays the move to the left.
    const before = await page.locator('[data-role=moves] [data-move]').count();
    if (opts.hasTouch) await page.tap('svg .arrow[data-dir=L]');
    else await page.click('svg .arrow[data-dir=L]');
    await page.waitForFunction((k) => document.querySelectorAll('[data-role=moves] [data-move]').length > k, before);
    assert.equal((await page.getAttribute('[data-role=moves] [data-move]', 'data-move')), `${pit}L`);
  });
}

test('the move box is folded for a mouse or touch player, and reached, unfolded and played by the keyboard', async () => {
  const g = await friendGame();
  const page = await openGame(g, DESKTOP);
  const input = 'input[data-role=move-input]';
  /** Whether the input is what a click at its middle reaches (not clipped away, nothing over it). */
  const reachable = () =>
    page.evaluate((s) => {
      const el = document.querySelector(s);
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return r.width > 20 && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
    }, input);
  assert.equal(await reachable(), false, 'folded for a mouse player');
  assert.ok(await page.locator('[data-action=type-move]').isVisible(), 'its toggle is shown');
  // A screen reader finds the box by its name, folded or not.
  assert.equal(await page.getByRole('textbox', { name: 'Type a move' }).count(), 1);
  // The keyboard: Tab from the top of the page reaches the input, which unfolds.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  let found = false;
  for (let i = 0; i < 80 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate((s) => document.activeElement === document.querySelector(s), input);
  }
  assert.ok(found, 'Tab reaches the move box');
  assert.equal(await reachable(), true, 'unfolded while it has the focus');
  const { body: snap } = await api(server.url, `/api/games/${g.id}`);
  await page.keyboard.type(snap.legal[0]);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  assert.equal(await page.getAttribute('[data-role=moves] [data-move]', 'data-move'), snap.legal[0]);
  // Leaving it folds it again; the toggle opens it for a mouse player, and the choice is kept.
  await page.evaluate(() => document.activeElement.blur());
  assert.equal(await reachable(), false, 'folded again');
  await page.click('[data-action=type-move]');
  assert.equal(await page.evaluate((s) => document.activeElement === document.querySelector(s), input), true, 'the toggle focuses the input');
  await page.evaluate(() => document.activeElement.blur());
  assert.equal(await reachable(), true, 'opened by its toggle, it stays open');
  await page.reload();
  await page.waitForSelector('[data-role=connection][data-state=open]');
  assert.equal(await reachable(), true, 'and stays open after a reload');
  // On a phone it is folded too (North's turn now: South's box stays), and no keyboard opens by itself.
  const phone = await openGame(g, PHONE, {}, false);
  assert.ok(await phone.locator('[data-action=type-move]').isVisible());
  assert.equal(
    await phone.evaluate(() => {
      const el = document.querySelector('input[data-role=move-input]');
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
    }),
    false,
  );
});
