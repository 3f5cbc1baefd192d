// Accessibility (issue 15): axe-core's WCAG 2.1 A and AA rules find nothing on any page or state, in the light
// and the dark theme, on a desktop and a phone screen; and what axe cannot see on the SVG board: the focus ring's
// contrast against the wood, the focus kept on the board after a keyboard move, rows grouped and named, pit labels
// that say what the rings show, and the move (with its captures) announced before it is animated. One server and
// one browser serve every check.
//
// To audit a new state, add an entry to STATES: a name and an `open(page)` that brings a page (already on the
// server's origin) to that state and waits until it is drawn. The games it needs are made once in before().
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { axeViolations, describe, DISABLED, contrast } from '../lib/axe.mjs';
import { setSeat, openGame, resignOver, playTyped, directionPit } from '../lib/game-pages.mjs';
import { newPlayer, playerGame, becomePlayer } from '../lib/players.mjs';

let server;
let browser;
/** The games the states show, made in before(): each `{ id, url, token, seat }` as the creator holds it. */
const games = {};
/** The players the profile states show, made in before(): `{ id, name, key }`. */
const players = {};
const problems = [];

const THEMES = ['light', 'dark'];
const SIZES = [
  [1280, 800],
  [390, 844],
];
const RULES = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];

/** The pages and states audited, in the order they are opened. */
const STATES = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto(`${server.url}/`);
      await page.waitForSelector('footer [data-role=version]:not(:empty)');
    },
  },
  {
    name: 'waiting for the opponent (share link and QR code)',
    open: async (page) => {
      await openGame(page, server.url, games.waiting, true);
      await page.waitForSelector('[data-role=share] [data-role=qr] img');
    },
  },
  {
    name: 'a visitor offered the free seat',
    open: async (page) => {
      await openGame(page, server.url, games.waiting, false);
      await page.waitForSelector('[data-action=join]', { state: 'visible' });
    },
  },
  {
    name: 'mid-game as the player to move',
    open: async (page) => {
      await openGame(page, server.url, games.playing, true);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    },
  },
  {
    name: 'choosing a direction',
    open: async (page) => {
      await openGame(page, server.url, games.playing, true);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
      const pit = await directionPit(page);
      await page.click(`[data-pit=${pit}]`);
      await page.waitForSelector('[data-dir=L]'); // spec/ui.md's hook for a direction to choose
    },
  },
  {
    name: 'spectator',
    open: async (page) => {
      await openGame(page, server.url, games.playing, false);
      await page.waitForSelector('[data-role=spectating]', { state: 'visible' });
    },
  },
  {
    name: 'finished (result, rematch and export)',
    open: async (page) => {
      await openGame(page, server.url, games.finished, true);
      await page.waitForSelector('[data-role=result]', { state: 'visible' });
      await page.waitForSelector('[data-action=rematch]', { state: 'visible' });
      await page.waitForSelector('[data-role=export]', { state: 'visible' });
    },
  },
  {
    name: 'lessons (the list of games)',
    open: async (page) => {
      await page.goto(`${server.url}/learn`);
      await page.waitForSelector('[data-role=lessons] li');
    },
  },
  {
    name: 'a lesson step answered with a wrong move',
    open: async (page) => {
      await page.goto(`${server.url}/learn/kujifunza#sow`);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
      await page.fill('input[data-role=move-input]', 'A3L');
      await page.press('input[data-role=move-input]', 'Enter');
      await page.waitForSelector('[data-action=retry]:not([hidden])');
    },
  },
  {
    name: 'a test step played out against the computer',
    open: async (page) => {
      // A query of its own: from the previous state's /learn/kujifunza#sow a new hash alone would not load the page.
      await page.goto(`${server.url}/learn/kujifunza?test#capture-test`);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
      await page.fill('input[data-role=move-input]', 'A5L');
      await page.press('input[data-role=move-input]', 'Enter');
      await page.click('[data-action=practice]');
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal || document.querySelector('[data-role=lesson]').dataset.practiceResult, null, { timeout: 15000 });
    },
  },
  {
    name: 'the analysis board after a move, with the computer\'s move',
    open: async (page) => {
      await page.goto(`${server.url}/analysis?variant=kimasai`);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
      await page.fill('input[data-role=move-input]', 'A1');
      await page.press('input[data-role=move-input]', 'Enter');
      await page.waitForFunction(() => /^a/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
      await page.click('[data-action=engine]');
      await page.waitForSelector('[data-role=best-move][data-move]', { timeout: 10000 });
    },
  },
  {
    name: 'a game against the computer in this browser (/local): its form, then a move played',
    open: async (page) => {
      await page.goto(`${server.url}/local?variant=kiswahili&level=easy`);
      await page.waitForSelector('[data-action=start-local]', { state: 'visible' });
      await page.selectOption('select[name=seat]', 'south');
      await page.click('[data-action=start-local]');
      await page.waitForFunction(() => document.body.dataset.turn === 'you' && document.querySelector('[data-role=board]').dataset.legal);
      const legal = (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ');
      await page.fill('input[data-role=move-input]', legal[0]);
      await page.press('input[data-role=move-input]', 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length >= 2 && document.body.dataset.turn === 'you');
    },
  },
  {
    name: 'the games being played, on /watch',
    open: async (page) => {
      const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kujifunza', listed: true }) });
      await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
      await page.goto(`${server.url}/watch`);
      await page.waitForSelector(`[data-role=live-games] a[data-game="${g.id}"] svg`);
    },
  },
  {
    name: 'clocks running, quick messages and takeback offered',
    open: async (page) => {
      await openGame(page, server.url, games.offered, true);
      await page.waitForSelector('[data-role=clock][data-running]');
      await page.waitForSelector('[data-action=accept-takeback]', { state: 'visible' });
      await page.waitForSelector('[data-action=say]', { state: 'visible' });
    },
  },
  {
    name: 'the home page listing this browser\u2019s games',
    open: async (page) => {
      await page.evaluate((gs) => {
        for (const g of gs) localStorage.setItem(`bao.seat.${g.id}`, JSON.stringify({ token: g.token, seat: g.seat, at: Date.now() }));
      }, [games.offered, games.playing, games.finished, games.waiting]);
      await page.goto(`${server.url}/`);
      await page.waitForSelector('[data-role=my-games] a[data-your-turn]');
      await page.waitForSelector('footer [data-role=version]:not(:empty)');
      },
    },
    {
    name: 'finished game reviewed (move classes and evaluation graph)',
    open: async (page) => {
      await openGame(page, server.url, games.reviewed, true);
      await page.click('[data-action=review]');
      await page.waitForSelector('[data-role=eval-graph] svg circle');
    },
  },
  {
    name: 'puzzle to solve',
    open: async (page) => {
      await page.goto(`${server.url}/puzzles?id=kiswahili-0002`);
      await page.waitForSelector('[data-role=puzzle][data-id=kiswahili-0002]');
      await page.waitForSelector('[data-pit=A1]');
    },
  },
  {
    name: 'puzzle solved',
    open: async (page) => {
      await page.goto(`${server.url}/puzzles?id=kujifunza-0001`);
      await page.waitForSelector('[data-role=puzzle][data-id=kujifunza-0001]');
      await page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);
      const { body: p } = await api(server.url, '/api/puzzles/kujifunza-0001');
      await page.fill('input[data-role=move-input]', p.solution[0]);
      await page.press('input[data-role=move-input]', 'Enter');
      await page.waitForSelector('[data-role=puzzle-result][data-state=solved]');
    },
  },
  {
    name: 'a player\u2019s profile with games, seen by a visitor',
    open: async (page) => {
      await page.goto(`${server.url}/@/${players.shown.id}`);
      await page.waitForSelector('[data-role=profile-games] a[data-game]');
    },
  },
  {
    name: 'a profile that does not exist',
    open: async (page) => {
      await page.goto(`${server.url}/@/nosuchplayer`);
      await page.waitForSelector('[data-role=profile-missing]:not([hidden])');
    },
  },
  {
    name: 'the leaderboard (empty)',
    open: async (page) => {
      await page.goto(`${server.url}/leaderboard?variant=kiswahili`);
      await page.waitForSelector('[data-role=leaderboard-loading]', { state: 'hidden' });
    },
  },
  {
    // The page's context becomes that player from here on: the states after this one show its name in the header.
    name: 'the own profile, asked to confirm the deletion',
    open: async (page) => {
      await becomePlayer(page.context(), server.url, players.shown);
      await page.evaluate((id) => localStorage.setItem('bao.player', id), players.shown.id);
      await page.goto(`${server.url}/@/${players.shown.id}`);
      await page.waitForSelector('[data-role=own]:not([hidden])');
      await page.click('[data-action=delete-player]');
      await page.waitForSelector('dialog[data-role=delete-dialog][open]');
    },
  },
  {
    name: 'the own profile\u2019s account: a sign-in link made, signing out asked',
    open: async (page) => {
      await page.goto(`${server.url}/@/${players.shown.id}`);
      await page.waitForSelector('[data-role=account-controls] [data-role=sign-out-part]');
      await page.click('[data-action=make-sign-in-link]');
      await page.waitForSelector('input[data-role=sign-in-link]');
      await page.click('[data-action=sign-out]');
      await page.waitForSelector('[data-role=sign-out-confirm]');
    },
  },
  {
    name: 'a sign-in link that no longer works',
    open: async (page) => {
      await page.goto(`${server.url}/signin#nosuchlink.nosecret`);
      await page.waitForSelector('body[data-state=failed]');
    },
  },
  ...RULES.map((v) => ({
    name: `rules of ${v}`,
    open: async (page) => {
      await page.goto(`${server.url}/rules/${v}.html`);
      await page.waitForSelector('[data-role=rules] section');
    },
  })),
];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const create = async (body) => (await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify(body) })).body;
  games.waiting = await create({ variant: 'kiswahili', opponent: 'friend', seat: 'south' });
  games.playing = await create({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' });
  games.finished = await create({ variant: 'kujifunza', opponent: 'friend', seat: 'south' });
  await api(server.url, `/api/games/${games.finished.id}/join`, { method: 'POST', body: '{}' });
  games.reviewed = await create({ variant: 'kujifunza', opponent: 'computer', level: 'easy', seat: 'south' });
  // A player with a game against the computer and one against another player, for the profile's states.
  players.shown = await newPlayer(server.url, 'Neema');
  const other = await newPlayer(server.url, 'Omari');
  await playerGame(server.url, players.shown, { variant: 'kiswahili', opponent: 'computer', level: 'easy' });
  await playerGame(server.url, players.shown, { clock: { kind: 'live', initial_s: 300, increment_s: 3 } }, other);
  await playerGame(server.url, players.shown, { variant: 'kimasai' });

  // A move each, so the board has a last move; then South resigns the finished game.
  const ctx = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  await openGame(page, server.url, games.playing, true);
  await playTyped(page, server.url, games.playing, 2);
  await resignOver(page, games.finished);
  // A live game whose clock runs (both sides have moved twice), where North (the page's seat) is asked for a
  // takeback by South.
  const offered = await create({ variant: 'kujifunza', opponent: 'friend', seat: 'south', clock: { kind: 'live', initial_s: 900, increment_s: 10 } });
  const { body: north } = await api(server.url, `/api/games/${offered.id}/join`, { method: 'POST', body: '{}' });
  const seats = { south: offered, north: { ...offered, token: north.token, seat: 'north' } };
  for (let ply = 0; ply < 4; ply++) {
    await openGame(page, server.url, ply % 2 ? seats.north : seats.south, true);
    await playTyped(page, server.url, offered, ply + 1);
  }
  await openGame(page, server.url, seats.south, true);
  await page.click('[data-action=takeback]');
  await page.waitForSelector('[data-role=takeback-offer]', { state: 'visible' });
  games.offered = seats.north;
  await openGame(page, server.url, games.reviewed, true);
  await playTyped(page, server.url, games.reviewed, 2);
  await resignOver(page, games.reviewed);
  await ctx.close();
});

