// Issue 17's review and puzzles in chromium: a puzzle solved by typing the winner's moves (the page answers
// with the defender's replies), a puzzle failed with a legal wrong move, a hint, and the review of a short
// finished game (resigned after a few moves, the first of them the opening book's): data-class on every move,
// the book move marked, and the evaluation graph.
import { readFileSync } from 'node:fs';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { openGame, playTyped, resignOver } from '../lib/game-pages.mjs';

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

/** Opens the puzzle `id` and waits until its board and moves are there. */
async function openPuzzle(page, id) {
  await page.goto(`${server.url}/puzzles?id=${id}`);
  await page.waitForSelector(`[data-role=puzzle][data-id="${id}"]`);
  await page.waitForSelector('[data-pit=A1]');
  await page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);
}

async function type(page, move) {
  await page.fill('input[data-role=move-input]', move);
  await page.press('input[data-role=move-input]', 'Enter');
}

test('a puzzle is solved by playing its solution, with a hint on the way', async () => {
  const page = await newPage();
  // A kujifunza puzzle of two moves of the winner: winner, defender, winner.
  const { body: p } = await api(server.url, '/api/puzzles/kujifunza-0002');
  assert.equal(p.solution.length, 3);
  await openPuzzle(page, p.id);
  assert.equal(await page.isHidden('[data-role=puzzle-result]'), true);
  await page.click('[data-action=hint]');
  const hinted = await page.getAttribute('[data-hint]', 'data-pit');
  assert.equal(hinted, p.solution[0].slice(0, 2), 'the hint shows the pit to play');
  await type(page, p.solution[0]);
  // The page answers with the defender's reply; then it is the learner's move again.
  await page.waitForFunction((reply) => document.querySelector('[data-role=status]').textContent.includes(reply), p.solution[1]);
  await page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);
  await type(page, p.solution[2]);
  await page.waitForSelector('[data-role=puzzle-result][data-state=solved]');
  // The end is said once: in the result box, not again in the status line above the board.
  assert.equal(await page.textContent('[data-role=status]'), '');
  assert.equal(await page.isHidden('[data-action=retry-puzzle]'), true, 'nothing to try again');
  // The board shows the position after the solution, as the server plays it.
  let pos = p.position;
  for (const mv of p.solution) {
    const { body } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: pos }) });
    pos = body.legal.find((m) => m.move === mv).position;
  }
  assert.equal(pos.result.winner, p.position.to_move);
  const front = await page.getAttribute(`[data-pit=${p.position.to_move === 'south' ? 'A1' : 'a1'}]`, 'data-count');
  assert.equal(Number(front), pos[p.position.to_move].front[0]);
  await page.context().close();
});

test('a legal wrong move fails the puzzle; the solution can be replayed with narration', async () => {
  const page = await newPage();
  const { body: p } = await api(server.url, '/api/puzzles/kiswahili-0002');
  const { body: a } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: p.position }) });
  const wrong = a.legal.map((m) => m.move).find((m) => m !== p.solution[0]);
  assert.ok(wrong, 'the puzzle has another legal move');
  await openPuzzle(page, p.id);
  await type(page, wrong);
  await page.waitForSelector('[data-role=puzzle-result][data-state=failed]');
  assert.match(await page.textContent('[data-role=puzzle-result]'), new RegExp(p.solution[0].replace('+', '\\+')));
  assert.equal(await page.textContent('[data-role=status]'), '', 'the result is said once');
  // Try again: the same puzzle from its start, and this time the right move.
  await page.click('[data-action=retry-puzzle]');
  await page.waitForSelector('[data-role=puzzle-result]', { state: 'hidden' });
  assert.equal(await page.getAttribute('[data-role=puzzle]', 'data-id'), p.id);
  await page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);
  await type(page, p.solution[0]);
  if (p.solution.length === 1) await page.waitForSelector('[data-role=puzzle-result][data-state=solved]');
  else await page.waitForFunction((reply) => document.querySelector('[data-role=status]').textContent.includes(reply), p.solution[1]);
  assert.equal(await page.getAttribute('[data-role=puzzle-result]', 'data-state'), p.solution.length === 1 ? 'solved' : null);
  await page.click('[data-action=replay]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-role=narration] p').length === n, p.solution.length);
  // The next puzzle of the variant chosen.
  await page.selectOption('select[name=variant]', 'kimasai');
  await page.waitForSelector('[data-role=puzzle][data-id^=kimasai-]');
  await page.context().close();
});

