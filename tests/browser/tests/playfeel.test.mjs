// The game page's feel (issue 13): why a pit cannot be played, the last move marked and told step by step,
// a quick animation that a click skips, resign confirmed, the result with its rematch, the move box only for
// players, no jargon in Kujifunza, phones (coordinates, 44 px targets), messages next to the board, whose turn
// it is (page, tab, sound), and the board's look and weight. The real server and Debian's chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, api, waitInSync, ROOT } from '../lib/harness.mjs';

let server;
let browser;
const contexts = [];
const problems = [];
const en = (await import(join(ROOT, 'web/i18n/en.js'))).default;

// The server's `blocked` and `reason` fields come with the `why` work in bao-server (protocol additions of the
// second wave). Once docs/protocol.md documents them, the tests that need them must pass; until then they
// are reported as "todo" with this reason, never skipped silently.
const SERVER_WHY = readFileSync(join(ROOT, 'docs/protocol.md'), 'utf8').includes('"blocked"');
const NEEDS_WHY = SERVER_WHY ? false : 'needs the server to send `blocked` and `reason` (bao-server, branch why)';

before(async () => {
  // One seed for the computer's random choices (--computer-seed): its replies, and so the moves test 3 measures,
  // are the same in every run.
  server = await startServer({ args: ['--computer-seed', '11'] });
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function newPage(opts = {}, init = null) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...opts });
  contexts.push(ctx);
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

/** A game of `variant` between two friends (South created it, North joined): the seats' tokens. */
async function friendGame(variant) {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant, opponent: 'friend', seat: 'south' }) });
  const { body: j } = await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  return { id: g.id, url: g.url, south: { id: g.id, token: g.token, seat: 'south' }, north: { id: g.id, token: j.token, seat: j.seat } };
}

/** Opens game `g` in a new page as `seat` (a token record, or null for a spectator); records `moved` events. */
async function open(g, seat, opts = {}, init = null) {
  const p = await newPage(opts, init);
  p.moved = [];
  p.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(f.payload);
        if (m.t === 'moved') p.moved.push(m);
      } catch {
        /* not JSON */
      }
    }),
  );
  await p.goto(server.url + '/healthz');
  if (seat) await p.evaluate(({ id, token, seat: s }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat: s })), seat);
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  return p;
}

/** Types a move into the move box. */
async function typeMove(p, move) {
  await p.fill('input[data-role=move-input]', move);
  await p.press('input[data-role=move-input]', 'Enter');
}

const snapshot = async (id) => (await api(server.url, `/api/games/${id}`)).body;
const visible = (p, sel) => p.locator(sel).isVisible();
const inViewport = (p, sel) =>
  p.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  }, sel);

/** The English sentence for a reason code, as the page must build it from the server's legal moves. */
function reasonEn(code, legal, pit) {
  const or = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);
  const pits = [...new Set(legal.map((m) => /^[ABab][1-8]/.exec(m)[0]))];
  const from = legal.filter((m) => m.startsWith(pit));
  const text = en[`why.${code}`] || en['why.not_legal'];
  return text.replace('{pits}', or(pits)).replace('{moves}', or(from.length ? from : legal)).replace('{pit}', pit);
}

test('1, 9: a click on a pit that cannot be played says why, next to the board; a typed move is refused in words', async () => {
  const g = await friendGame('kiswahili');
  const south = await open(g, g.south);
  const north = await open(g, g.north);
  const watcher = await open(g, null);
  await south.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  assert.equal(await visible(south, '[data-role=why]'), false, 'no reason before any click');

  // Reasons that need no rules: the opponent's pit, the opponent's turn, a spectator.
  await south.click('[data-pit=a3]');
  assert.equal((await south.textContent('[data-role=why]')).trim(), en['why.opponent_pit']);
  assert.ok(await inViewport(south, '[data-role=why]'), 'the reason shows next to the board, above the fold at 1280x800');
  await north.click('[data-pit=a6]');
  assert.equal((await north.textContent('[data-role=why]')).trim(), en['why.not_your_turn']);
  await watcher.click('[data-pit=A6]');
  assert.equal((await watcher.textContent('[data-role=why]')).trim(), en['why.spectator']);

  // A playable pit clears the reason.
  await south.click('[data-pit=A6]');
  assert.equal(await visible(south, '[data-role=why]'), false);
  await south.keyboard.press('Escape');

  // A typed move that cannot be played: a sentence, not the list of every legal move; next to the board.
  const snap = await snapshot(g.id);
  await typeMove(south, 'A1L');
  const msg = await south.textContent('[data-role=move-error]');
  assert.match(msg, /^“A1L”: /);
  assert.ok(snap.legal.filter((m) => msg.includes(m)).length < snap.legal.length, `not a raw list of moves: ${msg}`);
  assert.ok(await inViewport(south, '[data-role=move-error]'), 'the message shows above the fold at 1280x800');
  await typeMove(south, 'hello');
  assert.equal(await south.textContent('[data-role=move-error]'), `“hello”: ${en['why.not_a_move']}`);
});

