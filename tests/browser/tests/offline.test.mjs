// The installable app offline (issue 35, point 4): the manifest, the service worker's build, immutable caching of
// versioned addresses and brotli; after one visit the home page, /learn, /puzzles and /analysis open with the
// network gone and `[data-role=offline]` shows. Moves that ask the server (POST /api/analysis) are not tested
// offline: they wait for the in-browser engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The build /sw.js carries (its version and kept addresses). */
async function build() {
  const text = await (await fetch(`${server.url}/sw.js`)).text();
  const m = /const BUILD = (\{.*?\});\n/.exec(text);
  assert.ok(m, 'sw.js carries its build');
  return JSON.parse(m[1]);
}

test('the worker names its files by hash; those addresses are immutable, others revalidate; brotli is sent', async () => {
  const r = await fetch(`${server.url}/sw.js`);
  assert.equal(r.headers.get('cache-control'), 'no-cache');
  assert.match(r.headers.get('content-type'), /javascript/);
  const b = await build();
  for (const page of ['/', '/learn', '/puzzles', '/analysis', '/api.js', '/i18n/sw.js', '/i18n/af.js', '/manifest.webmanifest']) {
    assert.match(b.files[page] || '', /^[0-9a-f]{32}$/, page);
  }
  assert.equal(b.files['/game.js'], undefined, 'the game page is the server\'s, not kept');
  const hit = await fetch(`${server.url}/api.js?v=${b.files['/api.js']}`);
  assert.equal(hit.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const stale = await fetch(`${server.url}/api.js?v=0000`);
  assert.notEqual(stale.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const plain = await fetch(`${server.url}/api.js`);
  assert.notEqual(plain.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const br = await fetch(`${server.url}/common.js`, { headers: { 'accept-encoding': 'br' } });
  assert.equal(br.headers.get('content-encoding'), 'br');
  const gz = await fetch(`${server.url}/common.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  const manifest = await fetch(`${server.url}/manifest.webmanifest`);
  assert.match(manifest.headers.get('content-type'), /manifest\+json/);
  const m = await manifest.json();
  assert.equal(m.start_url, '/');
  assert.equal(m.display, 'standalone');
  assert.ok(m.icons.some((i) => i.purpose === 'maskable'));
});

test('after one visit the shell opens offline and says so', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  assert.equal(await page.getAttribute('link[rel=manifest]', 'href'), '/manifest.webmanifest');
  const version = (await build()).version;
  // Installed: the worker is active and its cache is the build's (page.evaluate awaits the promise).
  const keys = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    while (reg.active.state !== 'activated') await new Promise((r) => reg.active.addEventListener('statechange', r, { once: true }));
    return caches.keys();
  });
  assert.ok(keys.includes(`bao-${version}`), keys.join(','));
  assert.ok(await page.isHidden('[data-role=offline]'), 'online: no offline note');
  await context.setOffline(true);
  await page.waitForSelector('[data-role=offline]', { state: 'visible' });
  await page.goto(`${server.url}/learn`);
  await page.waitForSelector('[data-role=lessons] li[data-variant=kujifunza]');
  // A lesson's step can be read (its board and task; playing it asks the server until the engine is in the page).
  await page.goto(`${server.url}/learn/kujifunza`);
  await page.waitForFunction(() => document.querySelector('[data-role=task]')?.textContent.trim().length > 0);
  await page.waitForSelector('[data-pit=A1]');
  await page.waitForSelector('[data-role=offline]', { state: 'visible' });
  await page.goto(`${server.url}/analysis`);
  await page.waitForSelector('[data-pit=A1]');
  await page.waitForSelector('[data-role=offline]', { state: 'visible' });
  await page.goto(`${server.url}/puzzles`);
  await page.waitForSelector('header.site nav a');
  await page.goto(`${server.url}/`);
  await page.waitForSelector('[data-action=play-computer]');
  await page.waitForSelector('[data-role=offline]', { state: 'visible' });
  // Back online: the note goes.
  await context.setOffline(false);
  await page.waitForSelector('[data-role=offline]', { state: 'hidden' });
  await context.close();
});