/** The opening book's move at the start of `variant`: the line of its book file with no moves before `;`. */
function bookStart(variant) {
  const text = readFileSync(new URL(`../../../crates/bao-ai/books/${variant}.txt`, import.meta.url), 'utf8');
  const line = text.split('\n').find((l) => l.trim().startsWith(';'));
  return line.split(';')[1].trim().split(/\s+/)[0];
}

test('a short finished game is reviewed: classes on the moves, the book move, the evaluation graph', async () => {
  const page = await newPage();
  const { body: game } = await api(server.url, '/api/games', {
    method: 'POST',
    body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }),
  });
  await openGame(page, server.url, game, true);
  const book = bookStart('kiswahili');
  await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  await page.fill('input[data-role=move-input]', book);
  await page.press('input[data-role=move-input]', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length > 0);
  await playTyped(page, server.url, game, 4);
  await resignOver(page, game);
  await page.waitForSelector('[data-action=review]', { state: 'visible' });
  const { body: snap } = await api(server.url, `/api/games/${game.id}`);
  // The page's copy of the review gives the second move a better line (the move itself, so that the line is
  // legal): whether the engine finds a mistake in so short a game is not this test's to depend on.
  await page.route(`**/api/games/${game.id}/review`, async (route) => {
    const real = await route.fetch();
    const body = await real.json();
    if (body.moves && body.moves[1]) Object.assign(body.moves[1], { class: 'mistake', best: snap.moves[1], line: [snap.moves[1]] });
    await route.fulfill({ response: real, json: body });
  });
  await page.click('[data-action=review]');
  const n = snap.moves.length;
  await page.waitForFunction((k) => document.querySelectorAll('[data-role=moves] li[data-class]').length === k, n, { timeout: 30000 });
  const { status, body: review } = await api(server.url, `/api/games/${game.id}/review`);
  assert.equal(status, 200);
  const classes = await page.$$eval('[data-role=moves] li[data-class]', (els) => els.map((e) => e.dataset.class));
  assert.deepEqual(classes, review.moves.map((m, i) => (i === 1 ? 'mistake' : m.class)));
  // The first move was the book's: the review says so, the move list marks it, and its note tells why.
  assert.equal(review.moves[0].move, book);
  assert.equal(review.moves[0].book, true);
  assert.equal(review.moves[0].best, book);
  const marked = await page.$$eval('[data-role=moves] li[data-class]', (els) => els.map((e) => e.hasAttribute('data-book')));
  assert.deepEqual(marked, review.moves.map((m) => m.book));
  await page.click('[data-role=moves] li.mv[data-ply="0"] button');
  await page.waitForFunction(() => /book/.test(document.querySelector('[data-role=review-note]').textContent));
  assert.equal(await page.locator('[data-role=eval-graph] svg circle').count(), n);
  // Clicking a point selects that move.
  await page.click('[data-role=eval-graph] circle[data-ply="0"]');
  await page.waitForSelector('[data-role=moves] li.mv.current[data-ply="0"]');
  // "Show the better line" of a mistake: the board steps back to the position before it and plays the line, and
  // the note still speaks of that move (not of the one before).
  const mistake = { ply: 1, move: review.moves[1].move, line: [snap.moves[1]] };
  await page.click(`[data-role=moves] li.mv[data-ply="${mistake.ply}"] button`);
  await page.click('[data-action=show-line]');
  await page.waitForFunction((k) => document.querySelectorAll('[data-role=review-line] li').length === k, mistake.line.length);
  assert.match(await page.textContent('[data-role=review-note]'), new RegExp(`\\b${mistake.ply + 1}\\b.*${mistake.move.replace(/[+*]/g, '\\$&')}`));
  await page.context().close();
});
