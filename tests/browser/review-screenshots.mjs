// Makes docs/screenshots/review-{desktop,phone}-{light,dark}.png: the review of a finished Bao la Kiswahili game
// (two players, 40 moves, then South resigns), seen by South with a mistake selected.
// Run: node tests/browser/review-screenshots.mjs [out-dir] (the server is built and started here).
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { startServer, launchBrowser, ROOT } from './lib/harness.mjs';
import { friendGame, openGame, playOver, resignOver } from './lib/game-pages.mjs';

const out = process.argv[2] || join(ROOT, 'docs/screenshots');
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const seats = await friendGame(server.url, 'kiswahili');
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: 'light' });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  await playOver(page, seats, 40, 7);
  await resignOver(page, seats.south);
  await openGame(page, server.url, seats.south, true);
  await page.click('[data-action=review]');
  await page.waitForSelector('[data-role=moves] li[data-class]', { timeout: 120000 });
  // A mistake or a blunder selected, as a player looking through the review would.
  const bad = page.locator('[data-role=moves] li.mv[data-class=mistake] button, [data-role=moves] li.mv[data-class=blunder] button').first();
  if (await bad.count()) await bad.click();
  for (const [w, h, name] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => {
        const r = document.querySelector('[data-role=review]');
        // On the phone the page is scrolled to the board's top, with the review under it.
        if (innerWidth < 600) document.querySelector('[data-role=board]').scrollIntoView();
        else window.scrollTo(0, 0);
        return r && r.getBoundingClientRect().top;
      });
      await page.screenshot({ path: join(out, `review-${name}-${scheme}.png`) });
    }
  }
  console.log(`wrote ${out}/review-{desktop,phone}-{light,dark}.png`);
} finally {
  await browser.close();
  await server.stop();
}
