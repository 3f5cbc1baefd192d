// Makes docs/screenshot-puzzles-desktop.png (1280x800) and docs/screenshot-puzzles-phone.png (390x844): /puzzles
// with a capture-chain puzzle solved, its themes and rating, and the solver's progress by theme.
// Run: BAO_SERVER_BIN=target/debug/bao-server node tests/browser/screenshots-puzzles.mjs
import { join } from 'node:path';
import { startServer, launchBrowser, api, ROOT } from './lib/harness.mjs';

const server = await startServer();
const browser = await launchBrowser();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: 'light' });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/puzzles?variant=kiswahili&theme=capture_chain`);
  await page.waitForSelector('[data-role=puzzle][data-id]');
  await page.waitForSelector('[data-pit=A1]');
  const id = await page.getAttribute('[data-role=puzzle]', 'data-id');
  const { body: p } = await api(server.url, `/api/puzzles/${id}`);
  for (let i = 0; i < p.solution.length; i += 2) {
    await page.waitForFunction(() => !document.querySelector('input[data-role=move-input]').disabled);
    await page.fill('input[data-role=move-input]', p.solution[i]);
    await page.press('input[data-role=move-input]', 'Enter');
    if (i + 1 < p.solution.length) {
      await page.waitForFunction((r) => document.querySelector('[data-role=status]').textContent.includes(r), p.solution[i + 1]);
    }
  }
  await page.waitForSelector('[data-role=puzzle-result][data-state=solved]');
  await page.waitForSelector('[data-role=theme-progress] tr[data-theme]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ROOT, 'docs/screenshot-puzzles-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ROOT, 'docs/screenshot-puzzles-phone.png') });
  await page.screenshot({ path: '/tmp/puzzles-phone-full.png', fullPage: true });
  console.log('wrote docs/screenshot-puzzles-desktop.png and docs/screenshot-puzzles-phone.png');
} finally {
  await browser.close();
  await server.stop();
}
