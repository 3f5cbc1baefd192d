// The share link's QR code, drawn by the server (GET /g/{id}/qr.svg with the qrcode crate), rendered by
// chromium and decoded with jsQR (an independent decoder): it holds the game's public link and nothing else,
// and it is cached.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

let browser;
const servers = [];

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  for (const s of servers) await s.stop();
});

/** The text of the QR code at `path` of `server`, drawn by chromium at `size` pixels (null: unreadable). */
async function decodeAt(server, path, size) {
  const page = await browser.newPage();
  try {
    // From a page of the server itself, so that the image is same-origin and its pixels can be read.
    await page.goto(`${server.url}/`);
    const pixels = await page.evaluate(
      async ({ path, size }) => {
        const im = new Image();
        im.src = path;
        await im.decode();
        const c = document.createElement('canvas');
        c.width = c.height = size;
        const g = c.getContext('2d');
        g.imageSmoothingEnabled = false;
        g.drawImage(im, 0, 0, size, size);
        return Array.from(g.getImageData(0, 0, size, size).data);
      },
      { path, size },
    );
    const r = jsQR(Uint8ClampedArray.from(pixels), size, size, { inversionAttempts: 'dontInvert' });
    return r && r.data;
  } finally {
    await page.close();
  }
}

test('the QR code holds the game link under the address the page was opened at, never a token', async () => {
  const server = await startServer();
  servers.push(server);
  const { status, body } = await api(server.url, '/api/games', { method: 'POST', body: '{"variant":"kiswahili"}' });
  assert.equal(status, 201);
  const path = `/g/${body.id}/qr.svg`;
  for (const size of [168, 330]) {
    assert.equal(await decodeAt(server, path, size), `${server.url}/g/${body.id}`, `at ${size} px`);
  }
  const r = await fetch(server.url + path);
  const svg = await r.text();
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'image/svg+xml');
  assert.match(r.headers.get('cache-control'), /max-age=\d+/);
  assert.ok(!svg.includes(body.token) && !svg.includes(body.id), 'the SVG draws the link, it does not spell it');
  // Cached: the ETag answers 304 without a body.
  const etag = r.headers.get('etag');
  assert.match(etag, /^"[0-9a-f]+"$/);
  const again = await fetch(server.url + path, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('etag'), etag);
  assert.equal(await again.text(), '');
  // No code for a game that does not exist.
  const missing = await api(server.url, '/g/nosuchgame1/qr.svg');
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error, 'not_found');
});

test('with --public-url the QR code holds the public link, whatever address it was fetched from', async () => {
  const server = await startServer({ args: ['--public-url', 'https://bao.example.org/'] });
  servers.push(server);
  const { body } = await api(server.url, '/api/games', { method: 'POST', body: '{"variant":"kimasai"}' });
  assert.equal(body.share_url, `https://bao.example.org/g/${body.id}`);
  assert.equal(await decodeAt(server, `/g/${body.id}/qr.svg`, 330), body.share_url);
});
