// The security headers keep every page working: each page loads in chromium with the server's
// Content-Security-Policy without a single violation or script error, and the game page's WebSocket (same
// origin) connects. A page of another origin cannot open a game socket.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** Opens `path` and returns the page with the CSP violations and errors it reports. */
async function open(ctx, path) {
  const page = await ctx.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const resp = await page.goto(server.url + path, { waitUntil: 'load' });
  assert.equal(resp.status(), 200, path);
  assert.match(resp.headers()['content-security-policy'] || '', /frame-ancestors 'none'/, path);
  return { page, problems };
}

test('every page loads under the Content-Security-Policy without a violation', async () => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const { body: created } = await api(server.url, '/api/games', {
    method: 'POST',
    body: JSON.stringify({ variant: 'kiswahili', seat: 'south' }),
  });
  const { body: player } = await api(server.url, '/api/players', { method: 'POST', body: JSON.stringify({ name: 'Headers' }) });
  const paths = [
    '/',
    `/g/${created.id}`,
    '/rules/kujifunza.html',
    '/rules/kiswahili.html',
    '/rules/kiswahili-malawi.html',
    '/rules/kimasai.html',
    '/learn',
    '/learn/kiswahili',
    '/analysis?variant=kimasai',
    '/puzzles',
    '/watch',
    '/leaderboard?variant=kiswahili',
    `/@/${player.id}`,
    '/signin',
  ];
  for (const path of paths) {
    const { page, problems } = await open(ctx, path);
    if (path.startsWith('/g/')) {
      // The socket (connect-src 'self') opens, and the board (inline SVG built by script) is drawn.
      await page.waitForSelector('[data-role=connection][data-state=open]', { timeout: 10000 });
      await page.waitForSelector('[data-pit=A6]', { timeout: 10000 });
    }
    // Let late scripts (dictionaries, the version footer) run.
    await page.waitForTimeout(300);
    assert.deepEqual(problems, [], path);
    await page.close();
  }
  await ctx.close();
});

test('a page of another origin cannot open a game socket', async () => {
  const { body: created } = await api(server.url, '/api/games', {
    method: 'POST',
    body: JSON.stringify({ variant: 'kujifunza' }),
  });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  // localhost and 127.0.0.1 are different origins for the browser, though the same server.
  await page.goto(server.url.replace('127.0.0.1', 'localhost') + '/rules/kujifunza.html');
  const ws = `ws://127.0.0.1:${server.port}/ws/${created.id}`;
  const outcome = await page.evaluate(
    (url) =>
      new Promise((res) => {
        const s = new WebSocket(url);
        s.onopen = () => res('open');
        s.onerror = () => res('refused');
      }),
    ws,
  );
  assert.equal(outcome, 'refused');
  await ctx.close();
});
