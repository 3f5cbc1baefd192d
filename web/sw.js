// The service worker (issue 35): keeps the app shell (the home page, /learn, /puzzles, /analysis, /local, the
// rules, their scripts, styles, dictionaries and the engine) so that those pages work without a network once one
// page has been opened. The server serves this file as /sw.js with the marker below replaced by the build: its
// version and every kept address with its content hash (crates/bao-server/src/offline.rs).
//
// - Each version has a cache of its own ("bao-" + version), filled whole while installing (an address whose
//   bytes an earlier version already holds is copied, not fetched again) and taking over only when no page of
//   the old version is open; the old caches are deleted then. A version is never half-applied: a page of the
//   shell gets all its files from one cache.
// - The files are fetched as PATH?v=HASH: the server marks those immutable, so the browser's HTTP cache never
//   revalidates them either.
// - Pages of the shell: network first, but a page whose bytes differ from this version's (a newer version is
//   out, not yet installed) is answered from this version's cache, with the files that go with it.
// - GET /api/ (JSON) from the shell's pages: network first; the last answer is kept for when the network is gone.
// - Anything else (other pages and their API requests, sockets, POSTs) is not touched.
/** @type {{ version: string, files: Record<string, string> }} */
const BUILD = JSON_BUILD;
const PREFIX = 'bao-';
const CACHE = `${PREFIX}${BUILD.version}`;
/** The API's last answers: data, not code, so kept across versions. */
const API_CACHE = 'bao-api-1';
/** The worker's global scope (typed loosely: the pages' type check knows the DOM, not the worker's API). */
const sw = /** @type {any} */ (self);
/** The pages of the shell this worker has answered since it started (their API requests are its to answer). */
const shellPages = new Set();

/** The versioned address of a kept file or page. */
const versioned = (/** @type {string} */ path) => `${path}?v=${BUILD.files[path]}`;

/** The kept page an address shows (`/learn/kiswahili` is `/learn`), or null. */
function pageOf(/** @type {string} */ path) {
  if (path === '/' || path === '/index.html') return '/';
  const first = `/${path.split('/')[1]}`;
  if (['/learn', '/puzzles', '/analysis', '/local'].includes(first) && BUILD.files[first]) return first;
  if (path.startsWith('/rules/') && BUILD.files[path]) return path;
  return null;
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    install().catch(async (e) => {
      // Never a half-filled cache: the old version stays until a whole new one is installed.
      await caches.delete(CACHE);
      throw e;
    }),
  );
});

async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.keys(BUILD.files).map(async (path) => {
      const url = versioned(path);
      if (await cache.match(url)) return;
      // The same bytes under the same hash in an older version's cache: no need to send them again.
      const kept = await caches.match(url);
      const r = kept || (await fetch(url));
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      await cache.put(url, r);
    }),
  );
}

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE && name !== API_CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  if (req.mode === 'navigate') {
    const page = pageOf(url.pathname);
    if (!page) return;
    if (event.resultingClientId) shellPages.add(event.resultingClientId);
    event.respondWith(navigate(req, page));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    // Decided at once (respondWith cannot wait): only for pages this worker answered since it started.
    if (shellPages.has(event.clientId) && (req.headers.get('accept') || '').includes('application/json')) {
      event.respondWith(api(req));
    }
    return;
  }
  if (BUILD.files[url.pathname] && !url.search) event.respondWith(file(event, url.pathname));
});

/** Hex of the first 16 bytes of the SHA-256 of `bytes` (the server's content hash). */
async function hash(/** @type {ArrayBuffer} */ bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...d.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A page of the shell: the network's copy when it is this version's, else this version's copy. */
async function navigate(/** @type {Request} */ req, /** @type {string} */ page) {
  const cache = await caches.open(CACHE);
  const mine = await cache.match(versioned(page));
  try {
    const r = await fetch(req);
    if (!mine || !r.ok || r.redirected) return r;
    return (await hash(await r.clone().arrayBuffer())) === BUILD.files[page] ? r : mine;
  } catch (e) {
    if (mine) return mine;
    throw e;
  }
}

/** Whether the request comes from a page of the shell (or a worker it started), which this version serves. */
async function fromShell(/** @type {any} */ event) {
  const id = event.clientId;
  if (!id) return false;
  const client = await sw.clients.get(id);
  if (!client) return false;
  const path = new URL(client.url).pathname;
  return pageOf(path) !== null || (path.startsWith('/engine/') && !!BUILD.files[path]);
}

/** A kept file: from this version's cache for the shell's pages; other pages ask the network as before. */
async function file(/** @type {any} */ event, /** @type {string} */ path) {
  if (!(await fromShell(event))) return fetch(event.request);
  const cache = await caches.open(CACHE);
  const url = versioned(path);
  const hit = await cache.match(url);
  if (hit) return hit;
  // Evicted, or not yet installed: fetched under its versioned name (and kept, unless it fails).
  const r = await fetch(url);
  if (r.ok) await cache.put(url, r.clone());
  return r;
}

/** A JSON GET of the API: the network's answer, kept; the last kept answer when the network is gone, marked
 * `x-bao-offline` (web/api.js then still shows the offline note). */
async function api(/** @type {Request} */ req) {
  try {
    const r = await fetch(req);
    if (r.ok && (r.headers.get('content-type') || '').startsWith('application/json')) {
      await (await caches.open(API_CACHE)).put(req, r.clone());
    }
    return r;
  } catch (e) {
    const kept = await (await caches.open(API_CACHE)).match(req);
    if (!kept) throw e;
    const headers = new Headers(kept.headers);
    headers.set('x-bao-offline', '1');
    return new Response(kept.body, { status: kept.status, headers });
  }
}

// "Your turn" notifications are shown by the page through this worker (registration.showNotification: Android's
// Chrome has no `new Notification()`); a click brings that game's page forward, or opens it.
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = event.notification.data?.url || '/';
  event.waitUntil(
    (async () => {
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url === target);
      if (same) return same.focus();
      return sw.clients.openWindow(target);
    })(),
  );
});
