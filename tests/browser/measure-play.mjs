// Measures what a player feels on the game page: the bytes the page loads (compressed, as sent, and decoded),
// and how long each move's animation lasts at the default speed, in every variant, against the computer. The bytes
// are measured in English and in Kiswahili (which loads its own dictionaries besides the English fallback).
// Run: node tests/browser/measure-play.mjs [moves per variant, default 40; 0 for the bytes alone] (the server is
// built and started here; BAO_SKIP_BUILD=1, BAO_SERVER_BIN and CARGO_TARGET_DIR are honoured as in the tests).
// Figures go in docs/benchmarks.md.
import { startServer, launchBrowser, api } from './lib/harness.mjs';

const MOVES = Number(process.argv[2] || 40);
const server = await startServer();
const browser = await launchBrowser();

/** Opens game `g` as its creator in a fresh context; records every data-animating span on <body>. */
async function open(g, viewport = { width: 1280, height: 800 }) {
  const ctx = await browser.newContext({ viewport, locale: 'en-GB' });
  await ctx.addInitScript(() => {
    window.__spans = [];
    let since = null;
    new MutationObserver(() => {
      const on = document.body.hasAttribute('data-animating');
      if (on && since === null) since = performance.now();
      if (!on && since !== null) {
        window.__spans.push(performance.now() - since);
        since = null;
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-animating'] });
  });
  const p = await ctx.newPage();
  await p.goto(server.url + '/');
  await p.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), g);
  await p.goto(`${server.url}/g/${g.id}`);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  return { ctx, p };
}

/**
 * The bytes of everything the game page loaded in a language (its requests, not the game's data under /api/ nor the
 * socket): the bodies as sent (compressed by the server) and as decoded.
 */
async function pageWeight(g, locale) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const p = await ctx.newPage();
  const loaded = [];
  p.on('requestfinished', (r) => loaded.push(r));
  await p.goto(`${server.url}/g/${g.id}`);
  await p.waitForSelector('[data-role=connection][data-state=open]');
  await p.waitForLoadState('networkidle');
  let sent = 0;
  let decoded = 0;
  const files = {};
  for (const r of loaded) {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/ws/')) continue;
    const sizes = await r.sizes();
    if (sizes.responseBodySize < 0) continue; // a second use of a file already loaded (the logo)
    const resp = await r.response();
    const body = resp ? (await resp.body()).length : 0;
    sent += sizes.responseBodySize;
    decoded += body;
    files[path.startsWith('/g/') ? '/g/{id}' : path] = [sizes.responseBodySize, body];
  }
  await ctx.close();
  return { sent, decoded, files };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (f) => s[Math.min(s.length - 1, Math.floor(f * s.length))];
  return { n: s.length, median: Math.round(q(0.5)), p90: Math.round(q(0.9)), max: Math.round(s[s.length - 1] || 0), mean: Math.round(s.reduce((a, b) => a + b, 0) / (s.length || 1)) };
};

try {
  const all = [];
  let weights = null;
  for (const variant of ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai']) {
    const { body: g } = await api(server.url, '/api/games', { method: 'POST', body: JSON.stringify({ variant, opponent: 'computer', level: 'easy', seat: 'south' }) });
    if (!weights) weights = { en: await pageWeight(g, 'en-GB'), sw: await pageWeight(g, 'sw-TZ') };
    if (MOVES === 0) break;
    const { ctx, p } = await open(g);
    for (let i = 0; i < MOVES; i++) {
      const { body: snap } = await api(server.url, `/api/games/${g.id}`);
      if (snap.result) break;
      await p.waitForFunction(() => document.querySelector('[data-role=board]').dataset.legal && !document.body.hasAttribute('data-animating'), null, { timeout: 60000 });
      const legal = (await p.getAttribute('[data-role=board]', 'data-legal')).split(' ');
      const mv = legal[(i * 5) % legal.length];
      await p.evaluate(() => {
        window.__sentAt = performance.now();
      });
      await p.fill('input[data-role=move-input]', mv);
      await p.press('input[data-role=move-input]', 'Enter');
      // Our move and the computer's answer are both shown before the next.
      await p.waitForFunction((n) => document.querySelectorAll('[data-role=moves] [data-move]').length >= n + 2 || document.querySelector('[data-role=result]:not([hidden])'), snap.moves.length, { timeout: 60000 });
      await p.waitForFunction(() => !document.body.hasAttribute('data-animating'), null, { timeout: 60000 });
    }
    const spans = await p.evaluate(() => window.__spans);
    all.push(...spans);
    console.log(variant.padEnd(17), JSON.stringify(stats(spans)));
    await ctx.close();
  }
  if (all.length) console.log('all variants     ', JSON.stringify(stats(all)), '(ms per move shown, default speed)');
  for (const [l, w] of Object.entries(weights)) {
    console.log(`game page bytes (${l}):`, JSON.stringify({ sent: w.sent, decoded: w.decoded }));
    console.log(`per file [sent, decoded] (${l}):`, JSON.stringify(w.files));
  }
} finally {
  await browser.close();
  await server.stop();
}
