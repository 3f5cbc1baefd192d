// Makes docs/screenshots/analysis-*.png: the analysis board with the computer's evaluation (a forced win: the bar,
// the words, three lines) and with its editor open on a set-up the server refuses, at 1280x800 and 390x844, light
// and dark. Run: node tests/browser/screenshots-analysis.mjs (BAO_SERVER_BIN, BAO_SKIP_BUILD as for the tests).
import { join } from 'node:path';
import { startServer, launchBrowser, ROOT } from './lib/harness.mjs';

/** Puzzle kujifunza-0002: South wins in 2 moves. */
const WIN_IN_2 = {
  variant: 'kujifunza',
  to_move: 'south',
  south: { front: [1, 4, 7, 2, 15, 1, 2, 3], back: [0, 2, 5, 0, 5, 0, 2, 3], hand: 0, house: false },
  north: { front: [1, 1, 1, 1, 1, 0, 0, 0], back: [0, 1, 0, 2, 2, 2, 0, 0], hand: 0, house: false },
  takasia: null,
  result: null,
};
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const server = await startServer({ args: ['--analysis-per-minute', '1000'] });
const browser = await launchBrowser();
const shot = (page, name) => page.screenshot({ path: join(ROOT, 'docs/screenshots', `${name}.png`) });
try {
  for (const scheme of ['light', 'dark']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const ctx = await browser.newContext({ viewport, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: scheme, deviceScaleFactor: 1 });
      const page = await ctx.newPage();
      // The evaluation of a forced win.
      await page.goto(`${server.url}/analysis?variant=kujifunza&position=${encodeURIComponent(JSON.stringify(WIN_IN_2))}`);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
      await page.click('[data-action=engine]');
      await page.waitForSelector('[data-role=eval]:not([hidden])', { timeout: 30000 });
      await page.waitForFunction(() => document.querySelectorAll('[data-role=lines] li').length === 3);
      if (size === 'phone') await page.locator('[data-role=eval]').scrollIntoViewIfNeeded();
      else await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `analysis-eval-${size}-${scheme}`);
      // The editor, on Kiswahili's start with a seed too many.
      await page.goto(`${server.url}/analysis?variant=kiswahili`);
      await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
      await page.click('[data-action=edit]');
      await page.click('[data-pit=B3]');
      await page.waitForFunction(() => document.querySelector('[data-role=setup-error]').textContent);
      await page.hover('[data-pit=A2]');
      if (size === 'phone') await page.locator('[data-role=editor]').scrollIntoViewIfNeeded();
      else await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `analysis-editor-${size}-${scheme}`);
      await ctx.close();
    }
  }
  // An ordinary evaluation (a number and a bar between the two), and the editor in Kiswahili on a phone.
  const ctx = await browser.newContext({ viewport: SIZES.desktop, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: 'light' });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/analysis?variant=kimasai`);
  await page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  await page.fill('input[data-role=move-input]', 'A1');
  await page.press('input[data-role=move-input]', 'Enter');
  await page.waitForFunction(() => /^a/.test(document.querySelector('[data-role=board]').dataset.legal || ''));
  await page.click('[data-action=engine]');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=lines] li').length === 3, null, { timeout: 30000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'analysis-eval-number-desktop-light');
  await ctx.close();
  const sw = await browser.newContext({ viewport: SIZES.phone, locale: 'sw', reducedMotion: 'reduce', colorScheme: 'light' });
  const p2 = await sw.newPage();
  await p2.goto(`${server.url}/analysis?variant=kimasai`);
  await p2.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
  await p2.click('[data-action=edit]');
  await p2.click('[data-action=remove-seed]');
  await p2.locator('[data-role=editor]').scrollIntoViewIfNeeded();
  await shot(p2, 'analysis-editor-phone-light-sw');
  await sw.close();
  console.log('wrote docs/screenshots/analysis-*.png');
} finally {
  await browser.close();
  await server.stop();
}
