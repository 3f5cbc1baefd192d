// The analysis board's editor, evaluation and export (issue 34, point 5), in chromium against the real server,
// by the hooks of spec/ui.md: [data-action=edit] toggles the editor, a click adds a seed, a right-click (or
// [data-action=remove-seed] then a click) takes one away, [data-action=to-move] switches the side to move,
// [data-role=setup-error] says why a set-up is refused (bao-core's message, through POST /api/analysis), and
// [data-role=eval] shows the computer's evaluation, in words for a forced result, with a bar and three lines. The
// position is exported as JSON, the moves as notation, and as a link that opens the same board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, pitCounts } from '../lib/harness.mjs';
import { openGame, playTyped } from '../lib/game-pages.mjs';
import { axeViolations, describe } from '../lib/axe.mjs';

let server;
let browser;
const contexts = [];
const problems = [];

/** Puzzle kujifunza-0002 (puzzles/kujifunza.json): South wins in 2 moves, A5L b6R B2L, and no sooner. */
const WIN_IN_2 = {
  variant: 'kujifunza',
  to_move: 'south',
  south: { front: [1, 4, 7, 2, 15, 1, 2, 3], back: [0, 2, 5, 0, 5, 0, 2, 3], hand: 0, house: false },
  north: { front: [1, 1, 1, 1, 1, 0, 0, 0], back: [0, 1, 0, 2, 2, 2, 0, 0], hand: 0, house: false },
  takasia: null,
  result: null,
};

async function newPage() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