test('1: the server says why a pit is blocked, and the page says it in words (real position)', { todo: NEEDS_WHY }, async () => {
  // Kujifunza's start: every pit holds 2, South must capture; the other pits of South are blocked.
  const g = await friendGame('kujifunza');
  const snap = await snapshot(g.id);
  assert.ok(snap.blocked && typeof snap.blocked === 'object', 'the snapshot carries `blocked`');
  const blocked = Object.entries(snap.blocked).filter(([pit]) => /^[AB]/.test(pit));
  assert.ok(blocked.length > 0, 'some pit of South cannot start a move at the start');
  const south = await open(g, g.south);
  for (const [pit, code] of blocked.slice(0, 3)) {
    await south.click(`[data-pit=${pit}]`);
    assert.equal((await south.textContent('[data-role=why]')).trim(), reasonEn(code, snap.legal, pit), `${pit} (${code})`);
  }
  const capture = blocked.find(([, code]) => code === 'capture_required');
  assert.ok(capture, 'a pit is blocked because a capture is possible');
  assert.match(await (async () => {
    await south.click(`[data-pit=${capture[0]}]`);
    return south.textContent('[data-role=why]');
  })(), /you must capture: play [AB][1-8]/);

  // A move the server refuses (sent as if the page had not checked it) is explained by its `reason`.
  await south.routeWebSocket(/\/ws\//, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.t === 'move') msg.move = `${capture[0]}L`;
      srv.send(JSON.stringify(msg));
    });
  });
  await south.reload();
  await south.waitForSelector('[data-role=connection][data-state=open]');
  await typeMove(south, snap.legal[0]);
  await south.waitForFunction(() => document.querySelector('[data-role=toast]').textContent);
  const toast = await south.textContent('[data-role=toast]');
  assert.ok(Object.keys(en).some((k) => k.startsWith('why.') && toast === reasonEn(k.slice(4), snap.legal, '')), `a reason in words: ${toast}`);
});

test('1: without the server\'s reasons, capture_required names the pits of the server\'s legal moves', async () => {
  const g = await friendGame('kujifunza');
  const snap = await snapshot(g.id);
  const pits = [...new Set(snap.legal.map((m) => m.slice(0, 2)))];
  const other = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'].find((x) => !pits.includes(x));
  // The position is the server's; the reason code is added on the way in, as the server will send it.
  const p = await newPage();
  const addBlocked = (msg) => {
    const s = msg.t === 'snapshot' ? msg.game : Array.isArray(msg.history) ? msg : null;
    if (s) s.blocked = { [other]: 'capture_required', A9: 'some_future_code' };
    return msg;
  };
  await p.route(`**/api/games/${g.id}`, async (route) => {
    const r = await route.fetch();
    await route.fulfill({ response: r, json: addBlocked(await r.json()) });
  });
  await p.routeWebSocket(/\/ws\//, (ws) => {
    ws.connectToServer().onMessage((m) => ws.send(JSON.stringify(addBlocked(JSON.parse(m)))));
  });
  await p.goto(server.url + '/healthz');
  await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), g.south);
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  await p.click(`[data-pit=${other}]`);
  const or = pits.length === 1 ? pits[0] : `${pits.slice(0, -1).join(', ')} or ${pits[pits.length - 1]}`;
  assert.equal((await p.textContent('[data-role=why]')).trim(), `A capture is possible, so you must capture: play ${or}.`);
  for (const lang of ['sw', 'nl', 'sv', 'af']) {
    await p.selectOption('select[name=lang]', lang);
    await p.click(`[data-pit=${other}]`);
    const text = await p.textContent('[data-role=why]');
    assert.ok(text && !/[{}]|why\./.test(text) && text.includes(pits[0]), `${lang}: ${text}`);
  }
});