after(async () => {
  assert.deepEqual(problems, [], 'no script errors on any page');
  if (browser) await browser.close();
  if (server) await server.stop();
});

// The four screens (two themes, two sizes) are audited two at a time: each is a browser context of its own.
test('axe (WCAG 2.1 A and AA) finds nothing on any page or state', { concurrency: 2 }, async (t) => {
  const screens = [];
  for (const theme of THEMES) {
    for (const [width, height] of SIZES) {
      screens.push(t.test(`${theme} theme, ${width}x${height}`, async (tt) => {
        const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: theme, reducedMotion: 'reduce', locale: 'en-US' });
        const page = await ctx.newPage();
        page.on('pageerror', (e) => problems.push(`${theme} ${width}: page error: ${e.message}`));
        await page.goto(`${server.url}/`);
        await setSeat(page, null);
        for (const state of STATES) {
          await tt.test(state.name, async () => {
            await state.open(page);
            assert.equal(
              await page.evaluate(() => getComputedStyle(document.body).colorScheme),
              theme,
              'the page is drawn in the theme asked for',
            );
            const found = await axeViolations(page);
            assert.equal(found.length, 0, `${state.name}, ${theme}, ${width}px:\n${describe(found)}`);
          });
        }
        await ctx.close();
      }));
    }
  }
  await Promise.all(screens);
});

