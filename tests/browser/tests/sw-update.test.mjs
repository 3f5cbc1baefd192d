// The service worker's update path (issue 35, point 4): a new server version (here: the server started again on a
// copy of web/ whose home page and common.js changed, so that their hashes and the build's version change) is
// installed whole in the background while the old one keeps serving; the pages open meanwhile, and any page opened
// while one of them is, get the old files, all of them; the next visit gets the new version, all of it, and the old
// cache is gone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launchBrowser, ROOT } from '../lib/harness.mjs';

let server;
let browser;
let webDir;

before(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'bao-web-copy-'));
  cpSync(join(ROOT, 'web'), webDir, { recursive: true });
  server = await startServer({ webDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

/** The build /sw.js carries. */
async function build() {
  const text = await (await fetch(`${server.url}/sw.js`)).text();
  const m = /const BUILD = (\{.*?\});\n/.exec(text);
  assert.ok(m, 'sw.js carries its build');
  return JSON.parse(m[1]);
}

/** What a page runs and sees: the marker of the new build in its own script, its page, the common.js the worker
 * gives it, and the caches. */
const seen = (page) =>
  page.evaluate(async () => ({
    script: /** @type {any} */ (window).BAO_TEST_BUILD ?? null,
    html: (() => {
      const w = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
      while (w.nextNode()) if (/** @type {Comment} */ (w.currentNode).data.includes('BAO-TEST-BUILD')) return true;
      return false;
    })(),
    fetched: (await (await fetch('/common.js')).text()).includes('BAO_TEST_BUILD'),
    caches: (await caches.keys()).filter((k) => k !== 'bao-api-1').sort(),
  }));

test('a new version is installed in the background, never half-applied, and used from the next visit', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    while (reg.active.state !== 'activated') await new Promise((r) => reg.active.addEventListener('statechange', r, { once: true }));
    // Controlled from here on (the first visit's page is claimed by the worker once it activates).
    while (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  const v1 = (await build()).version;
  assert.deepEqual(await seen(page), { script: null, html: false, fetched: false, caches: [`bao-${v1}`] });

  // A new version of the server: the home page and a script every page runs changed.
  appendFileSync(join(webDir, 'common.js'), '\nglobalThis.BAO_TEST_BUILD = 2;\n');
  appendFileSync(join(webDir, 'index.html'), '\n<!-- BAO-TEST-BUILD 2 -->\n');
  await server.restart();
  const b2 = await build();
  assert.notEqual(b2.version, v1);

  // The browser finds the new worker (as it does on a visit) and installs it whole, in the background.
  const installed = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg.update();
    const w = reg.installing || reg.waiting;
    if (!w) return { state: 'none' };
    while (w.state === 'installing') await new Promise((r) => w.addEventListener('statechange', r, { once: true }));
    return { state: w.state, same: reg.waiting === w };
  });
  assert.deepEqual(installed, { state: 'installed', same: true }, 'the new version waits, installed');
  const during = await seen(page);
  assert.deepEqual(during.caches, [`bao-${v1}`, `bao-${b2.version}`].sort());
  // Its cache holds every file of the new build.
  const missing = await page.evaluate(async ([name, files]) => {
    const cache = await caches.open(name);
    const out = [];
    for (const [path, hash] of Object.entries(files)) if (!(await cache.match(`${path}?v=${hash}`))) out.push(path);
    return out;
  }, [`bao-${b2.version}`, b2.files]);
  assert.deepEqual(missing, []);
  // The open page keeps working with the old files.
  assert.deepEqual({ ...during, caches: null }, { script: null, html: false, fetched: false, caches: null });

  // A page opened while an old one is open is the old version too, whole: its HTML and its scripts.
  const second = await context.newPage();
  await second.goto(`${server.url}/`);
  await second.waitForSelector('[data-action=play-computer]');
  assert.deepEqual({ ...(await seen(second)), caches: null }, { script: null, html: false, fetched: false, caches: null });
  await second.close();
  await page.close();

  // The next visit, with no page of the old version left: the new version, whole, and the old cache deleted. (The
  // waiting worker takes over once the last old page has gone, which the browser does in its own time: visits are
  // repeated, with a deadline, until one is controlled by it.)
  const next = await context.newPage();
  const deadline = Date.now() + 15000;
  let now;
  for (;;) {
    await next.goto(`${server.url}/`);
    await next.waitForSelector('[data-action=play-computer]');
    now = await seen(next);
    if (now.script === 2 || Date.now() > deadline) break;
    // Still the old version: it must be the old version whole.
    assert.deepEqual({ ...now, caches: null }, { script: null, html: false, fetched: false, caches: null });
    await next.waitForTimeout(200);
  }
  assert.deepEqual(now, { script: 2, html: true, fetched: true, caches: [`bao-${b2.version}`] });
  await context.close();
});