before(async () => {
  // Many small analyses (one per edit): the per-address limit out of the way.
  server = await startServer({ args: ['--analysis-per-minute', '1000'] });
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

const legalOf = async (page) => (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ').filter(Boolean);
const waitLegal = (page) => page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
const count = (page, pit) => page.getAttribute(`[data-pit=${pit}]`, 'data-count');
const waitCount = (page, pit, n) =>
  page.waitForFunction(([p, c]) => document.querySelector(`[data-pit=${p}]`).getAttribute('data-count') === String(c), [pit, n]);
/** The position the page shows, from its JSON box. */
const shownPosition = async (page) => JSON.parse(await page.inputValue('textarea[name=position]'));

test('the editor: toggled, a click adds a seed, a right-click or the remove mode takes one, the side to move switches', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/analysis?variant=kujifunza`);
  await waitLegal(page);
  assert.equal(await page.isVisible('[data-role=editor]'), false);
  await page.click('[data-action=edit]');
  await page.waitForSelector('[data-role=editor]', { state: 'visible' });
  assert.equal(await page.getAttribute('[data-action=edit]', 'aria-pressed'), 'true');

  // Kujifunza's start: two seeds in every pit.
  assert.equal(await count(page, 'A1'), '2');
  await page.click('[data-pit=A1]');
  await waitCount(page, 'A1', 3);
  // 65 seeds: bao-core's message, from the server.
  await page.waitForFunction(() => /64/.test(document.querySelector('[data-role=setup-error]').textContent));
  await page.click('[data-pit=A1]', { button: 'right' });
  await waitCount(page, 'A1', 2);
  await page.waitForFunction(() => document.querySelector('[data-role=setup-error]').textContent === '');
  // The remove mode (for touch screens): a click takes a seed away.
  await page.click('[data-action=remove-seed]');
  assert.equal(await page.getAttribute('[data-action=remove-seed]', 'aria-pressed'), 'true');
  await page.click('[data-pit=b8]');
  await waitCount(page, 'b8', 1);
  await page.click('[data-action=remove-seed]');
  await page.click('[data-pit=a3]');
  await waitCount(page, 'a3', 3);
  // The side to move.
  assert.match(await page.textContent('[data-role=status]'), /South to move/);
  await page.click('[data-action=to-move]');
  await page.waitForFunction(() => /North to move/.test(document.querySelector('[data-role=status]').textContent));
  await page.waitForFunction(() => document.querySelector('[data-role=setup-error]').textContent === '');

  // Done: the set-up is the board's position, North to move, with the server's moves for it.
  await page.click('[data-action=edit]');
  await page.waitForSelector('[data-role=editor]', { state: 'hidden' });
  await page.waitForFunction(() => /^[ab]/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  const pos = await shownPosition(page);
  assert.equal(pos.to_move, 'north');
  assert.deepEqual([pos.north.back[7], pos.north.front[2], pos.south.front[0]], [1, 3, 2]);
  const { body: check } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: pos }) });
  assert.deepEqual((await legalOf(page)).sort(), check.legal.map((m) => m.move).sort());
});

test('an illegal set-up says why and is not taken; a variant\'s start and a game\'s position can be set up', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/analysis?variant=kiswahili`);
  await waitLegal(page);
  await page.click('[data-action=edit]');
  // Kiswahili's namua stage: 22 seeds in each hand, changed with + and −.
  assert.equal(await page.textContent('[data-role=hand-count][data-side=south]'), '22');
  await page.click('[data-action=hand-minus][data-side=south]');
  await page.waitForFunction(() => document.querySelector('[data-role=hand][data-side=south]').getAttribute('data-count') === '21');
  await page.waitForFunction(() => /64/.test(document.querySelector('[data-role=setup-error]').textContent));
  // Leaving the editor with it: refused, the message stays, the editor too.
  await page.click('[data-action=edit-done]');
  await page.waitForFunction(() => /64/.test(document.querySelector('[data-role=setup-error]').textContent));
  assert.equal(await page.isVisible('[data-role=editor]'), true);
  // The editor with its message passes axe (WCAG 2.1 A and AA), like every page of a11y.test.mjs.
  const found = await axeViolations(page);
  assert.deepEqual(found, [], describe(found));
  await page.click('[data-action=hand-plus][data-side=south]');
  await page.waitForFunction(() => document.querySelector('[data-role=setup-error]').textContent === '');

  // Any game's start, the Malawi opening among them.
  const options = await page.$$eval('select[name=setup-start] option', (os) => os.map((o) => o.value).filter(Boolean));
  assert.deepEqual(options, ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai']);
  await page.selectOption('select[name=setup-start]', 'kiswahili-malawi');
  await waitCount(page, 'A5', 8);
  assert.equal(await page.textContent('[data-role=hand-count][data-side=north]'), '20');
  await page.click('[data-action=edit-done]');
  await page.waitForSelector('[data-role=editor]', { state: 'hidden' });
  assert.equal((await shownPosition(page)).variant, 'kiswahili-malawi');

  // A game's position, from its link in the editor, and from ?game=ID: a game against the computer, two moves in.
  const { body: game } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kimasai', opponent: 'computer', level: 'easy', seat: 'south' }) });
  const gamePage = await newPage();
  await openGame(gamePage, server.url, game, true);
  await playTyped(gamePage, server.url, game, 1);
  // The computer's answer: South to move again.
  await gamePage.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 2, null, { timeout: 30000 });
  const { body: snap } = await api(server.url, `/api/games/${game.id}`);
  assert.equal(snap.moves.length, 2);
  await page.click('[data-action=edit]');
  await page.fill('input[name=game]', `${server.url}/g/${game.id}`);
  await page.click('[data-action=load-game]');
  await page.waitForSelector('[data-role=editor]', { state: 'hidden' });
  await waitLegal(page);
  assert.deepEqual(await shownPosition(page), snap.position);
  const page2 = await newPage();
  await page2.goto(`${server.url}/analysis?game=${game.id}`);
  await waitLegal(page2);
  const counts = pitCounts(snap.position);
  for (const pit of Object.keys(counts)) assert.equal(await count(page2, pit), String(counts[pit]), pit);
});

test('a forced win is told in words with the bar, the best line and the two next-best moves', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/analysis?variant=kujifunza&position=${encodeURIComponent(JSON.stringify(WIN_IN_2))}`);
  await waitLegal(page);
  await page.click('[data-action=engine]');
  await page.waitForSelector('[data-role=eval]:not([hidden])', { timeout: 30000 });
  assert.match(await page.textContent('[data-role=eval]'), /South wins in 2 moves/);
  assert.doesNotMatch(await page.textContent('[data-role=eval]'), /2999\d/, 'no raw score');
  assert.ok(await page.isVisible('[data-role=eval-bar]'));
  assert.equal(await page.getAttribute('[data-role=eval-bar]', 'data-south'), '100');
  const box = await page.locator('[data-role=eval-bar] .south-share').boundingBox();
  const bar = await page.locator('[data-role=eval-bar]').boundingBox();
  assert.ok(box.width > bar.width * 0.9, 'the bar is South\'s');
  // Three lines: distinct legal moves, the best first with the winning line.
  const lines = await page.$$eval('[data-role=lines] [data-role=line]', (ls) =>
    ls.map((l) => ({ move: l.dataset.move, eval: l.querySelector('.line-eval').textContent, moves: l.querySelector('.line-moves').textContent })),
  );
  assert.equal(lines.length, 3, JSON.stringify(lines));
  const legal = await legalOf(page);
  for (const l of lines) assert.ok(legal.includes(l.move), `${l.move} is legal`);
  assert.equal(new Set(lines.map((l) => l.move)).size, 3);
  assert.deepEqual(lines[0], { move: 'A5L', eval: 'South wins in 2 moves', moves: 'A5L b6R B2L' });
  assert.equal(await page.getAttribute('[data-role=best-move]', 'data-move'), 'A5L');
  for (const l of lines.slice(1)) assert.doesNotMatch(l.eval, /^\d|2999/);
  // The best line played on the board: three moves, South has won.
  await page.click('[data-role=lines] [data-role=line] .line-moves');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 3, null, { timeout: 20000 });
  await page.waitForFunction(() => /South wins/.test(document.querySelector('[data-role=status]').textContent));
});

test('an ordinary evaluation is a number from South\'s side, never the raw score', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/analysis?variant=kimasai`);
  await waitLegal(page);
  await page.click('[data-action=engine]');
  await page.waitForSelector('[data-role=eval]:not([hidden])', { timeout: 30000 });
  const words = (await page.textContent('[data-role=eval-words]')).trim();
  assert.match(words, /^([+−]\d+\.\d|0\.0)$/, words);
  const share = Number(await page.getAttribute('[data-role=eval-bar]', 'data-south'));
  assert.ok(share > 0 && share < 100, `${share}`);
  assert.equal(await page.$$eval('[data-role=lines] [data-role=line]', (ls) => ls.length), 3);
});

