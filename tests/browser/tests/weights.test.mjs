// Page weights (issue 34): every page as a first visitor gets it (a fresh browser context, nothing cached), counted as
// sent over the wire (compressed bodies, `responseBodySize`), without the game data of /api/. No page may send more
// than 80 KB. The figures are printed for docs/benchmarks.md ("Page weights").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

/** The most a page may send, compressed, on a first visit (issue 34). */
const BUDGET = 80 * 1000;

let server;
let browser;
let pages;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const created = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'friend' }) });
  const player = await api(server.url, '/api/players', { method: 'POST', body: JSON.stringify({ name: 'Weights' }) });
  pages = [
    '/',
    `/g/${created.body.id}`,
    '/learn',
    '/puzzles',
    '/analysis',
    '/watch',
    '/leaderboard?variant=kiswahili',
    `/@/${player.body.id}`,
    '/rules/kiswahili.html',
    '/signin',
  ];
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a first visit to `path` loads: requests, bytes sent (compressed) and bytes once decompressed. */
async function firstVisit(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (r) => finished.push(r));
  await page.goto(server.url + path, { waitUntil: 'networkidle' });
  let sent = 0;
  let unpacked = 0;
  let requests = 0;
  for (const r of finished) {
    const url = new URL(r.url());
    if (url.origin !== server.url || url.pathname.startsWith('/api/')) continue;
    const sizes = await r.sizes().catch(() => null);
    if (!sizes) continue;
    requests += 1;
    sent += Math.max(0, sizes.responseBodySize);
    const response = await r.response();
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    unpacked += body.length;
  }
  await context.close();
  return { requests, sent, unpacked };
}

test('no page sends more than 80 KB on a first visit', async () => {
  const rows = [];
  for (const path of pages) {
    const w = await firstVisit(path);
    rows.push({ path, ...w });
    assert.ok(w.requests > 0, `${path} loaded nothing`);
    // Compression is on: a page's files are sent smaller than they are.
    assert.ok(w.sent < w.unpacked, `${path} is sent compressed (${w.sent} of ${w.unpacked} bytes)`);
  }
  console.log('| page | requests | sent (compressed) | unpacked |\n| --- | --- | --- | --- |');
  for (const r of rows) {
    const shown = r.path.replace(/\/g\/[^/]+$/, '/g/{id}').replace(/\/@\/[^/]+$/, '/@/{id}');
    console.log(`| \`${shown}\` | ${r.requests} | ${(r.sent / 1000).toFixed(1)} KB | ${(r.unpacked / 1000).toFixed(1)} KB |`);
  }
  for (const r of rows) assert.ok(r.sent <= BUDGET, `${r.path} sends ${r.sent} bytes, over ${BUDGET}`);
});
