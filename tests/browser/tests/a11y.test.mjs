// Accessibility (issue 15): axe-core's WCAG 2.1 A and AA rules find nothing on any page or state, in the light
// and the dark theme, on a desktop and a phone screen. One server and one browser serve every check.
//
// To audit a new state, add an entry to STATES: a name and an `open(page)` that brings a page (already on the
// server's origin) to that state and waits until it is drawn. The games it needs are made once in before().
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { axeViolations, describe, DISABLED } from '../lib/axe.mjs';
import { setSeat, openGame, resignOver, playTyped, directionPit } from '../lib/game-pages.mjs';

let server;
let browser;
/** The games the states show, made in before(): each `{ id, url, token, seat }` as the creator holds it. */
const games = {};
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
      await page.waitForSelector('[data-role=share] [data-role=qr] svg');
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
      await page.waitForSelector('svg .arrow[data-dir=L]');
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
    name: 'finished (result and rematch)',
    open: async (page) => {
      await openGame(page, server.url, games.finished, true);
      await page.waitForSelector('[data-role=result]', { state: 'visible' });
      await page.waitForSelector('[data-action=rematch]', { state: 'visible' });
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

  // A move each, so the board has a last move; then South resigns the finished game.
  const ctx = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  await openGame(page, server.url, games.playing, true);
  await playTyped(page, server.url, games.playing, 2);
  await resignOver(page, games.finished);
  await ctx.close();
});

after(async () => {
  assert.deepEqual(problems, [], 'no script errors on any page');
  if (browser) await browser.close();
  if (server) await server.stop();
});

for (const theme of THEMES) {
  for (const [width, height] of SIZES) {
    test(`axe (WCAG 2.1 A and AA) finds nothing: ${theme} theme, ${width}x${height}`, async (t) => {
      const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: theme, reducedMotion: 'reduce', locale: 'en-US' });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => problems.push(`${theme} ${width}: page error: ${e.message}`));
      await page.goto(`${server.url}/`);
      await setSeat(page, null);
      for (const state of STATES) {
        await t.test(state.name, async () => {
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
    });
  }
}

test('no axe rule is disabled without a written reason', () => {
  for (const [id, why] of Object.entries(DISABLED)) assert.ok(typeof why === 'string' && why.length > 20, id);
});