test('2: after a move its start, sown and captured pits are marked, and the narration tells it in five languages', async () => {
  const g = await friendGame('kujifunza');
  const south = await open(g, g.south, { reducedMotion: 'reduce' });
  const north = await open(g, g.north, { reducedMotion: 'reduce' });
  const snap = await snapshot(g.id);
  await typeMove(south, snap.legal[0]);
  await waitInSync(north, server.url, g.id);
  await north.waitForFunction(() => document.querySelector('[data-role=narration] li'));
  const moved = north.moved.find((m) => m.ply === 0);
  const want = {};
  for (const s of moved.trace) if (s.step === 'sow') want[s.pit] = 'sown';
  want[moved.move.slice(0, 2)] = 'start';
  for (const s of moved.trace) if (s.step === 'capture') want[s.pit] = 'capture';
  assert.ok(Object.values(want).includes('capture'), 'the first Kujifunza move captures');
  const marks = (p) => p.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-last]')].map((e) => [e.dataset.pit, e.dataset.last])));
  for (const p of [south, north]) assert.deepEqual(await marks(p), want, 'the whole path of the last move is marked');

  // The narration: step by step, with the captured pit and count from the trace.
  const capture = moved.trace.find((s) => s.step === 'capture');
  const text = await north.textContent('[data-role=narration]');
  assert.match(text, new RegExp(`Move 1, South: ${moved.move}`));
  assert.ok(text.includes(`captured ${capture.count} from ${capture.pit}`), text);
  const steps = await north.locator('[data-role=narration] li').count();
  assert.ok(steps >= 3, 'one sentence per phase of the move');
  for (const lang of ['sw', 'nl', 'sv', 'af']) {
    await north.selectOption('select[name=lang]', lang);
    await north.waitForFunction((l) => document.documentElement.lang === l, lang);
    const told = await north.textContent('[data-role=narration]');
    assert.ok(told !== text && !/[{}]|narr\./.test(told) && told.includes(capture.pit), `${lang}: ${told}`);
    assert.equal(await north.locator('[data-role=narration] li').count(), steps);
  }
  await north.selectOption('select[name=lang]', 'en');

  // The next move clears the earlier marks; the narration follows it, and a click in the list shows move 1 again.
  const snap2 = await snapshot(g.id);
  await typeMove(north, snap2.legal[0]);
  await waitInSync(south, server.url, g.id);
  await south.waitForFunction(() => /Move 1, North/.test(document.querySelector('[data-role=narration]').textContent));
  const moved2 = south.moved.find((m) => m.ply === 1);
  const marks2 = await marks(south);
  assert.equal(marks2[moved2.move.slice(0, 2)], 'start');
  for (const pit of Object.keys(marks2)) assert.ok(moved2.trace.some((s) => s.pit === pit) || pit === moved2.move.slice(0, 2), `${pit} belongs to the last move`);
  await south.click(`[data-role=moves] [data-ply="0"] button`);
  await south.waitForFunction(() => /Move 1, South/.test(document.querySelector('[data-role=narration]').textContent));
  assert.deepEqual(await marks(south), want, 'browsing to move 1 shows its marks');

  // A page opened after the move still marks and tells it (it asks the server for the last events again).
  const late = await open(g, null, { reducedMotion: 'reduce' });
  await late.waitForFunction(() => /Move 1, North/.test(document.querySelector('[data-role=narration]').textContent) && document.querySelector('[data-role=narration] li'));
  assert.deepEqual(await marks(late), marks2);
  await waitInSync(late, server.url, g.id);
});