test('export: the position as JSON, the moves as notation, and a link that opens the same board', async () => {
  const page = await newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.goto(`${server.url}/analysis?variant=kiswahili`);
  await waitLegal(page);
  // A set-up position: North to move, seeds moved from one pit to another and between the hands.
  await page.click('[data-action=edit]');
  await page.click('[data-pit=a7]', { button: 'right' });
  await page.click('[data-pit=b3]');
  await page.click('[data-action=hand-minus][data-side=north]');
  await page.click('[data-action=hand-plus][data-side=south]');
  await page.click('[data-action=to-move]');
  await page.click('[data-action=edit-done]');
  await page.waitForSelector('[data-role=editor]', { state: 'hidden' });
  await page.waitForFunction(() => /^[ab]/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  const pos = await shownPosition(page);
  assert.deepEqual([pos.to_move, pos.north.front[6], pos.north.back[2], pos.north.hand, pos.south.hand], ['north', 1, 1, 21, 23]);

  await page.click('[data-action=copy-position]');
  await page.waitForFunction(() => document.querySelector('[data-role=copied]').textContent !== '');
  assert.deepEqual(JSON.parse(await page.evaluate(() => navigator.clipboard.readText())), pos);
  // A move, then the moves as notation.
  const move = (await legalOf(page))[0];
  await page.fill('input[data-role=move-input]', move);
  await page.press('input[data-role=move-input]', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  await page.click('[data-action=copy-line]');
  await page.waitForFunction(() => /moves are copied/.test(document.querySelector('[data-role=copied]').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), move);
  // Back to the set-up position: its link opens the same board in another page.
  await page.click('[data-action=first]');
  await waitLegal(page);
  await page.click('[data-action=copy-link]');
  const link = await page.inputValue('[data-role=export-link]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  assert.ok(link.startsWith(`${server.url}/analysis`), link);
  const page2 = await newPage();
  await page2.goto(link);
  await waitLegal(page2);
  assert.deepEqual(await shownPosition(page2), pos);
  const counts = pitCounts(pos);
  for (const pit of Object.keys(counts)) assert.equal(await count(page2, pit), String(counts[pit]), pit);
  for (const side of ['south', 'north']) assert.equal(await page2.getAttribute(`[data-role=hand][data-side=${side}]`, 'data-count'), String(pos[side].hand));
  assert.deepEqual((await legalOf(page2)).sort(), (await legalOf(page)).sort());
});
