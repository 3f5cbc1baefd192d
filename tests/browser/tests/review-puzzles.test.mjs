// Issue 17's review and puzzles in chromium: a puzzle solved by typing the winner's moves (the page answers
// with the defender's replies), a puzzle failed with a legal wrong move, a hint, and the review of a short
// finished game (resigned after a few moves, the first of them the opening book's): data-class on every move,
// the book move marked, and the evaluation graph. Then issue 34's review, on a game whose review the test serves
// itself: the graph as wide as its panel with its sides named, a click on it going to a move, the summary per player
// (counts and accuracy), and on a phone the review right under the board.
import { readFileSync } from 'node:fs';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { openGame, playTyped, resignOver, friendGame, playOver } from '../lib/game-pages.mjs';

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

/** A side's accuracy as the review's summary defines it (web/game/review-summary.js): lichess's formulas on the
 * server's chances scale, written again here from its description. */
function accuracyOf(moves, side) {
  const chances = (s) => 2 / (1 + Math.exp(-s / 150)) - 1;
  const win = (s) => 50 * (1 + chances(s));
  const acc = moves
    .filter((m, i) => (i % 2 === 0) === (side === 'south'))
    .map((m) => Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * Math.max(0, win(m.score_before) - win(m.score_after))) - 3.1669)));
  const mean = acc.reduce((a, b) => a + b, 0) / acc.length;
  const harmonic = acc.length / acc.reduce((a, b) => a + 1 / Math.max(1, b), 0);
  return Math.round((mean + harmonic) / 2);
}

/** A finished game of 12 moves between two players of this test, and the review the page is served for it (set in
 * `openReviewed`): known classes, each move's score the loss its class stands for (from an even position). */
let reviewed = null;
function reviewedGame() {
  reviewed ??= (async () => {
    const seats = await friendGame(server.url, 'kujifunza');
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    const played = await playOver(page, seats, 12, 3);
    assert.equal(played.length, 12);
    await resignOver(page, seats.south);
    await ctx.close();
    const classes = ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'good', 'mistake', 'best', 'inaccuracy', 'inaccuracy', 'inaccuracy', 'blunder'];
    const lost = { best: 0, good: 10, inaccuracy: 40, mistake: 80, blunder: 150 };
    const moves = played.map((move, i) => ({ ply: i, move, best: move, score_before: 0, score_after: -lost[classes[i]], class: classes[i], book: false }));
    return { seats, classes, review: { moves } };
  })();
  return reviewed;
}

/** Opens that game as South, at `size`, with its review shown. */
async function openReviewed(size = { width: 1280, height: 800 }) {
  const { seats, classes, review } = await reviewedGame();
  const page = await newPage();
  await page.setViewportSize(size);
  await page.route(`**/api/games/${seats.south.id}/review`, (route) => route.fulfill({ json: review }));
  await openGame(page, server.url, seats.south, true);
  await page.click('[data-action=review]');
  await page.waitForSelector('[data-role=eval-graph] svg');
  await page.waitForFunction((n) => document.querySelectorAll('[data-role=moves] li[data-class]').length === n, classes.length);
  return { page, classes, review };
}

test('the review\'s graph fills its panel, over 100 px high, with the sides named above and below it', async () => {
  const { page } = await openReviewed();
  const look = await page.evaluate(() => {
    const panel = document.querySelector('[data-role=review]');
    const svg = document.querySelector('[data-role=eval-graph] svg');
    const side = (s) => document.querySelector(`[data-role=eval-graph] [data-side=${s}]`);
    const pad = parseFloat(getComputedStyle(panel).paddingLeft) + parseFloat(getComputedStyle(panel).paddingRight);
    const box = svg.getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      room: panel.clientWidth - pad,
      role: svg.getAttribute('role'),
      label: svg.getAttribute('aria-label'),
      up: side('south') && side('south').textContent,
      down: side('north') && side('north').textContent,
      upAbove: !!side('south') && side('south').getBoundingClientRect().bottom <= box.top + box.height / 2,
      downBelow: !!side('north') && side('north').getBoundingClientRect().top >= box.top + box.height / 2,
      selected: document.querySelectorAll('[data-role=eval-graph] .eg-cur').length,
    };
  });
  assert.ok(look.width >= look.room - 2, `the graph fills its panel (${look.width} of ${look.room} px)`);
  assert.ok(look.height >= 100, `the graph is at least 100 px high (${look.height})`);
  assert.match(look.up || '', /South/);
  assert.match(look.down || '', /North/);
  assert.ok(look.upAbove && look.downBelow, 'South is named at the top, North at the bottom');
  // One image for assistive technology, whose label says which side is up.
  assert.equal(look.role, 'img');
  assert.match(look.label, /12 moves.*above the middle line South is better, below it North/);
  // The move shown (the last) is marked by a line across the graph.
  assert.equal(look.selected, 1);
  await page.context().close();
});

