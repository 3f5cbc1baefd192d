// The installable app offline (issue 35, point 4): the manifest, the service worker's build, immutable caching of
// versioned addresses and brotli; after one visit the home page, /learn, /puzzles and /analysis open with the
// network gone and `[data-role=offline]` shows; the engine module is sent precompressed (brotli quality 11); "your
// turn" notifications go through the service worker. The game against the computer offline is local.test.mjs; the
// update path sw-update.test.mjs.
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
  // The engine's module precompressed at brotli's best (scripts/build-wasm.sh), not compressed again on the fly.
  const wasm = await fetch(`${server.url}/engine/bao.wasm?v=${b.files['/engine/bao.wasm']}`, { headers: { 'accept-encoding': 'br' } });
  assert.equal(wasm.headers.get('content-encoding'), 'br');
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  assert.equal(wasm.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const { statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { ROOT } = await import('../lib/harness.mjs');
  assert.equal(Number(wasm.headers.get('content-length')), statSync(join(ROOT, 'web/engine/bao.wasm.br')).size);
  assert.equal(b.files['/engine/bao.wasm.br'], undefined, 'the precompressed copy is not a file of its own');
  const plainWasm = await fetch(`${server.url}/engine/bao.wasm`, { headers: { 'accept-encoding': 'identity' } });
  assert.equal(plainWasm.headers.get('content-encoding'), null);
  assert.equal((await plainWasm.arrayBuffer()).byteLength, statSync(join(ROOT, 'web/engine/bao.wasm')).size);
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

test('"your turn" notifications go through the service worker, not the page\'s own Notification', async () => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: server.url });
  // As on Android's Chrome: the page's `new Notification()` throws. The tab is made to look hidden on demand.
  await context.addInitScript(() => {
    const Real = window.Notification;
    const Stub = function () {
      window.__pageNotifications = (window.__pageNotifications || 0) + 1;
      throw new TypeError('Illegal constructor: use ServiceWorkerRegistration.showNotification() instead');
    };
    Object.defineProperty(Stub, 'permission', { get: () => Real.permission });
    Stub.requestPermission = (...a) => Real.requestPermission(...a);
    window.Notification = Stub;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__hidden === true });
    localStorage.setItem('bao.notify', 'on');
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    while (reg.active.state !== 'activated') await new Promise((r) => reg.active.addEventListener('statechange', r, { once: true }));
  });
  const made = await (
    await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'kiswahili', opponent: 'computer', level: 'easy', seat: 'south' }),
    })
  ).json();
  await page.evaluate(({ id, token }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat: 'south', creator: true, at: Date.now() })), made);
  await page.goto(`${server.url}/g/${made.id}`);
  await page.waitForSelector('body[data-turn=you]');
  const legal = (await page.getAttribute('[data-role=board]', 'data-legal')).split(' ');
  // The player moves and leaves the tab; the computer's reply makes it their turn again.
  await page.evaluate(() => {
    /** @type {any} */ (window).__hidden = true;
  });
  await page.fill('input[data-role=move-input]', legal[0]);
  await page.press('input[data-role=move-input]', 'Enter');
  // The worker's notifications, asked until one is shown (with a deadline).
  let shown = null;
  for (const deadline = Date.now() + 20000; !shown && Date.now() < deadline; ) {
    shown = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const list = reg ? await reg.getNotifications() : [];
      return list.length ? { title: list[0].title, body: list[0].body, url: list[0].data?.url, tag: list[0].tag } : null;
    });
    if (!shown) await page.waitForTimeout(100);
  }
  assert.ok(shown, 'a notification was shown by the service worker');
  assert.equal(shown.title, 'Your turn in Bao');
  assert.match(shown.body, /Bao la Kiswahili/);
  assert.equal(shown.url, `${server.url}/g/${made.id}`);
  assert.equal(shown.tag, `/g/${made.id}`);
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__pageNotifications ?? 0), 0, 'the page\'s own Notification was not used');
  await context.close();
});
