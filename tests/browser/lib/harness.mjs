// Test harness: builds and starts the real bao-server on a free port with a fresh data directory, and launches
// Debian's chromium through playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TARGET = resolve(ROOT, process.env.CARGO_TARGET_DIR || 'target');
export const SERVER_BIN = join(TARGET, 'release', 'bao-server');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export function buildServer() {
  if (process.env.BAO_SKIP_BUILD === '1' && existsSync(SERVER_BIN)) return;
  const r = spawnSync('cargo', ['build', '--release', '-p', 'bao-server'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error('cargo build --release -p bao-server failed');
}

export function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

/** Starts the server (`opts.args`: more flags); returns { url, port, dataDir, stop(), restart() }. */
export async function startServer(opts = {}) {
  buildServer();
  const port = opts.port || (await freePort());
  const dataDir = opts.dataDir || mkdtempSync(join(tmpdir(), 'bao-web-test-'));
  const url = `http://127.0.0.1:${port}`;
  let child = null;
  let log = '';
  const launch = async () => {
    const args = ['--bind', `127.0.0.1:${port}`, '--data-dir', dataDir, '--web-dir', join(ROOT, 'web'), ...(opts.args || [])];
    child = spawn(SERVER_BIN, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn' },
    });
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    const deadline = Date.now() + 30000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`bao-server exited early:\n${log}`);
      try {
        const r = await fetch(`${url}/healthz`);
        if (r.ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`bao-server did not become healthy:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stopChild = async () => {
    if (!child || child.exitCode !== null) return;
    const c = child;
    const done = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(timer);
  };
  await launch();
  return {
    url,
    port,
    dataDir,
    log: () => log,
    async restart() {
      await stopChild();
      await launch();
    },
    stopChild,
    async stop() {
      await stopChild();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function api(base, path, init = {}) {
  const r = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(init.headers || {}) },
  });
  const text = await r.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: r.status, body };
}

/** The counts a position gives every pit, by name. */
export function pitCounts(pos) {
  const out = {};
  for (const [side, up] of [['south', true], ['north', false]]) {
    for (const [row, letter] of [['front', 'a'], ['back', 'b']]) {
      pos[side][row].forEach((n, i) => {
        out[(up ? letter.toUpperCase() : letter) + (i + 1)] = n;
      });
    }
  }
  return out;
}

/** What the page shows: every data-pit count, the hands and the move list. */
export async function pageState(page) {
  return page.evaluate(() => {
    const pits = {};
    for (const el of document.querySelectorAll('[data-pit]')) pits[el.dataset.pit] = Number(el.dataset.count);
    const hands = {};
    for (const el of document.querySelectorAll('[data-role=hand]')) hands[el.dataset.side] = Number(el.dataset.count);
    const moves = [...document.querySelectorAll('[data-role=moves] [data-move]')].map((e) => e.dataset.move);
    return { pits, hands, moves, seat: document.body.dataset.seat };
  });
}

/** Waits until the page shows exactly the server's snapshot (board, hands, moves) and is not animating. */
export async function waitInSync(page, base, id, timeout = 20000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    const { body: snap } = await api(base, `/api/games/${id}`);
    const shown = await pageState(page);
    const animating = await page.evaluate(() => document.body.hasAttribute('data-animating'));
    const want = pitCounts(snap.position);
    const same =
      !animating &&
      JSON.stringify(shown.moves) === JSON.stringify(snap.moves) &&
      Object.keys(want).every((k) => shown.pits[k] === want[k]) &&
      Object.keys(shown.pits).length === 32 &&
      shown.hands.south === snap.position.south.hand &&
      shown.hands.north === snap.position.north.hand;
    if (same) return snap;
    last = { shown, snap: { moves: snap.moves, pits: want }, animating };
    if (Date.now() > deadline) throw new Error(`page not in sync with the server: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