test('3: at the default speed a move shows in about a second, never much over 3 s; a click skips; the status says what happens', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kujifunza', opponent: 'computer', level: 'easy', seat: 'south' }) });
  const p = await open(g, { id: g.id, token: g.token, seat: 'south' }, {}, () => {
    window.__spans = [];
    window.__statuses = [];
    let since = null;
    new MutationObserver(() => {
      const on = document.body && document.body.hasAttribute('data-animating');
      if (on && since === null) {
        since = performance.now();
        // The status line as seen (its parts drawn on the screen) and as heard (its parts not aria-hidden).
        const parts = [...document.querySelector('[data-role=status]').childNodes];
        const text = (keep) => parts.filter((n) => n.nodeType === Node.TEXT_NODE || keep(n)).map((n) => n.textContent).join('').trim();
        window.__statuses.push({
          seen: text((n) => !n.hidden && n.getBoundingClientRect().width > 1),
          heard: text((n) => n.getAttribute('aria-hidden') !== 'true'),
        });
      }
      if (!on && since !== null) {
        // The planned length of the move's animation (the schedule), not the wall clock, which a loaded CI
        // machine stretches; docs/benchmarks.md has the measured durations (tests/browser/measure-play.mjs).
        window.__spans.push(Number(document.body.dataset.animMs));
        since = null;
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-animating'] });
  });
  for (let i = 0; i < 8; i++) {
    const snap = await snapshot(g.id);
    if (snap.result) break;
    await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    await typeMove(p, snap.legal[(i * 3) % snap.legal.length]);
    await p.waitForFunction((n) => document.querySelectorAll('[data-role=moves] [data-move]').length >= n + 2 || !document.querySelector('[data-role=result]').hidden, snap.moves.length, { timeout: 30000 });
    await p.waitForFunction(() => !document.body.hasAttribute('data-animating'));
  }
  const spans = (await p.evaluate(() => window.__spans)).sort((a, b) => a - b);
  assert.ok(spans.length >= 8, `moves were animated (${spans.length})`);
  const median = spans[Math.floor(spans.length / 2)];
  // "About a second": the moves depend on the easy computer's replies, the same in every run with the server's
  // --computer-seed (with each game's own seed the median went from 0.8 to 1.03 s and failed a run once); 1.1 s still
  // catches a slower pace.
  assert.ok(median <= 1100, `a typical move takes about a second or less (median ${Math.round(median)} ms of ${spans.map(Math.round)})`);
  assert.ok(spans[spans.length - 1] <= 3000, `no move takes over 3 s (${Math.round(spans[spans.length - 1])} ms)`);
  const statuses = await p.evaluate(() => window.__statuses);
  assert.ok(statuses.length >= 8);
  for (const { seen, heard } of statuses) {
    assert.ok(!/Sending/.test(seen) && /plays|Your move/.test(seen), `the status shows what is drawn: ${seen}`);
    // A screen reader is told the move itself at once (issue 15), not that it is being drawn.
    assert.ok(/played [ABab][1-8]/.test(heard) && !/plays|Your move/.test(heard), `the status tells the move: ${heard}`);
  }

  // A click during the animation shows the end at once.
  await p.selectOption('select[name=speed]', 'slow');
  const snap = await snapshot(g.id);
  if (!snap.result) {
    await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    await typeMove(p, snap.legal[0]);
    await p.waitForFunction(() => document.body.hasAttribute('data-animating'));
    const shown = await p.evaluate(() => window.__spans.length);
    const t0 = Date.now();
    await p.mouse.click(5, 300);
    // (The computer's answer may be shown next: the span of our move is the one that must end.)
    await p.waitForFunction((n) => window.__spans.length > n, shown, { timeout: 2000 });
    assert.ok(Date.now() - t0 < 1000, 'the click skipped the animation');
  }
});

test('4, 5: resign asks first; the result box holds the rematch and a new game; an offer is unmissable', async () => {
  const g = await friendGame('kimasai');
  const south = await open(g, g.south, { reducedMotion: 'reduce' });
  const north = await open(g, g.north, { reducedMotion: 'reduce', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await south.click('[data-action=resign]');
  assert.ok(await visible(south, '[data-action=confirm-resign]'));
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await snapshot(g.id)).status, 'playing', 'one click does not resign');
  await south.click('[data-action=cancel-resign]');
  assert.equal(await visible(south, '[data-action=confirm-resign]'), false);
  assert.ok(await visible(south, '[data-action=resign]'));
  await south.click('[data-action=resign]');
  await south.click('[data-action=confirm-resign]');
  await south.waitForSelector('[data-role=result][data-winner=north]');
  assert.equal(await visible(south, '[data-action=resign]'), false);
  for (const p of [south, north]) {
    await p.waitForSelector('[data-role=result] [data-action=rematch]', { state: 'visible' });
    assert.equal(await p.getAttribute('[data-role=result] [data-action=new-game]', 'href'), '/?variant=kimasai');
  }
  // North, on a phone, scrolled away: South's offer comes into view inside the result box.
  await north.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await south.click('[data-role=result] [data-action=rematch]');
  await north.waitForFunction(() => /rematch/.test(document.querySelector('[data-role=result] [data-role=rematch-text]').textContent));
  await north.waitForFunction(() => {
    const r = document.querySelector('[data-role=result]').getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  assert.match(await north.textContent('[data-role=result] [data-action=rematch]'), /Accept/);
});

test('6: the move box is for players of a game going on, and never takes the focus on a touch screen', async () => {
  const g = await friendGame('kujifunza');
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' };
  const south = await open(g, g.south, phone);
  const watcher = await open(g, null);
  assert.equal(await visible(watcher, 'input[data-role=move-input]'), false, 'spectators get no move box');
  assert.ok(await visible(south, 'input[data-role=move-input]'));
  const focused = () => south.evaluate(() => document.activeElement && document.activeElement.matches('input, textarea'));
  assert.equal(await focused(), false);
  const snap = await snapshot(g.id);
  const pit = snap.legal[0].slice(0, 2);
  await south.tap(`[data-pit=${pit}]`);
  if (await south.locator('svg .arrow[data-dir]').count()) await south.tap(`svg .arrow[data-dir=${snap.legal[0][2]}]`);
  await south.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  assert.equal(await focused(), false, 'no keyboard pops up after a move');
  await api(server.url, `/api/games/${g.id}`); // (the game goes on)
  await south.click('[data-action=resign]');
  await south.click('[data-action=confirm-resign]');
  await south.waitForSelector('[data-role=result]', { state: 'visible' });
  assert.equal(await visible(south, 'input[data-role=move-input]'), false, 'no move box once the game is over');
});

test('7: Kujifunza shows no stage badge and no empty hands; where they mean something they are explained', async () => {
  const k = await friendGame('kujifunza');
  const p = await open(k, k.south, { reducedMotion: 'reduce' });
  assert.equal(await visible(p, '[data-role=stage]'), false, 'no stage badge in the one-stage game');
  assert.equal(await p.locator('[data-role=hand]').count(), 2, 'the hand hooks stay');
  for (const side of ['south', 'north']) assert.equal(await visible(p, `[data-role=hand][data-side=${side}]`), false, 'no "In hand 0" trays');
  const s = await friendGame('kiswahili');
  const q = await open(s, s.south, { reducedMotion: 'reduce' });
  assert.ok(await visible(q, '[data-role=hand][data-side=south]'));
  assert.match(await q.textContent('[data-role=hand][data-side=south] title'), /namua/);
  assert.ok(await visible(q, '[data-role=stage]'));
  assert.equal(await visible(q, '[data-role=stage-help]'), false);
  await q.click('[data-action=stage-help]');
  assert.equal((await q.textContent('[data-role=stage-help]')).trim(), en['help.stage.namua']);
  assert.equal(await q.getAttribute('[data-action=stage-help]', 'aria-expanded'), 'true');
});

test('8: on a 390x844 phone every control is at least 44 px, the arrows too; pit names are a setting', async () => {
  const g = await friendGame('kujifunza');
  const p = await open(g, g.south, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 390));
  // Coordinates: on by default, a phone included (they fit, and the move box needs them: issue 15); the setting
  // hides them, and is remembered.
  const namesShown = () => p.evaluate(() => getComputedStyle(document.querySelector('[data-pit=A1] .name')).display !== 'none');
  assert.equal(await namesShown(), true, 'pit names are shown by default on a phone');
  await p.click('label.check:has(input[name=coords])');
  assert.equal(await namesShown(), false, 'the setting hides them');
  await p.reload();
  await p.waitForSelector('[data-role=connection][data-state=open]');
  assert.equal(await namesShown(), false, 'the choice is remembered');
  await p.click('label.check:has(input[name=coords])');
  assert.equal(await namesShown(), true);
  const name = await p.evaluate(() => document.querySelector('[data-pit=A1] .name').getBoundingClientRect().height);
  assert.ok(name >= 9, `pit names are legible on a phone (${name} px)`);
  // A pit with a choice of direction: its arrows are there too.
  const legal = (await p.getAttribute('[data-role=board]', 'data-legal')).split(' ');
  const pit = legal.map((m) => m.slice(0, 2)).find((x) => legal.filter((m) => m.startsWith(x)).length > 1);
  assert.ok(pit, 'a pit with two directions');
  await p.tap(`[data-pit=${pit}]`);
  assert.ok(await visible(p, 'svg [data-dir=L]') && await visible(p, 'svg [data-dir=R]'));
  assert.ok(await visible(p, '[data-role=choices] [data-dir=L]') && await visible(p, '[data-role=choices] [data-dir=R]'));
  const small = await p.evaluate(() => {
    const out = [];
    const sel = 'button, select, input[type=text], a.button, label.check, [data-pit], svg [data-dir], header.site nav a';
    for (const e of document.querySelectorAll(sel)) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
      if (r.width < 43.5 || r.height < 43.5) out.push(`${e.dataset.pit || e.dataset.dir || e.dataset.action || e.textContent.trim() || e.outerHTML.slice(0, 40)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  });
  assert.deepEqual(small, [], 'touch targets of at least 44 px');
  await p.tap('[data-role=choices] [data-dir=L]');
  await p.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  assert.equal((await snapshot(g.id)).moves[0], `${pit}L`, 'the L choice played the move to the left');
});

test('10: whose turn it is: body[data-turn], the mover\'s side lit, the tab when hidden, a sound that can be turned off', async () => {
  // A fake AudioContext records the notes; a switch makes the page believe it is in a background tab.
  const init = () => {
    window.__notes = [];
    window.__hidden = false;
    Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
    Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
    const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    window.AudioContext = class {
      constructor() {
        this.state = 'running';
        this.currentTime = 0;
        this.destination = {};
      }
      resume() {
        return Promise.resolve();
      }
      createGain() {
        return { gain: param(), connect() {} };
      }
      createOscillator() {
        const o = { frequency: param(), connect() {}, stop() {}, start: () => window.__notes.push(o.frequency.hz) };
        o.frequency.setValueAtTime = (hz) => (o.frequency.hz = hz);
        return o;
      }
    };
  };
  const g = await friendGame('kujifunza');
  const south = await open(g, g.south, { reducedMotion: 'reduce' }, init);
  const north = await open(g, g.north, { reducedMotion: 'reduce' }, init);
  const watcher = await open(g, null, { reducedMotion: 'reduce' });
  assert.equal(await south.getAttribute('body', 'data-turn'), 'you');
  assert.equal(await north.getAttribute('body', 'data-turn'), 'opponent');
  assert.equal(await watcher.getAttribute('body', 'data-turn'), 'none');
  for (const p of [south, north]) assert.equal(await p.locator('svg .half.turn').getAttribute('data-side'), 'south', 'the mover\'s half is lit');

  // North's tab is in the background when South moves: the title and icon call North; a sound too.
  await north.click('[data-pit=b3]'); // a first click lets the page make sound
  await north.evaluate(() => {
    window.__hidden = true;
    window.__notes = [];
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const snap = await snapshot(g.id);
  await typeMove(south, snap.legal[0]);
  await north.waitForFunction(() => document.body.dataset.turn === 'you');
  assert.match(await north.title(), /Your turn/);
  assert.match(await north.getAttribute('link[rel=icon]', 'href'), /^data:image\/svg\+xml/);
  assert.ok((await north.evaluate(() => window.__notes)).length > 0, 'a sound says it is your turn');
  await north.evaluate(() => {
    window.__hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  assert.doesNotMatch(await north.title(), /Your turn/);
  assert.equal(await north.getAttribute('link[rel=icon]', 'href'), '/logo.svg');

  // The sound toggle: off is silent, and remembered.
  assert.equal(await north.getAttribute('[data-action=sound]', 'aria-pressed'), 'true', 'sound is on by default');
  await north.click('[data-action=sound]');
  assert.equal(await north.getAttribute('[data-action=sound]', 'aria-pressed'), 'false');
  assert.equal(await north.evaluate(() => localStorage.getItem('bao.sound')), 'off');
  await south.click('[data-pit=B1]');
  await north.evaluate(() => {
    window.__notes = [];
  });
  const snap2 = await snapshot(g.id);
  await typeMove(north, snap2.legal[0]);
  await waitInSync(north, server.url, g.id);
  await waitInSync(south, server.url, g.id);
  assert.deepEqual(await north.evaluate(() => window.__notes), [], 'no sound once turned off');
});

test('11: a carved board with an unmistakable nyumba, legible in dark mode; the page stays light', async () => {
  const g = await friendGame('kiswahili');
  const p = await newPage({ colorScheme: 'dark', reducedMotion: 'reduce' });
  const loaded = [];
  p.on('requestfinished', (r) => loaded.push(r));
  await p.goto(server.url + g.url);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  await p.waitForLoadState('networkidle');
  const look = await p.evaluate(() => {
    const nyumba = document.querySelector('[data-pit=A5]');
    const shown = (e) => e && getComputedStyle(e).display !== 'none';
    const count = document.querySelector('[data-pit=A5] .count');
    return {
      square: nyumba.querySelector('.hole').tagName,
      inlay: shown(nyumba.querySelector('.inlay')) && shown(nyumba.querySelector('.roof')),
      otherInlay: shown(document.querySelector('[data-pit=A4] .inlay')),
      seed: getComputedStyle(document.querySelector('[data-pit=A5] .seed')).fill,
      grain: document.querySelectorAll('svg.board .grain path').length,
      countFill: getComputedStyle(count).fill,
      pit: getComputedStyle(document.documentElement).getPropertyValue('--pit-deep').trim(),
    };
  });
  assert.equal(look.square, 'rect');
  assert.ok(look.inlay && !look.otherInlay, 'the nyumba, and only it, has its inlay and roof mark');
  assert.match(look.seed, /url\(.*#seed/, 'seeds are shaded like seeds');
  assert.ok(look.grain > 5, 'the wood has grain');
  // Dark mode: the counts stay legible on the pits (contrast of at least 4.5:1).
  const rgb = (c) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : c.match(/\d+/g).slice(0, 3).map(Number));
  const lum = (c) => {
    const [r, g2, b] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g2 + 0.0722 * b;
  };
  const [hi, lo] = [lum(look.countFill), lum(look.pit)].sort((a, b) => b - a);
  assert.ok((hi + 0.05) / (lo + 0.05) >= 4.5, `counts legible in dark mode (${look.countFill} on ${look.pit})`);
  // Page weight: everything the game page loads (not the game's data), as the server sends it.
  let sent = 0;
  for (const r of loaded) {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) continue;
    sent += Math.max(0, (await r.sizes()).responseBodySize);
  }
  // 60 KiB since the second wave's game page (clocks, takeback, quick messages, the analysis link): the parts only
  // some visitors need (clocks, the hint, the review, notifications, the QR code, the name dialog) are loaded only
  // when needed. 62 KiB since the third wave's players: every page's header shows this browser's player, and the
  // seats their names (about 1.7 KiB compressed, the name dialog itself loaded on its first use). 63 KiB since the
  // ratings: the header's links to the leaderboard and to one's profile, a rated game's ratings beside the names (the
  // rating changes' code, game/ratings.js, and the profile's and leaderboard's styles are loaded only where needed).
  // 64 KiB since the passkeys and issue 34: the header's Sign in button (its code loaded on the first click), the
  // plural forms of the shared words (Intl.PluralRules), who is online in the welcome, the finished game's stage.
  // 65 KiB since the rest of issue 34: the board's arrow tabs and name tags, the folded move box, the hooks that
  // load a finished game's export and the hint's scrolling (their code and words load only when used), while the
  // home page's, the rules pages' and the analysis board's styles left style.css. Every page stays under the 80 KB
  // of issue 34 (weights.test.mjs).
  assert.ok(sent < 65 * 1024, `the game page stays small (${sent} bytes sent)`);
});
