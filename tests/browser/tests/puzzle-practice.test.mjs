// Issue 37's puzzle practice in chromium: themed practice (a theme chosen on /puzzles gives puzzles of that
// theme; a solve raises this browser's puzzle rating and counts under the theme, kept in localStorage), and a
// puzzle streak (two solves in a row, then a miss ends it and the best streak stays).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

let server;
let browser;
const problems = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no script errors on any page');
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function newPage() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

const ready = (page) => page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);

async function type(page, move) {
  await page.fill('input[data-role=move-input]', move);
  await page.press('input[data-role=move-input]', 'Enter');
}

/** The puzzle on the page, as the server has it. */
async function shown(page) {
  const id = await page.getAttribute('[data-role=puzzle]', 'data-id');
  const { body } = await api(server.url, `/api/puzzles/${id}`);
  return body;
}

/** Plays the puzzle on the page to its end: its solution, the defender's replies coming from the page. */
async function solve(page) {
  const p = await shown(page);
  for (let i = 0; i < p.solution.length; i += 2) {
    await ready(page);
    await type(page, p.solution[i]);
    if (i + 1 < p.solution.length) {
      await page.waitForFunction((reply) => document.querySelector('[data-role=status]').textContent.includes(reply), p.solution[i + 1]);
    }
  }
  await page.waitForSelector('[data-role=puzzle-result][data-state=solved]');
  return p;
}

/** Waits for a puzzle other than `id` on the page. */
async function nextShown(page, id) {
  await page
    .waitForFunction((old) => {
      const now = document.querySelector('[data-role=puzzle]').dataset.id;
      return now && now !== old;
    }, id)
    .catch(async (e) => {
      // Say what the page showed instead (its status line says why a puzzle did not load).
      const status = await page.textContent('[data-role=status]').catch(() => '?');
      throw new Error(`no puzzle after ${id}: status "${status}", url ${page.url()}: ${e.message}`);
    });
  await page.waitForSelector('[data-pit=A1]');
}

test('themed practice: puzzles of the theme chosen, a solve counted under it and raising the rating', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/puzzles?variant=kiswahili`);
  await page.waitForSelector('[data-role=puzzle][data-id]');
  assert.equal(await page.textContent('[data-role=puzzle-rating]'), '1500');
  const first = await page.getAttribute('[data-role=puzzle]', 'data-id');
  await page.selectOption('select[name=theme]', 'capture_chain');
  await nextShown(page, first);
  const themes = await page.getAttribute('[data-role=puzzle]', 'data-themes');
  assert.ok(themes.split(' ').includes('capture_chain'), themes);
  assert.match(await page.textContent('[data-role=puzzle-info]'), /Capture chain/);
  const p = await solve(page);
  await page.waitForSelector('[data-role=theme-progress] tr[data-theme=capture_chain]');
  const rating = Number(await page.textContent('[data-role=puzzle-rating]'));
  assert.ok(rating > 1500, `rating ${rating}`);
  assert.equal(await page.textContent('[data-role=theme-progress] tr[data-theme=capture_chain] td:nth-child(2)'), '1');
  // Kept by this browser: a reload shows it again.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('bao.puzzleProgress')));
  assert.equal(kept.counts.solved, 1);
  assert.equal(kept.themes.capture_chain.solved, 1);
  // The puzzle's own rating went down with the solve.
  const { body: after } = await api(server.url, `/api/puzzles/${p.id}`);
  assert.ok(after.rating.rating < p.rating.rating, `${after.rating.rating} < ${p.rating.rating}`);
  // The next puzzle keeps the theme.
  await page.click('[data-action=next-puzzle]');
  await nextShown(page, p.id);
  assert.ok((await page.getAttribute('[data-role=puzzle]', 'data-themes')).split(' ').includes('capture_chain'));
  await page.reload();
  await page.waitForSelector('[data-role=puzzle][data-id]');
  assert.equal(await page.inputValue('select[name=theme]'), 'capture_chain');
  assert.equal(Number(await page.textContent('[data-role=puzzle-rating]')), rating);
  await page.context().close();
});

test('a puzzle streak: solves in a row count up, a miss ends it and the best streak stays', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/puzzles?variant=kujifunza`);
  await page.waitForSelector('[data-role=puzzle][data-id]');
  const first = await page.getAttribute('[data-role=puzzle]', 'data-id');
  await page.selectOption('select[name=mode]', 'streak');
  await nextShown(page, first);
  assert.equal(await page.isDisabled('select[name=theme]'), true, 'a streak mixes the themes');
  assert.equal(await page.getAttribute('[data-role=streak]', 'data-streak'), '0');
  let p = await solve(page);
  await page.waitForSelector('[data-role=streak][data-streak="1"]');
  await page.click('[data-action=next-puzzle]');
  await nextShown(page, p.id);
  p = await solve(page);
  await page.waitForSelector('[data-role=streak][data-streak="2"]');
  await page.click('[data-action=next-puzzle]');
  await nextShown(page, p.id);
  // A legal move that is not the solution's ends the streak.
  p = await shown(page);
  const { body: a } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: p.position }) });
  const wrong = a.legal.map((m) => m.move).find((m) => m !== p.solution[0]);
  await ready(page);
  await type(page, wrong);
  await page.waitForSelector('[data-role=puzzle-result][data-state=failed]');
  await page.waitForSelector('[data-role=streak][data-streak="0"]');
  assert.match(await page.textContent('[data-role=status]'), /Streak over after 2 puzzles/);
  await page.waitForFunction(() => /Best streak: 2/.test(document.querySelector('[data-role=best-streak]').textContent));
  await page.context().close();
});