test('no axe rule is disabled without a written reason', () => {
  for (const [id, why] of Object.entries(DISABLED)) assert.ok(typeof why === 'string' && why.length > 20, id);
});

/** Focuses a playable pit after a key press, so that the browser shows its focus as for a keyboard user. */
async function keyboardFocusPit(page, pit) {
  await page.keyboard.press('Shift');
  await page.focus(`[data-pit=${pit}]`);
  return page.evaluate(() => document.activeElement.matches(':focus-visible') && document.activeElement.dataset.pit);
}

for (const theme of THEMES) {
  test(`the focus ring on a pit stands out on the wood (3:1 at least), ${theme} theme`, async () => {
    const ctx = await browser.newContext({ colorScheme: theme, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await openGame(page, server.url, games.playing, true);
    await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    const pit = await keyboardFocusPit(page, await page.evaluate(() => document.querySelector('[data-pit][tabindex="0"]').dataset.pit));
    assert.ok(pit, 'a pit has the focus');
    const seen = await page.evaluate(() => {
      const cs = (e) => getComputedStyle(e);
      const focused = document.activeElement;
      const other = document.querySelector('[data-pit]:not(:focus)');
      const ring = (g, part) => g.querySelector(`.focusring.${part}`);
      return {
        shown: cs(ring(focused, 'light')).display,
        hiddenElsewhere: cs(ring(other, 'light')).display,
        light: cs(ring(focused, 'light')).stroke,
        lightWidth: parseFloat(cs(ring(focused, 'light')).strokeWidth),
        edge: cs(ring(focused, 'edge')).stroke,
        wood: [...document.querySelectorAll('svg.board linearGradient#wood stop')].map((s) => cs(s).stopColor),
        frame: cs(document.querySelector('svg.board .frame')).fill,
      };
    });
    assert.notEqual(seen.shown, 'none', 'the focused pit shows its ring');
    assert.equal(seen.hiddenElsewhere, 'none', 'a pit without the focus shows none');
    assert.ok(seen.lightWidth >= 2, `the ring is ${seen.lightWidth}px wide`);
    assert.match(seen.frame, /url\(.*#wood/, 'the board is the wood gradient');
    assert.ok(seen.wood.length >= 2, 'the wood has its colours');
    for (const wood of seen.wood) {
      const ratio = contrast(seen.light, wood);
      assert.ok(ratio >= 3, `${theme}: ring ${seen.light} on wood ${wood} is ${ratio.toFixed(2)}:1`);
    }
    // The dark edge keeps the ring visible over anything light next to it (seeds, a light ring).
    assert.ok(contrast(seen.light, seen.edge) >= 3, `ring ${seen.light} against its edge ${seen.edge}`);
    // A click on a pit that cannot be played gives the board the focus, but draws no focus outline around it.
    await page.click('[data-pit=a3]');
    const board = await page.evaluate(() => ({ focused: document.activeElement.matches('svg.board'), outline: getComputedStyle(document.querySelector('svg.board')).outlineStyle }));
    assert.deepEqual(board, { focused: true, outline: 'none' });
    await ctx.close();
  });
}

/** `fg` (an rgb() colour) drawn at `alpha` over `bg`, as rgb(). */
function over(fg, alpha, bg) {
  const [a, b] = [fg, bg].map((c) => c.match(/[\d.]+/g).slice(0, 3).map(Number));
  return `rgb(${a.map((v, i) => Math.round(v * alpha + b[i] * (1 - alpha))).join(', ')})`;
}

for (const theme of THEMES) {
  test(`text on the board is readable on a phone: pit names shown, counts and names 4.5:1 on the pit, ${theme} theme`, async () => {
    const ctx = await browser.newContext({ colorScheme: theme, reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await openGame(page, server.url, games.playing, true);
    const seen = await page.evaluate(() => {
      const cs = (e) => getComputedStyle(e);
      const pit = document.querySelector('[data-pit].empty');
      const [name, count, hole] = ['.name', '.count', '.hole'].map((k) => cs(pit.querySelector(k)));
      // A carved hole is a gradient: the text must be readable on each of its colours.
      const gradient = /url\(.*#([\w-]+)/.exec(hole.fill);
      const stops = gradient ? [...document.querySelectorAll(`svg.board #${gradient[1]} stop`)].map((s) => cs(s).stopColor) : [];
      return {
        nameShown: name.display !== 'none' && name.visibility !== 'hidden',
        name: [name.fill, Number(name.fillOpacity) * Number(name.opacity)],
        count: [count.fill, Number(count.fillOpacity) * Number(count.opacity) * Number(cs(pit).opacity)],
        hole: hole.fill,
        stops,
      };
    });
    assert.ok(seen.nameShown, 'pit names are shown on a 390 px screen (typing a move needs them)');
    const holes = /^url\(/.test(seen.hole) ? seen.stops : [seen.hole];
    assert.ok(holes.length > 0 && holes.every((c) => /^rgb/.test(c)), `the hole's colours: ${seen.hole} ${seen.stops}`);
    for (const [what, [fill, alpha]] of [['name', seen.name], ['empty count', seen.count]]) {
      for (const hole of holes) {
        const ratio = contrast(over(fill, alpha, hole), hole);
        assert.ok(ratio >= 4.5, `${theme}: ${what} ${fill} at ${alpha} on ${hole} is ${ratio.toFixed(2)}:1`);
      }
    }
    await ctx.close();
  });
}

test('a keyboard move keeps the focus on the board; rows, marks and the announcement are there for a screen reader', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kujifunza', opponent: 'friend', seat: 'south' }) });
  const { body: j } = await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  const ctx = await browser.newContext({ reducedMotion: 'reduce', locale: 'en-US' });
  const south = await ctx.newPage();
  await openGame(south, server.url, g, true);
  // North watches with the move animated (fast, to keep the test short), to hear the move before it is shown.
  const ctxNorth = await browser.newContext({ locale: 'en-US' });
  const north = await ctxNorth.newPage();
  const moved = [];
  north.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const m = JSON.parse(String(f.payload));
    if (m.t === 'moved') moved.push(m);
  }));
  await north.goto(`${server.url}/`);
  await north.evaluate(() => localStorage.setItem('bao.speed', 'fast'));
  await openGame(north, server.url, { id: g.id, url: g.url, token: j.token, seat: j.seat }, true);
  await north.evaluate(() => {
    // What a screen reader would hear, and when: each change of the live region, and each seed drawn.
    window.heard = [];
    const status = document.querySelector('[data-role=status]');
    new MutationObserver(() => heard.push({ say: status.textContent, animating: document.body.hasAttribute('data-animating') }))
      .observe(status, { childList: true, characterData: true, subtree: true });
    new MutationObserver((list) => {
      if (list.some((m) => m.attributeName === 'data-count') && document.body.hasAttribute('data-animating')) heard.push({ drawn: true });
    }).observe(document.querySelector('[data-role=board]'), { attributes: true, subtree: true, attributeFilter: ['data-count'] });
  });

  // The board reads top to bottom: the top hand, four named rows of eight pits as drawn, the bottom hand.
  const layout = await south.evaluate(() => {
    const svg = document.querySelector('svg.board');
    const parts = [...svg.querySelectorAll('[data-role=hand], [role=group][aria-label]')];
    return parts.map((e) => ({
      hand: e.dataset.side || null,
      label: e.getAttribute('aria-label'),
      pits: [...e.querySelectorAll('[data-pit]')].map((p) => ({ name: p.dataset.pit, ...p.getBoundingClientRect().toJSON() })),
    }));
  });
  assert.deepEqual(layout.map((p) => p.hand), ['north', null, null, null, null, 'south'], 'top hand, four rows, bottom hand');
  const rows = layout.slice(1, 5);
  assert.deepEqual(rows.map((r) => r.label), ['North’s back row', 'North’s front row', 'South’s front row', 'South’s back row']);
  for (const [i, r] of rows.entries()) {
    assert.equal(r.pits.length, 8);
    assert.ok(r.pits.every((p, k) => k === 0 || p.x > r.pits[k - 1].x), `row ${i} runs left to right as drawn`);
    assert.ok(i === 0 || r.pits[0].y > rows[i - 1].pits[0].y, `row ${i} is below row ${i - 1}`);
  }

  // A pit picked by keyboard says so; the arrow that plays it has the focus.
  await south.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  const pit = await directionPit(south);
  assert.equal(await keyboardFocusPit(south, pit), pit);
  await south.keyboard.press('Enter');
  await south.waitForSelector('[data-dir=L]'); // spec/ui.md's hook for a direction to choose
  assert.match(await south.getAttribute(`[data-pit=${pit}]`, 'aria-label'), /, picked/);
  assert.equal(await south.locator('[data-pit][aria-label*=picked]').count(), 1, 'only the picked pit says so');
  assert.equal(await south.evaluate(() => document.activeElement.dataset.dir), 'L');
  await south.keyboard.press('Enter');
  await south.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  await south.waitForFunction(() => !document.body.hasAttribute('data-animating'));

  // The focus stayed on the board; the next Tab goes on from there, not back to "Skip to the content".
  assert.equal(await south.evaluate(() => !!document.activeElement.closest('svg.board')), true, 'the board keeps the focus');
  await south.keyboard.press('Tab');
  const next = await south.evaluate(() => {
    const a = document.activeElement;
    const board = document.querySelector('[data-role=board]');
    return { skip: a.classList.contains('skip'), after: !!(board.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING), tag: a.tagName };
  });
  assert.ok(!next.skip && next.after, `Tab after the move goes on after the board (to ${next.tag})`);

  // The move and its captures, in words, were announced to North while the move was still being drawn.
  await north.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  await north.waitForFunction(() => !document.body.hasAttribute('data-animating'), null, { timeout: 20000 });
  assert.equal(moved.length, 1);
  const caught = moved[0].trace.filter((s) => s.step === 'capture');
  assert.ok(caught.length > 0, `the opening move ${moved[0].move} captures (every Kujifunza opening does)`);
  const words = `Captured: ${caught.map((s) => `${s.count} seed${s.count === 1 ? '' : 's'} from ${s.pit}`).join(', ')}.`;
  const heard = await north.evaluate(() => window.heard);
  const at = heard.findIndex((h) => h.say && h.say.startsWith(`South played ${moved[0].move}.`));
  assert.ok(at >= 0, `North heard the move: ${JSON.stringify(heard.filter((h) => h.say))}`);
  assert.ok(heard[at].say.includes(words), `with its captures: "${heard[at].say}" has "${words}"`);
  assert.ok(heard[at].animating && heard.slice(at + 1).some((h) => h.drawn), 'before the seeds were drawn');
  assert.match(await south.textContent('[data-role=status]'), new RegExp(`^You played ${moved[0].move}\\. ${words.replace(/[.()]/g, '\\$&')}`));

  // Both boards say where the last move started.
  for (const p of [south, north]) {
    const marked = await p.locator('[data-pit][aria-label*="the last move started here"]').evaluateAll((els) => els.map((e) => e.dataset.pit));
    assert.deepEqual(marked, [pit]);
  }
  await ctx.close();
  await ctxNorth.close();
});

test('the marks on a pit differ in shape, not only in colour, on the board and in its legend', async () => {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kujifunza', opponent: 'friend', seat: 'south' }) });
  const { body: j } = await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  const ctx = await browser.newContext({ reducedMotion: 'reduce', locale: 'en-US' });
  const south = await ctx.newPage();
  const north = await ctx.newPage();
  await openGame(south, server.url, g, true);
  /** How a pit's mark is drawn, colour left out: the rim's width and dashes, and whether a second ring shows. */
  const shape = (p, selector) =>
    p.$eval(selector, (pit) => {
      const cs = (e) => getComputedStyle(e);
      const rim = cs(pit.querySelector('.rim'));
      const rings = [...pit.querySelectorAll('circle, rect')].filter((e) => !e.matches('.hit, .hole, .rim, .focusring') && cs(e).display !== 'none' && cs(e).stroke !== 'none');
      return `width ${rim.strokeWidth}, dashes ${rim.strokeDasharray}, ${rings.length} more ring(s)`;
    });
  const shapes = {};
  // South at the start: playable pits, and one picked.
  await south.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  const pit = await directionPit(south);
  await south.click(`[data-pit=${pit}]`);
  await south.waitForSelector('[data-dir=L]');
  shapes.picked = await shape(south, `[data-pit=${pit}]`);
  shapes.playable = await shape(south, `[data-pit][tabindex="0"]:not([data-pit=${pit}])`);
  // North after South's first move (every Kujifunza opening captures): its start, sown and captured pits.
  await south.keyboard.press('Escape');
  const { body: snap } = await api(server.url, `/api/games/${g.id}`);
  await south.fill('input[data-role=move-input]', snap.legal[0]);
  await south.press('input[data-role=move-input]', 'Enter');
  await openGame(north, server.url, { id: g.id, url: g.url, token: j.token, seat: j.seat }, true);
  await north.waitForSelector('[data-last=capture]');
  for (const mark of ['start', 'sown', 'capture']) shapes[mark] = await shape(north, `[data-last=${mark}]:not([tabindex="0"])`);
  const kinds = Object.keys(shapes);
  assert.equal(new Set(Object.values(shapes)).size, kinds.length, `each mark has a shape of its own: ${JSON.stringify(shapes)}`);

  // The legend shows the same marks, told apart the same way (the border's style and width; the nyumba square).
  const legend = await north.$$eval('.legend .sw', (sws) =>
    sws.map((s) => ((c) => `${c.borderTopStyle} ${c.borderTopWidth} ${c.borderTopLeftRadius}`)(getComputedStyle(s))),
  );
  assert.ok(legend.length >= kinds.length);
  assert.equal(new Set(legend).size, legend.length, `the legend's swatches differ in shape: ${legend}`);
  await ctx.close();
});
