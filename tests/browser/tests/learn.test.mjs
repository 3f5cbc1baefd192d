// The lessons (/learn), the analysis board (/analysis) and the hint against the computer, in chromium against
// the real server: every move, legal or not, is the server's (POST /api/analysis); these tests drive the pages
// by the hooks of spec/ui.md and compare with what the server says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, api, pitCounts } from '../lib/harness.mjs';
import { openGame } from '../lib/game-pages.mjs';

let server;
let browser;
const contexts = [];
const problems = [];
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const LESSONS = JSON.parse(
  readFileSync(new URL('../../../web/lessons-data.js', import.meta.url), 'utf8').replace(/^[\s\S]*?export default/, '').replace(/;\s*$/, ''),
);

async function newPage(options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce', ...options });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'warning' && /trace replay/.test(m.text())) problems.push(m.text());
  });
  return page;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors, and every trace replays to the server position');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

const legalOf = async (page) => (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ').filter(Boolean);
const waitLegal = (page) => page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);

/** Plays `move` through the board: its pit, then the arrow and the safari choice when the page asks. */
async function clickMove(page, move) {
  const pit = move.slice(0, 2);
  await page.click(`[data-pit=${pit}]`);
  const dir = move[2];
  if (dir && (await page.$(`[data-role=choices] [data-dir=${dir}]`))) await page.click(`[data-role=choices] [data-dir=${dir}]`);
  if (await page.$('[data-role=choices] [data-safari]')) await page.click(`[data-role=choices] [data-safari=${move.endsWith('+') ? 'yes' : 'no'}]`);
}

async function typeMove(page, move) {
  await page.fill('input[data-role=move-input]', move);
  await page.press('input[data-role=move-input]', 'Enter');
}

test('the first lesson step of every variant: a wrong legal move is explained, an expected one solves it', async () => {
  const page = await newPage();
  for (const v of VARIANTS) {
    await page.goto(`${server.url}/learn/${v}`);
    await waitLegal(page);
    const lesson = page.locator('[data-role=lesson]');
    const step = LESSONS[v][0];
    assert.equal(await lesson.getAttribute('data-step'), step.id, v);
    const expect = (await lesson.getAttribute('data-expect')).split(' ');
    assert.deepEqual(expect, step.expect, v);
    const legal = await legalOf(page);
    // The server's own moves: the expected ones are among them, and so is another.
    for (const m of expect) assert.ok(legal.includes(m), `${v}: ${m} in ${legal}`);
    const wrong = legal.find((m) => !expect.includes(m));
    assert.ok(wrong, `${v}: the first step has a move that does not solve it`);

    // A pit that cannot be played: the server's reason, and nothing happens.
    const { body: analysis } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: step.position }) });
    const blocked = Object.keys(analysis.blocked).find((p) => /^[AB]/.test(p));
    await page.click(`[data-pit=${blocked}]`);
    await page.waitForSelector('[data-role=why]:not([hidden])');
    assert.ok((await page.textContent('[data-role=why]')).length > 10, `${v}: a reason for ${blocked}`);
    assert.equal(await lesson.getAttribute('data-done'), null);

    // Another legal move: feedback, no data-done, and what it did, step by step.
    await typeMove(page, wrong);
    await page.waitForSelector('[data-action=retry]:not([hidden])');
    const why = await page.textContent('[data-role=why]');
    assert.match(why, new RegExp(wrong.replace('+', '\\+')), `${v}: the feedback names the move`);
    assert.ok(await page.isVisible('[data-role=why]'));
    assert.equal(await lesson.getAttribute('data-done'), null, `${v}: ${wrong} does not solve the step`);
    assert.ok((await page.$$('[data-role=narration] li')).length > 0, `${v}: the move is told`);
    // The board shows the server's position after the wrong move.
    const after = analysis.legal.find((m) => m.move === wrong).position;
    const counts = pitCounts(after);
    for (const pit of ['A1', 'A3', 'A6', 'B1', 'B8']) assert.equal(await page.getAttribute(`[data-pit=${pit}]`, 'data-count'), String(counts[pit]), `${v}: ${pit}`);

    // Try again, with an expected move played on the board.
    await page.click('[data-action=retry]');
    await waitLegal(page);
    assert.equal(await page.isVisible('[data-role=why]'), false, 'the feedback is gone');
    await clickMove(page, expect[0]);
    await page.waitForSelector('[data-role=lesson][data-done]');
    assert.equal(await page.isVisible('[data-role=why]'), false, `${v}: no feedback for a solved step`);
    assert.equal(await legalOf(page).then((l) => l.length), 0, 'a solved step takes no more moves');
    if (LESSONS[v].length > 1) {
      await page.click('[data-action=next-lesson]');
      await page.waitForFunction((id) => document.querySelector('[data-role=lesson]').dataset.step === id, LESSONS[v][1].id);
      assert.equal(await lesson.getAttribute('data-done'), null, 'the next step is not done');
      await waitLegal(page);
    } else {
      assert.ok(await page.isVisible('[data-role=play-link]'), 'the last step leads to a game');
    }
  }
  // Progress is kept: the index counts the solved steps, and a lesson opens at its first unsolved step.
  await page.goto(`${server.url}/learn`);
  await page.waitForSelector('[data-role=lessons] li');
  assert.match(await page.textContent('[data-role=lessons] li[data-variant=kujifunza]'), new RegExp(`1 of ${LESSONS.kujifunza.length}`));
  await page.goto(`${server.url}/learn/kimasai`);
  await waitLegal(page);
  assert.equal(await page.getAttribute('[data-role=lesson]', 'data-step'), LESSONS.kimasai[1].id);
});