test('the review sums up each player: inaccuracies, mistakes and blunders counted in words, and an accuracy', async () => {
  const { page, classes, review } = await openReviewed();
  for (const side of ['south', 'north']) {
    for (const cls of ['inaccuracy', 'mistake', 'blunder']) {
      const n = classes.filter((c, i) => c === cls && (i % 2 === 0) === (side === 'south')).length;
      const b = page.locator(`[data-role=review-summary] [data-side=${side}] [data-action=review-step][data-class=${cls}]`);
      assert.equal(await b.getAttribute('data-count'), String(n), `${side}'s ${cls} count`);
      const words = { inaccuracy: ['inaccuracy', 'inaccuracies'], mistake: ['mistake', 'mistakes'], blunder: ['blunder', 'blunders'] }[cls];
      assert.equal((await b.textContent()).trim(), `${n} ${words[n === 1 ? 0 : 1]}`);
    }
    const acc = page.locator(`[data-role=review-summary] [data-role=accuracy][data-side=${side}]`);
    assert.equal(await acc.getAttribute('data-value'), String(accuracyOf(review.moves, side)), `${side}'s accuracy`);
    assert.match(await acc.textContent(), /^\d+\s?%$/);
  }
  await page.context().close();
});

test('a count of the review\'s summary steps through those moves', async () => {
  const { page } = await openReviewed();
  // South's three inaccuracies (moves 3, 9 and 11: plies 2, 8, 10), one after the other, then the first again.
  for (const ply of [2, 8, 10, 2]) {
    await page.click('[data-role=review-summary] [data-side=south] [data-action=review-step][data-class=inaccuracy]');
    await page.waitForSelector(`[data-role=moves] li.mv.current[data-ply="${ply}"]`);
  }
  assert.equal(await page.locator('[data-role=eval-graph] circle.selected[data-ply="2"]').count(), 1, 'the graph marks the move shown');
  await page.context().close();
});

test('a click anywhere on the review\'s graph shows the move under it', async () => {
  const { page } = await openReviewed();
  // Low in the graph under move 7, not on its point.
  const at = await page.evaluate(() => {
    const svg = document.querySelector('[data-role=eval-graph] svg').getBoundingClientRect();
    const pt = document.querySelector('[data-role=eval-graph] circle[data-ply="6"]').getBoundingClientRect();
    return { x: pt.left + pt.width / 2, y: svg.bottom - 3, far: svg.bottom - 3 - (pt.top + pt.height / 2) };
  });
  assert.ok(at.far > 20, 'the click is well away from the point');
  await page.mouse.click(at.x, at.y);
  await page.waitForSelector('[data-role=moves] li.mv.current[data-ply="6"]', { timeout: 10000 });
  assert.match(await page.textContent('[data-role=review-note]'), /^Move 7, .*: mistake/);
  await page.context().close();
});

test('on a phone the review comes right under the board', async () => {
  const { page } = await openReviewed({ width: 390, height: 844 });
  const where = await page.evaluate(() => {
    const board = document.querySelector('[data-role=board]').getBoundingClientRect();
    const graph = document.querySelector('[data-role=eval-graph]').getBoundingClientRect();
    const svg = document.querySelector('[data-role=eval-graph] svg').getBoundingClientRect();
    return { gap: graph.top - board.bottom, width: svg.width, room: graph.width };
  });
  assert.ok(where.gap >= 0 && where.gap <= 200, `the graph starts ${where.gap} px below the board`);
  assert.ok(Math.abs(where.width - where.room) < 2, `the graph is as wide as the phone's panel (${where.width} of ${where.room} px)`);
  // From a wide window to a phone's: the review moves under the board, its graph drawn again at its new width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => document.querySelector('[data-role=review]').closest('aside'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => {
    const svg = document.querySelector('[data-role=eval-graph] svg');
    const board = document.querySelector('[data-role=board]').getBoundingClientRect();
    const top = document.querySelector('[data-role=eval-graph]').getBoundingClientRect().top;
    return Math.abs(svg.getBoundingClientRect().width - svg.viewBox.baseVal.width) < 2 && top - board.bottom <= 200 && top >= board.bottom;
  });
  await page.context().close();
});
