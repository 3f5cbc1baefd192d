// Issue 37, point 3: your mistakes as puzzles in chromium. A player's imported Bao la Kujifunza game in which
// South throws the proven win away at once is reviewed; the player's own profile lists that blunder under "Your
// mistakes" (another player's view of the profile does not), its link opens it on /puzzles, a wrong move is
// refused and may be tried again, the better move solves it (the page shows the computer's line), and the
// profile then shows it solved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { newPlayer, asPlayer, becomePlayer } from '../lib/players.mjs';

let server;
let browser;
const problems = [];

before(async () => {
  server = await startServer({ args: ['--review-ms', '40', '--create-per-minute', '1000'] });
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no script errors on any page');
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function newPage(player, size = [1280, 800]) {
  const ctx = await browser.newContext({ viewport: { width: size[0], height: size[1] }, locale: 'en-US', reducedMotion: 'reduce' });
  if (player) await becomePlayer(ctx, server.url, player);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

const analyse = async (position) => (await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position }) })).body;

/** The review of game `id`, once the server has made it. */
async function reviewOf(id) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await api(server.url, `/api/games/${id}/review`);
    if (r.status === 200) return r.body;
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.ok(Date.now() < deadline, `the review of ${id} did not come`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Imports, as `player` holding South, Kujifunza games of one South move and one North reply, resigned, until
 * the review calls South's move a blunder from a forced win (the start is a proven win for South, and some first
 * moves throw it away); answers the game, its review and the move.
 */
async function blunderedGame(player) {
  const side = { front: Array(8).fill(2), back: Array(8).fill(2), hand: 0, house: false };
  const start = await analyse({ variant: 'kujifunza', to_move: 'south', south: side, north: side, takasia: null, result: null });
  for (const first of start.legal) {
    const reply = (await analyse(first.position)).legal[0].move;
    const made = await asPlayer(server.url, player, '/api/games/import', {
      body: { variant: 'kujifunza', seat: 'south', level: '3', moves: [first.move, reply], result: { winner: 'north', reason: 'resign' } },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const review = await reviewOf(made.body.id);
    if (review.moves[0].class === 'blunder') return { game: made.body.id, review, move: first.move };
  }
  throw new Error('no first move of South was reviewed as a blunder');
}

test('a blunder of a reviewed game comes back to its player as a puzzle, solved from the profile', async () => {
  const me = await newPlayer(server.url, 'Baraka');
  const other = await newPlayer(server.url, 'Neema');
  const { game, review, move } = await blunderedGame(me);
  const best = review.moves[0].best;
  const id = `${game}-0`;

  const page = await newPage(me);
  await page.goto(`${server.url}/@/${me.id}`);
  const item = page.locator(`[data-role=mistake-list] li[data-mistake="${id}"]`);
  await item.waitFor();
  assert.ok(await page.isVisible('[data-role=profile-mistakes]'));
  assert.match(await item.textContent(), new RegExp(`Bao la Kujifunza, move 1: you played ${move}.*a win was there`));
  assert.equal(await item.getAttribute('data-solved'), null);
  assert.match(await page.textContent('[data-role=mistakes-summary]'), /still to solve/);

  // Someone else looking at the profile sees no mistakes of it.
  const theirs = await newPage(other);
  await theirs.goto(`${server.url}/@/${me.id}`);
  await theirs.waitForSelector('[data-role=profile]:not([hidden])');
  await theirs.waitForSelector('[data-role=profile-puzzles]', { state: 'attached' });
  assert.equal(await theirs.isVisible('[data-role=profile-mistakes]'), false);

  // The link opens it on /puzzles: the game's position, the task naming the move played.
  await item.locator('a').click();
  await page.waitForURL(`**/puzzles?mistake=${id}`);
  await page.waitForSelector(`[data-role=puzzle][data-mistake][data-id="${id}"]`);
  const ready = () => page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);
  await ready();
  assert.match(await page.textContent('[data-role=puzzle-task]'), new RegExp(`you played ${move}, but a move that wins by force was there`));
  assert.equal(await page.isDisabled('button[data-action=hint]'), true, 'no hint: the answer stays on the server');
  assert.equal(await page.getAttribute('a[data-role=mistake-game]', 'href'), `/g/${game}`);

  // The same move again: not it; try again.
  await page.fill('input[data-role=move-input]', move);
  await page.press('input[data-role=move-input]', 'Enter');
  await page.waitForSelector('[data-role=puzzle-result][data-state=failed]');
  assert.match(await page.textContent('[data-role=puzzle-result-text]'), /Not this one/);
  await page.click('[data-action=retry-puzzle]');
  await ready();
  await page.fill('input[data-role=move-input]', best);
  await page.press('input[data-role=move-input]', 'Enter');
  await page.waitForSelector('[data-role=puzzle-result][data-state=solved]');
  const said = await page.textContent('[data-role=puzzle-result-text]');
  assert.ok(said.startsWith(`Found it: ${best}. The line the computer expected: ${best}`), said);

  // Kept on the server: the profile shows it solved.
  const { body: list } = await asPlayer(server.url, me, '/api/mistakes');
  assert.equal(list.mistakes.find((m) => m.id === id).solved, true);
  await page.goto(`${server.url}/@/${me.id}`);
  await page.locator(`[data-role=mistake-list] li[data-mistake="${id}"][data-solved]`).waitFor();
  assert.match(await page.textContent(`[data-role=mistake-list] li[data-mistake="${id}"]`), /✓ solved/);
});