const EN_LEARN = (await import('../../../web/i18n/learn/en.js')).default;

test('the lessons are listed by lesson, each ending in its test step', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/learn`);
  await page.waitForSelector('[data-role=lessons] li');
  const total = VARIANTS.reduce((n, v) => n + LESSONS[v].length, 0);
  assert.ok(total >= 60, `${total} steps`);
  assert.match(await page.textContent('li[data-variant=kiswahili]'), new RegExp(`0 of ${LESSONS.kiswahili.length}`));
  for (const v of VARIANTS) {
    await page.goto(`${server.url}/learn/${v}`);
    await waitLegal(page);
    const lessons = [...new Set(LESSONS[v].map((s) => s.lesson))];
    assert.deepEqual(await page.$$eval('[data-role=steps] > li', (els) => els.map((e) => e.dataset.lesson)), lessons, v);
    for (const l of lessons) {
      const name = await page.textContent(`[data-role=steps] > li[data-lesson="${l}"] .lesson-name`);
      assert.ok(name.startsWith(EN_LEARN[`${v}.lesson.${l}`]), `${v}: ${name}`);
      // The lesson's last button is its test step.
      const last = await page.$$eval(`[data-role=steps] > li[data-lesson="${l}"] button`, (bs) => bs.map((b) => [b.dataset.step, 'test' in b.dataset]));
      assert.deepEqual(last[last.length - 1], [LESSONS[v].filter((s) => s.lesson === l).pop().id, true], `${v}/${l}`);
    }
  }
  // A step of a later lesson opens from the list.
  const step = LESSONS.kiswahili.find((s) => s.id === 'tax');
  await page.goto(`${server.url}/learn/kiswahili`);
  await waitLegal(page);
  await page.click('[data-role=steps] button[data-step=tax]');
  await page.waitForFunction(() => document.querySelector('[data-role=lesson]').dataset.step === 'tax');
  await waitLegal(page);
  assert.equal(await page.getAttribute('[data-pit=A5]', 'data-count'), String(pitCounts(step.position).A5));
});

test('a test yourself step: no hint until a miss, failed by a wrong move, then solved and played out against the computer', async () => {
  const page = await newPage();
  const step = LESSONS.kujifunza.find((s) => s.id === 'capture-test');
  assert.ok(step.test);
  await page.goto(`${server.url}/learn/kujifunza#capture-test`);
  await waitLegal(page);
  const lesson = page.locator('[data-role=lesson]');
  assert.equal(await lesson.getAttribute('data-test'), '');
  assert.match(await page.textContent('[data-role=lesson-title]'), /Test yourself/);
  const hint = (await import('../../../web/i18n/learn/kujifunza/en.js')).default['kujifunza.capture-test.hint'];
  assert.equal(await page.isVisible('[data-role=why]'), false, 'no hint before a move');
  assert.ok(!(await page.textContent('[data-role=lesson]')).includes(hint), 'the hint is not on the page');
  // A miss: the step is failed, and now the hint comes.
  const wrong = (await legalOf(page)).find((m) => !step.expect.includes(m));
  await typeMove(page, wrong);
  await page.waitForSelector('[data-role=lesson][data-failed]');
  assert.equal(await lesson.getAttribute('data-done'), null);
  assert.ok((await page.textContent('[data-role=why]')).includes(hint), 'the hint after a miss');
  assert.equal(await page.isVisible('[data-action=practice]'), false, 'no practice for a failed test');
  // Again, solved.
  await page.click('[data-action=retry]');
  await waitLegal(page);
  assert.equal(await lesson.getAttribute('data-failed'), null);
  await clickMove(page, step.expect[0]);
  await page.waitForSelector('[data-role=lesson][data-done]');
  const solvedAt = step.position && (await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: step.position }) })).body.legal.find((m) => m.move === step.expect[0]).position;
  // Played out: the computer answers as North with one of its legal moves, then it is the learner's move again.
  await page.click('[data-action=practice]');
  await page.waitForSelector('[data-role=lesson][data-practice]');
  await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal || document.querySelector('[data-role=lesson]').dataset.practiceResult, null, { timeout: 15000 });
  const { body: replies } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: solvedAt }) });
  const told = await page.textContent('[data-role=narration] .narr-head');
  const reply = replies.legal.find((m) => told.includes(` ${m.move} `));
  assert.ok(reply, `the computer's move (${told}) is one of North's legal moves`);
  if (!reply.position.result) {
    assert.deepEqual((await legalOf(page)).sort(), (await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: reply.position }) })).body.legal.map((m) => m.move).sort());
    assert.match(await page.textContent('[data-role=practice-status]'), /Your move/);
    // The step's praise is gone while its position is played out: the status line speaks of the game.
    assert.match(await page.textContent('[data-role=status]'), /Your move/);
    assert.equal(await page.isVisible('[data-role=done-box]'), false, 'no "Well done!" box during the practice game');
    // The learner's move is not judged as a lesson step: the game goes on with the computer's answer.
    const mine = (await legalOf(page))[0];
    await typeMove(page, mine);
    await page.waitForFunction((m) => !document.querySelector('[data-role=narration] .narr-head')?.textContent.includes(m) || document.querySelector('[data-role=lesson]').dataset.practiceResult, ` ${mine} `, { timeout: 15000 });
    assert.equal(await lesson.getAttribute('data-failed'), null);
  }
  // Back to the step: the practice game is gone.
  await page.click('[data-action=retry]');
  await waitLegal(page);
  assert.equal(await lesson.getAttribute('data-practice'), null);
  assert.deepEqual((await legalOf(page)).length > 1, true);
});

