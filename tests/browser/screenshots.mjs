// Makes docs/screenshot-desktop.png (1280x800) and docs/screenshot-phone.png (390x844): a Bao la Kiswahili game
// in progress, seen by South. Run: node tests/browser/screenshots.mjs (the server is built and started here).
import { join } from 'node:path';
import { startServer, launchBrowser, api, waitInSync, ROOT } from './lib/harness.mjs';

const server = await startServer();
const browser = await launchBrowser();
try {
  const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'friend', seat: 'south' }) });
  const { body: j } = await api(server.url, `/api/games/${g.id}/join`, { method: 'POST', body: '{}' });
  const seats = { south: g, north: { id: g.id, token: j.token, seat: j.seat } };
  const pages = {};
  for (const side of ['south', 'north']) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', reducedMotion: 'reduce', colorScheme: 'light' });
    const p = await ctx.newPage();
    await p.goto(server.url + '/');
    await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), seats[side]);
    await p.goto(`${server.url}/g/${g.id}`);
    await p.waitForSelector('[data-role=connection][data-state=open]');
    pages[side] = p;
  }
  // A few namua moves (a varied pick among the legal moves), typed into the move input.
  for (let i = 0; i < 10; i++) {
    const { body: snap } = await api(server.url, `/api/games/${g.id}`);
    const p = pages[snap.position.to_move];
    await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);
    const mv = snap.legal[(i * 7) % snap.legal.length];
    await p.fill('input[data-role=move-input]', mv);
    await p.press('input[data-role=move-input]', 'Enter');
    await p.waitForFunction((n) => document.querySelectorAll('[data-role=moves] [data-move]').length === n, i + 1);
    await waitInSync(p, server.url, g.id);
  }
  const south = pages.south;
  await waitInSync(south, server.url, g.id);
  // Show a pit picked, with its direction arrows.
  const legal = (await south.getAttribute('[data-role=board]', 'data-legal')).split(' ');
  const pit = legal.map((m) => (/^[AB][1-8]/.exec(m) || [])[0]).filter(Boolean).find((x) => legal.filter((m) => m.startsWith(x)).length > 1);
  if (pit) await south.click(`[data-pit=${pit}]`);
  await south.evaluate(() => window.scrollTo(0, 0));
  await south.screenshot({ path: join(ROOT, 'docs/screenshot-desktop.png') });
  await south.setViewportSize({ width: 390, height: 844 });
  // On the phone: a click on the opponent's pit, and the reason shown under the board.
  await south.keyboard.press('Escape');
  await south.click('[data-pit=a3]');
  await south.evaluate(() => window.scrollTo(0, 0));
  await south.screenshot({ path: join(ROOT, 'docs/screenshot-phone.png') });
  console.log('wrote docs/screenshot-desktop.png and docs/screenshot-phone.png');
} finally {
  await browser.close();
  await server.stop();
}
