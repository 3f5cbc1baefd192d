// Measures what the service worker saves (issue 35): the bytes the server sends for the home page on a first visit
// (the page, then the worker installing the app shell and the engine in the background), and on a repeat visit with
// the worker installed; and the engine module as sent. Every byte the server writes is counted, headers included,
// by a TCP relay between the browser and the server, so the pages', the worker's and the Web Workers' requests all
// count. A visit is counted from the navigation to one second after the `load` event (the home page keeps a
// socket open to the lobby: its few bytes in that second count too).
// Run: node tests/browser/measure-offline.mjs (the server is built and started here; BAO_SKIP_BUILD=1,
// BAO_SERVER_BIN and CARGO_TARGET_DIR are honoured as in the tests). Figures go in docs/benchmarks.md.
import http from 'node:http';
import net from 'node:net';
import { startServer, launchBrowser } from './lib/harness.mjs';

const server = await startServer();
const browser = await launchBrowser();

let bytes = 0;
const relay = net.createServer((client) => {
  const up = net.connect(server.port, '127.0.0.1');
  up.on('data', (d) => {
    bytes += d.length;
  });
  client.pipe(up);
  up.pipe(client);
  const end = () => {
    client.destroy();
    up.destroy();
  };
  client.on('error', end);
  up.on('error', end);
  client.on('close', end);
  up.on('close', end);
});
await new Promise((r) => relay.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${/** @type {net.AddressInfo} */ (relay.address()).port}`;

const settle = (page) => page.waitForTimeout(1000);

const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
const page = await ctx.newPage();
bytes = 0;
await page.goto(`${base}/`, { waitUntil: 'load' });
await settle(page);
const firstPage = bytes;
// The worker installs the shell in the background: counted until it is active.
await page.evaluate(async () => {
  const reg = await navigator.serviceWorker.ready;
  while (reg.active.state !== 'activated') await new Promise((r) => reg.active.addEventListener('statechange', r, { once: true }));
});
const firstWithInstall = bytes;
await page.close();

const rows = [];
for (let i = 1; i <= 3; i++) {
  const p = await ctx.newPage();
  bytes = 0;
  await p.goto(`${base}/`, { waitUntil: 'load' });
  await settle(p);
  rows.push(bytes);
  await p.close();
}
// Without a worker (a fresh context each time, the HTTP cache warm from one visit: what a browser without service
// workers would do on its second visit).
const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', serviceWorkers: 'block' });
const p1 = await plain.newPage();
await p1.goto(`${base}/`, { waitUntil: 'load' });
await settle(p1);
await p1.close();
const p2 = await plain.newPage();
bytes = 0;
await p2.goto(`${base}/`, { waitUntil: 'load' });
await settle(p2);
const noWorkerRepeat = bytes;

// The module as sent (the body's bytes on the wire, not decoded): to a client taking brotli, and to one taking gzip only.
const size = (enc) =>
  new Promise((resolve, reject) => {
    http
      .get(`${server.url}/engine/bao.wasm`, { headers: { 'accept-encoding': enc } }, (r) => {
        let n = 0;
        r.on('data', (d) => {
          n += d.length;
        });
        r.on('end', () => resolve({ encoding: r.headers['content-encoding'] || null, bytes: n }));
      })
      .on('error', reject);
  });

console.log(
  JSON.stringify(
    {
      firstVisitPage: firstPage,
      firstVisitWithInstall: firstWithInstall,
      repeatVisitsWarmWorker: rows,
      repeatVisitNoWorkerWarmHttpCache: noWorkerRepeat,
      wasmBr: await size('br'),
      wasmGzip: await size('gzip'),
    },
    null,
    1,
  ),
);
await browser.close();
relay.close();
await server.stop();
