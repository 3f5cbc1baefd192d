// Test harness: starts the real bao-server on a port of its own choosing with a fresh data directory, and launches
// Debian's chromium through playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TARGET = resolve(ROOT, process.env.CARGO_TARGET_DIR || 'target');
/** The server binary: `BAO_SERVER_BIN` when set (scripts/test.sh passes the one its Rust tests built), else the
 * release build, made here when missing. */
export const SERVER_BIN = process.env.BAO_SERVER_BIN || join(TARGET, 'release', 'bao-server');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export function buildServer() {
  if (process.env.BAO_SERVER_BIN) {
    if (!existsSync(SERVER_BIN)) throw new Error(`BAO_SERVER_BIN=${SERVER_BIN} does not exist`);
    return;
  }
  if (process.env.BAO_SKIP_BUILD === '1' && existsSync(SERVER_BIN)) return;
  const r = spawnSync('cargo', ['build', '--release', '-p', 'bao-server'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error('cargo build --release -p bao-server failed');
}

/** The address in the server's "listening on http://…" log line, once it has been written. */
function listeningPort(log) {
  const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
  return m ? Number(m[1]) : null;
}

/** Starts the server (`opts.args`: more flags; `opts.webDir`: the web files, default web/); returns { url, port, dataDir,
 * stop(), restart() }. */
export async function startServer(opts = {}) {
  buildServer();
  // Port 0 the first time: the server binds a free port itself and says which in its log, so that no other
  // program can take a port guessed here in between. A restart binds the same port again (the page reconnects to
  // the address it was loaded from).
  let port = opts.port || 0;
  const dataDir = opts.dataDir || mkdtempSync(join(tmpdir(), 'bao-web-test-'));
  let child = null;
  let log = '';
  const launch = async () => {
    let thisRun = '';
    const args = ['--bind', `127.0.0.1:${port}`, '--data-dir', dataDir, '--web-dir', opts.webDir || join(ROOT, 'web'), ...(opts.args || [])];
    child = spawn(SERVER_BIN, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The start-up line with the address is logged at info level by bao_server::app.
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn,bao_server::app=info' },
    });
    const c = child;
    const ready = new Promise((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`bao-server did not say where it listens within 30 s:\n${log}`)), 30000);
      const onData = (d) => {
        log += d;
        thisRun += d;
        const p = listeningPort(thisRun);
        if (p !== null) {
          clearTimeout(timer);
          res(p);
        }
      };
      c.stdout.on('data', onData);
      c.stderr.on('data', onData);
      c.once('exit', (code, signal) => {
        clearTimeout(timer);
        rej(new Error(`bao-server exited early (${code ?? signal}):\n${log}`));
      });
    });
    port = await ready;
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
  const url = `http://127.0.0.1:${port}`;
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
