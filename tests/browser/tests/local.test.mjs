// A game against the computer played in the browser (issue 35, /local): after one visit of the home page, with the
// network gone, the game is started from the home page, played to its end with the engine in the browser (Bao la
// Kujifunza against the computer at level 1, animations off), survives a reload, is listed among "your games"; back
// online it is sent to the server (POST /api/games/import) and its review opens on the game's page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until it is the player's turn (returns the legal moves) or the game is over (returns null). */
async function yourTurnOrEnd(page) {
  const h = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-role=result]:not([hidden])')) return { over: true };
      const legal = document.querySelector('[data-role=board]')?.getAttribute('data-legal');
      if (document.body.dataset.turn === 'you' && legal && !document.body.hasAttribute('data-animating')) return { legal: legal.split(' ') };
      return false;
    },
    null,
    { timeout: 30000 },
  );
  const v = await h.jsonValue();
  return v.over ? null : v.legal;
}

/** Waits for the page at an address; when it does not come, says where the page is instead and what it shows. */
async function waitForPage(page, url) {
  try {
    await page.waitForURL(url);
  } catch (e) {
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch(() => '');
    throw new Error(`expected ${url}, the page is at ${page.url()}: ${JSON.stringify(text)} (${e.message})`);
  }
}

const movesShown = (page) => page.$$eval('[data-role=moves] [data-move]', (els) => els.map((e) => e.getAttribute('data-move')));

test('a game against the computer is played offline to its end, kept across a reload, then uploaded and reviewed', async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('bao.speed', 'instant'));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/`);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    while (reg.active.state !== 'activated') await new Promise((r) => reg.active.addEventListener('statechange', r, { once: true }));
  });

  // No network from here to the end of the game.
  await context.setOffline(true);
  await page.selectOption('select[name=variant]', 'kujifunza');
  await page.selectOption('select[name=level]', '1');
  await page.click('a[data-action=play-local]');
  // The page reads the game and level from the address, then shows its form at a plain /local (history.replaceState):
  // either address may be the one seen first. Waiting for the first alone failed whenever the page was quicker than
  // the wait (CI, about one run in several).
  await waitForPage(page, /\/local(\?variant=kujifunza&level=1)?$/);
  await page.waitForSelector('[data-role=setup]', { state: 'visible' });
  assert.equal(await page.inputValue('select[name=level]'), '1');
  await page.selectOption('select[name=seat]', 'south');
  await page.click('[data-action=start-local]');
  await waitForPage(page, /\/local\?id=[0-9a-f]+$/);
  const id = new URL(page.url()).searchParams.get('id');
  assert.equal(await page.getAttribute('body', 'data-seat'), 'south');

  let legal = await yourTurnOrEnd(page);
  assert.ok(legal && legal.length > 0, 'South moves first');
  let plies = 0;
  let reloaded = false;
  while (legal) {
    await page.fill('input[data-role=move-input]', legal[0]);
    await page.press('input[data-role=move-input]', 'Enter');
    plies++;
    legal = await yourTurnOrEnd(page);
    if (legal && plies === 3 && !reloaded) {
      // A reload (still offline) resumes the game where it was.
      const before = await movesShown(page);
      assert.ok(before.length >= 5, before.join(' '));
      await page.reload();
      legal = await yourTurnOrEnd(page);
      assert.deepEqual(await movesShown(page), before);
      reloaded = true;
      // Listed on the home page (offline too), with whom it is against, and that it is this browser's move.
      await page.goto(`${server.url}/`);
      const entry = page.locator(`[data-role=my-games] a[data-game="local:${id}"]`);
      await entry.waitFor();
      assert.equal(await entry.getAttribute('data-opponent'), 'computer:1');
      assert.equal(await entry.getAttribute('data-your-turn'), '');
      await entry.click();
      await waitForPage(page, new RegExp(`/local\\?id=${id}$`));
      legal = await yourTurnOrEnd(page);
    }
    assert.ok(plies < 500, 'the game ends');
  }
  assert.ok(reloaded, 'the game lasted past the reload');
  const result = page.locator('[data-role=result]');
  const winner = await result.getAttribute('data-winner');
  const moves = await movesShown(page);
  assert.ok(moves.length > 6, moves.join(' '));
  // Kept as finished: a reload shows the result again.
  await page.reload();
  await result.waitFor();
  assert.equal(await result.getAttribute('data-winner'), winner);
  assert.equal(await page.getAttribute('body', 'data-turn'), 'none');
  assert.ok(await page.isHidden('input[data-role=move-input]'));

  // Offline, the upload waits for the network and says so.
  await page.click('[data-action=upload]');
  await page.waitForFunction(() => document.querySelector('[data-role=upload-status]').textContent.length > 0);
  assert.ok(await page.isHidden('a[data-role=review-link]'));
  await context.setOffline(false);
  await page.click('[data-action=upload]');
  const link = page.locator('a[data-role=review-link]');
  await link.waitFor();
  const href = await link.getAttribute('href');
  const gameId = href.split('/').pop();
  // The server replayed it: the same moves and result.
  const { status, body: snap } = await api(server.url, `/api/games/${gameId}`);
  assert.equal(status, 200);
  assert.deepEqual(snap.moves, moves);
  assert.equal(snap.status, 'finished');
  assert.equal(snap.result.winner ?? null, winner);
  await link.click();
  await waitForPage(page, new RegExp(`/g/${gameId}$`));
  await page.waitForSelector('body[data-seat=south]');
  await page.click('[data-action=review]');
  await page.waitForSelector('[data-role=moves] [data-move][data-class]', { timeout: 60000 });
  // The home page lists it once, as the server's game.
  await page.goto(`${server.url}/`);
  await page.waitForSelector(`[data-role=my-games] a[data-game="${gameId}"][data-opponent="computer:1"]`);
  assert.equal(await page.locator(`[data-role=my-games] a[data-game="local:${id}"]`).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
