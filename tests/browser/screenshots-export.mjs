// Screenshots of issue 34's points 8 and 10 into docs/screenshots/: a finished game's export controls, the board
// picture the server draws (its link preview), the analysis board's import, and the home page's list of this
// browser's games; desktop (1280x800) and phone (390x844). Run: node tests/browser/screenshots-export.mjs.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { startServer, launchBrowser, api, ROOT } from './lib/harness.mjs';
import { openGame, playTyped, resignOver } from './lib/game-pages.mjs';

const OUT = join(ROOT, 'docs/screenshots');
mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const post = (body) => api(server.url, '/api/games', { method: 'POST', body: JSON.stringify(body) }).then((r) => r.body);
try {
  const ctx = await browser.newContext({ viewport: sizes.desktop, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: 'light' });
  const page = await ctx.newPage();
  // A finished game: a few moves against the easy computer, then resigned.
  const game = await post({ variant: 'kiswahili', seat: 'south', opponent: 'computer', level: 'easy', clock: { kind: 'live', initial_s: 300, increment_s: 3 } });
  await openGame(page, server.url, game, true);
  await playTyped(page, server.url, game, 8);
  await resignOver(page, game);
  await page.waitForSelector('[data-role=export]:not([hidden])');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, size] of Object.entries(sizes)) {
      if (scheme === 'dark' && name === 'phone') continue;
      await page.setViewportSize(size);
      await page.evaluate(() => document.querySelector('[data-role=result]').scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(OUT, `export-${name}${scheme === 'dark' ? '-dark' : ''}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.goto(`${server.url}/api/games/${game.id}/board.svg`);
  await page.screenshot({ path: join(OUT, 'board-picture.png') });

  // The analysis board with the game imported, two moves in.
  await page.setViewportSize(sizes.desktop);
  await page.goto(`${server.url}/analysis?game=${game.id}`);
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length > 2);
  await page.click('button[data-action=forward]');
  await page.click('button[data-action=forward]');
  for (const [name, size] of Object.entries(sizes)) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.querySelector('[data-role=import]').scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(OUT, `analysis-import-${name}.png`) });
  }

  // The home page's list: the finished game, one against the medium computer in play, one waiting for a friend.
  const inPlay = await post({ variant: 'kujifunza', seat: 'south', opponent: 'computer', level: 'medium' });
  const friend = await post({ variant: 'kimasai', seat: 'south', clock: { kind: 'correspondence', days: 3 } });
  await page.goto(`${server.url}/`);
  await page.evaluate((games) => {
    games.forEach((g, i) => localStorage.setItem(`bao.seat.${g.id}`, JSON.stringify({ token: g.token, seat: g.seat, at: Date.now() + i })));
  }, [game, inPlay, friend]);
  await page.reload();
  await page.waitForSelector(`[data-role=my-games] a[data-game="${friend.id}"]`);
  for (const [name, size] of Object.entries(sizes)) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.querySelector('[data-role=my-games]').scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(OUT, `my-games-${name}.png`) });
  }
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  await server.stop();
}
