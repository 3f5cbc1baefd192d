// Screenshots of /local (a game against the computer in this browser) at 1280x800 and 390x844: its form, and a
// game a few moves in. Run: node tests/browser/screenshots-local.mjs [DIR] (default /tmp; the server is built and
// started here, BAO_SKIP_BUILD=1 and BAO_SERVER_BIN honoured as in the tests).
import { join } from 'node:path';
import { startServer, launchBrowser } from './lib/harness.mjs';

const dir = process.argv[2] || '/tmp';
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: 'light' });
    const p = await ctx.newPage();
    await p.goto(`${server.url}/local?variant=kiswahili&level=easy`);
    await p.waitForSelector('[data-action=start-local]', { state: 'visible' });
    await p.screenshot({ path: join(dir, `local-form-${w}.png`) });
    await p.selectOption('select[name=seat]', 'south');
    await p.click('[data-action=start-local]');
    for (let i = 0; i < 4; i++) {
      await p.waitForFunction(() => document.body.dataset.turn === 'you' && document.querySelector('[data-role=board]').dataset.legal);
      const legal = (await p.getAttribute('[data-role=board]', 'data-legal')).split(' ');
      await p.fill('input[data-role=move-input]', legal[(i * 5) % legal.length]);
      await p.press('input[data-role=move-input]', 'Enter');
    }
    await p.waitForFunction(() => document.body.dataset.turn === 'you' && document.querySelector('[data-role=board]').dataset.legal);
    await p.screenshot({ path: join(dir, `local-game-${w}.png`) });
    await p.goto(`${server.url}/`);
    await p.waitForSelector('[data-role=my-games] a[data-game^="local:"]');
    await p.screenshot({ path: join(dir, `local-home-${w}.png`), fullPage: w < 500 });
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