test('the analysis board plays both sides, steps back and forth, tells each move and asks the computer', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/analysis?variant=kiswahili`);
  await waitLegal(page);
  const { body: start } = await api(server.url, '/api/analysis', { method: 'POST', body: JSON.stringify({ position: JSON.parse((await page.inputValue('textarea[name=position]'))) }) });
  assert.deepEqual((await legalOf(page)).sort(), start.legal.map((m) => m.move).sort());
  // South by typing, North on the board.
  await typeMove(page, 'A6L');
  await page.waitForFunction(() => /^a/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  const northMove = (await legalOf(page))[0];
  await clickMove(page, northMove);
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 2 && /^A/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  assert.deepEqual(await page.$$eval('[data-role=moves] [data-move]', (els) => els.map((e) => e.dataset.move)), ['A6L', northMove]);
  assert.match(await page.textContent('[data-role=narration]'), new RegExp(northMove));
  // Back one move: North to move again, the first move told; forward again.
  await page.click('[data-action=back]');
  await page.waitForFunction(() => /^a/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  assert.match(await page.textContent('[data-role=narration]'), /A6L/);
  const afterA6L = start.legal.find((m) => m.move === 'A6L').position;
  assert.equal(await page.getAttribute('[data-pit=A5]', 'data-count'), String(pitCounts(afterA6L).A5));
  await page.click('[data-action=forward]');
  await page.waitForFunction(() => /^A/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  // The computer's best move, in notation, one of the position's legal moves.
  await page.click('[data-action=engine]');
  await page.waitForSelector('[data-role=best-move][data-move]', { timeout: 10000 });
  // Read at once: the search in the browser goes on deepening, and a deeper one may change the best move.
  const [best, said] = await page.$eval('[data-role=best-move]', (e) => [e.getAttribute('data-move'), e.textContent]);
  assert.ok((await legalOf(page)).includes(best), `${best} is legal`);
  assert.match(said, new RegExp(best.replace('+', '\\+')));
  // A pasted position the server refuses: bao-core's message, and the board stays as it was.
  await page.fill('textarea[name=position]', JSON.stringify({ ...afterA6L, to_move: 'south', south: { ...afterA6L.south, hand: 30 } }));
  await page.click('[data-action=load-position]');
  await page.waitForFunction(() => document.querySelector('[data-role=position-error]').textContent.includes('64'));
  assert.equal(await page.$$eval('[data-role=moves] [data-move]', (els) => els.length), 2);
});

test('the analysis board opens a position given in its address', async () => {
  const page = await newPage();
  const raid = LESSONS.kimasai.find((s) => s.id === 'capture');
  const pos = raid.position;
  await page.goto(`${server.url}/analysis?variant=kimasai&position=${encodeURIComponent(JSON.stringify(pos))}`);
  await waitLegal(page);
  const counts = pitCounts(pos);
  for (const pit of ['A3', 'A4', 'A7', 'a5', 'b1']) assert.equal(await page.getAttribute(`[data-pit=${pit}]`, 'data-count'), String(counts[pit]), pit);
  assert.deepEqual((await legalOf(page)).sort(), [...raid.expect, 'A4', 'A7'].sort());
});

test('on a phone the hint\'s explanation is brought into view when it comes (issue 34, point 3)', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { body: easy } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }) });
  await openGame(page, server.url, easy, true);
  await page.waitForSelector('[data-action=hint]:not([hidden])');
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint] [data-move]', { timeout: 10000 });
  const box = await page.evaluate(() => {
    const r = document.querySelector('[data-role=hint]').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: innerHeight };
  });
  assert.ok(box.top >= 0 && box.top < box.height - 40, `the hint's first lines are on the screen (${JSON.stringify(box)})`);
});

test('a hint against an easy computer: a good move marked on the board and told; none against a hard one', async () => {
  const page = await newPage();
  const { body: easy } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }) });
  await openGame(page, server.url, easy, true);
  await page.waitForSelector('[data-action=hint]:not([hidden])');
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint] [data-move]', { timeout: 10000 });
  const move = await page.getAttribute('[data-role=hint] [data-move]', 'data-move');
  const { body: snap } = await api(server.url, `/api/games/${easy.id}`);
  assert.ok(snap.legal.includes(move), `${move} is legal`);
  assert.equal(await page.getAttribute(`[data-pit=${move.slice(0, 2)}]`, 'data-hint'), '');
  assert.ok((await page.$$('[data-role=hint] li')).length > 0, 'the hint says what the move does');
  // The game page opens its position on the analysis board.
  await page.click('[data-role=analysis-link]');
  await page.waitForURL(/\/analysis\?/);
  await waitLegal(page);
  assert.deepEqual((await legalOf(page)).sort(), [...snap.legal].sort());

  const { body: hard } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'hard', seat: 'south' }) });
  await openGame(page, server.url, hard, true);
  await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  await page.waitForTimeout(300);
  assert.equal(await page.isVisible('[data-action=hint]'), false, 'no hints against the hard level');
});
