// The engine in the browser (issue 35): bao-core and bao-ai as WebAssembly (web/engine/bao.wasm, built from
// crates/bao-wasm) in a Web Worker. With POST /api/analysis refused by the network, the analysis board still
// plays moves, searches ever deeper until stopped, and a hint against the computer still comes; without
// WebAssembly the pages ask the server (the fallback).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { openGame } from '../lib/game-pages.mjs';

let server;
let browser;
const contexts = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** A page whose POST /api/analysis never reaches the server; resolves with the requests it tried. */
async function blockedPage(init) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
  contexts.push(ctx);
  const page = await ctx.newPage();
  const tried = [];
  await page.route('**/api/analysis', (r) => {
    tried.push(r.request().url());
    return r.abort();
  });
  if (init) await page.addInitScript(init);
  return { page, tried };
}

const waitLegal = (page) => page.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal);

test('the analysis board without /api/analysis: moves, and a search that deepens until it is stopped', async () => {
  const { page, tried } = await blockedPage();
  await page.goto(`${server.url}/analysis?variant=kiswahili`);
  // The first legal moves: the server is tried, then the engine here answers.
  await waitLegal(page);
  assert.deepEqual((await page.getAttribute('[data-role=board]', 'data-legal')).split(' ').sort(), ['A6L', 'A6R', 'A7L', 'A7R']);
  await page.click('[data-action=engine]');
  await page.waitForFunction(() => Number(document.querySelector('[data-role=engine-depth]').dataset.depth) >= 6, null, { timeout: 30000 });
  assert.equal(await page.$$eval('[data-role=lines] [data-role=line]', (ls) => ls.length), 3);
  assert.match(await page.getAttribute('[data-role=best-move]', 'data-move'), /^A[67][LR]$/);
  assert.equal(await page.getAttribute('[data-action=engine]', 'data-searching'), '');
  // Stopped: the button asks again, and what was found stays shown.
  await page.click('[data-action=engine]');
  assert.equal(await page.getAttribute('[data-action=engine]', 'data-searching'), null);
  assert.equal(await page.textContent('[data-action=engine]'), 'Ask the computer');
  assert.equal(await page.$$eval('[data-role=lines] [data-role=line]', (ls) => ls.length), 3);
  // A move played on the board, answered here.
  await page.click('[data-pit=A6]');
  if (await page.$('[data-role=choices] [data-dir=L]')) await page.click('[data-role=choices] [data-dir=L]');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=moves] [data-move]').length === 1);
  await waitLegal(page);
  assert.ok(tried.length <= 1, `the server was tried at most once (${tried.length})`);
});

test('a hint against the computer without /api/analysis', async () => {
  const { page } = await blockedPage();
  const { body: easy } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }) });
  await openGame(page, server.url, easy, true);
  await page.waitForSelector('[data-action=hint]:not([hidden])');
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint] [data-move]', { timeout: 15000 });
  const move = await page.getAttribute('[data-role=hint] [data-move]', 'data-move');
  assert.match(move, /^A[67][LR]$/);
});

test('without WebAssembly the analysis board asks the server', async () => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  contexts.push(ctx);
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    delete globalThis.WebAssembly;
  });
  let asked = 0;
  await page.route('**/api/analysis', (r) => {
    asked += 1;
    return r.continue();
  });
  await page.goto(`${server.url}/analysis?variant=kujifunza`);
  await waitLegal(page);
  await page.click('[data-action=engine]');
  await page.waitForSelector('[data-role=best-move][data-move]', { timeout: 15000 });
  assert.ok(asked >= 2, `the server answered the moves and the search (${asked} requests)`);
  assert.equal(await page.getAttribute('[data-role=engine-depth]', 'data-depth'), null);
});
