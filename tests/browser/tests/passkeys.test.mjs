// Passkeys, sign-in links and signing out (issue 33, ui.md "Additions of the third wave": `[data-action=sign-in]`,
// `[data-action=add-passkey]`, `[data-action=make-sign-in-link]`, `[data-role=sign-in-link]`). With Chromium's
// virtual authenticator (CDP's WebAuthn domain): a passkey added on the own profile is listed and renamed; in a
// second browser context holding the same credential, the header's sign-in lands on the same player's profile
// with the same games; signing out there and in again; a removed passkey no longer signs in. A sign-in link makes
// another browser the player once: opened again, or revoked, it no longer works. Signing out warns when no passkey
// keeps the player. Without WebAuthn, or by an IP address, the profile says why passkeys are not available. The
// real server and Debian's chromium; the site is opened as http://localhost:PORT (a passkey needs a host name).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, api, ROOT } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';
import { newPlayer, asPlayer, becomePlayer, playerGame } from '../lib/players.mjs';

const SHOTS = process.env.BAO_SCREENSHOTS || '/tmp';
let server;
let browser;
/** The server by its name: passkeys are bound to a host name, never to 127.0.0.1. */
let base;
const contexts = [];
const problems = [];
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const en = await words('en', 'profile');
const enSignin = await words('en', 'signin');
/** The words of the header's sign-in (web/i18n/sign-in/<lang>.js, loaded with web/shared/sign-in.js). */
async function signInWords(lang) {
  const src = readFileSync(join(ROOT, 'web', 'i18n', 'sign-in', `${lang}.js`), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
}
const enSignInFlow = await signInWords('en');

before(async () => {
  // Many players and sign-ins from one address: more than the defaults allow a minute.
  server = await startServer({ args: ['--create-per-minute', '10000', '--sign-ins-per-minute', '1000'] });
  base = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** A page in a context of its own (as `player` when given), with a virtual authenticator unless `authenticator`
 * is false; resolves `{ ctx, page, cdp, authenticatorId }`. */
async function newPage({ player = null, authenticator = true, size = [1280, 800], colorScheme = 'light', origin = null } = {}) {
  const ctx = await browser.newContext({ viewport: { width: size[0], height: size[1] }, locale: 'en-US', reducedMotion: 'reduce', colorScheme });
  await ctx.addInitScript(() => localStorage.setItem('bao.lang', 'en'));
  if (player) await becomePlayer(ctx, origin || base, player);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // Refusals the tests provoke (a used link's 410, a removed passkey's 400) are logged by the browser as failed
  // loads: those are not errors of the page.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  let cdp = null;
  let authenticatorId = null;
  if (authenticator) {
    cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    }));
  }
  return { ctx, page, cdp, authenticatorId };
}

async function openProfile(page, id) {
  await page.goto(`${base}/@/${id}`);
  await page.waitForSelector('[data-role=profile]:not([hidden])');
}

/** The own profile with its account controls drawn. */
async function openOwn(page, id) {
  await openProfile(page, id);
  await page.waitForSelector('[data-role=account-controls] [data-role=sign-out-part]');
}

const passkeysOf = async (player) => (await asPlayer(base, player, '/api/players/me/passkeys')).body;
const gameIds = (page) => page.$$eval('[data-role=profile-games] a[data-game]', (as) => as.map((a) => a.dataset.game).sort());

test('the sign-in words are there in every language, with English\'s placeholders', async () => {
  const placeholders = (v) => [...new Set(String(v).match(/\{\w+\}/g) || [])].sort().join(' ');
  for (const lang of LANGS) {
    const mine = await signInWords(lang);
    assert.deepEqual(Object.keys(mine).sort(), Object.keys(enSignInFlow).sort(), lang);
    for (const [k, v] of Object.entries(enSignInFlow)) {
      assert.ok(mine[k].trim(), `${lang} ${k}`);
      assert.equal(placeholders(mine[k]), placeholders(v), `${lang} ${k}`);
    }
  }
  // Every word the module names is there.
  const src = readFileSync(join(ROOT, 'web', 'shared', 'sign-in.js'), 'utf8');
  for (const [, k] of src.matchAll(/'(signin\.\w+)'/g)) assert.ok(enSignInFlow[k], k);
});

test('a passkey added on the own profile signs in on a second device, as the same player with the same games', async () => {
  const amani = await newPlayer(base, 'Amani Passkey');
  const g1 = await playerGame(base, amani, {});
  const g2 = await playerGame(base, amani, { variant: 'kimasai', opponent: 'computer', level: 'easy' });
  const a = await newPage({ player: amani });
  await openOwn(a.page, amani.id);
  assert.equal(await a.page.isVisible('[data-role=no-passkeys]'), true, 'no passkey yet');

  // Added: listed with the server's name for it, and known to the server.
  await a.page.click('[data-action=add-passkey]');
  await a.page.waitForSelector('[data-role=passkeys] li[data-passkey]');
  const [made] = await passkeysOf(amani);
  assert.ok(made && made.id, 'the server has the passkey');
  const item = `[data-role=passkeys] li[data-passkey="${made.id}"]`;
  assert.equal(await a.page.textContent(`${item} [data-role=passkey-name]`), made.name);
  const facts = await a.page.textContent(item);
  assert.ok(facts.includes(en['account.neverUsed']), facts);
  assert.ok((await a.page.textContent('[data-role=passkeys-message]')).length > 0, 'the page says it was added');
  const { credentials } = await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.authenticatorId });
  assert.equal(credentials.length, 1, 'the authenticator holds one credential');
  assert.equal(credentials[0].isResidentCredential, true, 'a discoverable credential');

  // Renamed (as text: a name is what a player writes).
  await a.page.click(`${item} [data-action=rename-passkey]`);
  await a.page.fill(`${item} input[name=passkey-name]`, 'Laptop <b>one</b>');
  await a.page.click(`${item} [data-action=save-passkey-name]`);
  await a.page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'Laptop <b>one</b>', `${item} [data-role=passkey-name]`);
  assert.equal((await passkeysOf(amani))[0].name, 'Laptop <b>one</b>');
  assert.equal(await a.page.locator(`${item} b`).count(), 0, 'no markup from the name');

  // A second device: a browser without a player, whose authenticator has the same credential.
  const b = await newPage();
  await b.cdp.send('WebAuthn.addCredential', { authenticatorId: b.authenticatorId, credential: credentials[0] });
  await b.page.goto(`${base}/leaderboard`);
  await b.page.waitForSelector('[data-action=sign-in]:not([hidden])');
  await Promise.all([b.page.waitForURL(`${base}/@/${amani.id}`), b.page.click('[data-action=sign-in]')]);
  await b.page.waitForSelector(`[data-role=me][data-player="${amani.id}"]`);
  await b.page.waitForSelector('[data-role=own]:not([hidden])');
  await b.page.waitForSelector(`[data-role=profile-games] a[data-game="${g1.id}"]`);
  assert.deepEqual(await gameIds(b.page), [g1.id, g2.id].sort(), 'the same games');
  assert.equal(await b.page.textContent('[data-role=player-name]'), 'Amani Passkey');
  // Used now: the own profile says when.
  await b.page.waitForSelector('[data-role=account-controls] [data-role=passkeys] li[data-passkey]');
  assert.ok(!(await b.page.textContent(item)).includes(en['account.neverUsed']), 'last used is shown');

  // Signing out there (a passkey keeps the player: said so), then in again from the home page.
  await b.page.click('[data-action=sign-out]');
  assert.equal(await b.page.textContent('[data-role=sign-out-confirm] p'), en['account.signOutSafe']);
  await Promise.all([b.page.waitForURL(`${base}/`), b.page.click('[data-action=confirm-sign-out]')]);
  await b.page.waitForSelector('[data-action=rename]:not([hidden])');
  assert.equal(await b.page.isHidden('[data-role=me]'), true, 'no player in the header');
  await Promise.all([b.page.waitForURL(`${base}/@/${amani.id}`), b.page.click('[data-action=sign-in]')]);
  await b.page.waitForSelector(`[data-role=me][data-player="${amani.id}"]`);
  // The first device stayed signed in.
  assert.equal((await asPlayer(base, amani, '/api/players/me')).status, 200);

  // Removed (after asking): it no longer signs in.
  await a.page.reload();
  await a.page.waitForSelector(item);
  await a.page.click(`${item} [data-action=remove-passkey]`);
  await a.page.waitForSelector('[data-role=remove-passkey-confirm]');
  await a.page.click('[data-action=cancel-remove-passkey]');
  assert.equal(await a.page.locator(item).count(), 1, 'kept when not confirmed');
  await a.page.click(`${item} [data-action=remove-passkey]`);
  await a.page.click('[data-action=confirm-remove-passkey]');
  await a.page.waitForSelector('[data-role=no-passkeys]');
  assert.deepEqual(await passkeysOf(amani), []);
  const c = await newPage();
  await c.cdp.send('WebAuthn.addCredential', { authenticatorId: c.authenticatorId, credential: credentials[0] });
  await c.page.goto(`${base}/`);
  await c.page.click('[data-action=sign-in]');
  await c.page.waitForFunction((want) => document.querySelector('[data-role=sign-in-message]')?.textContent === want, enSignInFlow['signin.unknown']);
  assert.equal(new URL(c.page.url()).pathname, '/', 'still on the home page');
});

test('choosing no passkey changes nothing, and says so calmly', async () => {
  const p = await newPlayer(base, 'Baraka Cancel');
  const a = await newPage({ player: p, authenticator: false });
  // What the browser answers when the person closes its passkey dialog (or lets it time out).
  await a.ctx.addInitScript(() => {
    const no = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    navigator.credentials.create = no;
    navigator.credentials.get = no;
  });
  await openOwn(a.page, p.id);
  await a.page.click('[data-action=add-passkey]');
  await a.page.waitForFunction((want) => document.querySelector('[data-role=passkeys-message]')?.textContent === want, en['account.addCancelled']);
  assert.equal(await a.page.locator('[data-role=passkeys-message].error').count(), 0, 'not shown as an error');
  assert.equal(await a.page.isEnabled('[data-action=add-passkey]'), true, 'can be tried again');
  assert.deepEqual(await passkeysOf(p), []);
  // The header's sign-in: the same calm words, and this browser keeps its player.
  await a.page.click('[data-action=sign-in]');
  await a.page.waitForFunction((want) => document.querySelector('[data-role=sign-in-message]')?.textContent === want, enSignInFlow['signin.cancelled']);
  assert.equal(await a.page.locator('[data-role=sign-in-message].error').count(), 0);
  assert.equal(await a.page.getAttribute('[data-role=me]', 'data-player'), p.id);
});

test('a sign-in link makes another browser the player once; used or revoked, it no longer works', async () => {
  const chausiku = await newPlayer(base, 'Chausiku Link');
  const game = await playerGame(base, chausiku, {});
  const a = await newPage({ player: chausiku, authenticator: false });
  await openOwn(a.page, chausiku.id);
  await a.page.click('[data-action=make-sign-in-link]');
  await a.page.waitForSelector('input[data-role=sign-in-link]');
  const url = await a.page.inputValue('input[data-role=sign-in-link]');
  assert.match(url, /^https?:\/\/[^/]+\/signin#[^#\s]+\.[^#\s]+$/, url);
  const fragment = url.slice(url.indexOf('#') + 1);
  const linkId = fragment.slice(0, fragment.indexOf('.'));
  assert.ok((await a.page.textContent('[data-role=new-sign-in-link]')).includes('24'), 'says it works for 24 hours');
  await a.page.waitForSelector(`[data-role=sign-in-links] li[data-sign-in-link="${linkId}"]`);
  const { body: live } = await asPlayer(base, chausiku, '/api/players/me/sign-in-links');
  assert.deepEqual(live.map((l) => l.id), [linkId]);

  // Opened in another browser (without a player): it becomes the player, and the secret leaves the address bar.
  const b = await newPage({ authenticator: false });
  await b.page.goto(`${base}/signin#${fragment}`);
  await b.page.waitForFunction(() => document.body.dataset.state === 'done' && location.hash === '' && !location.href.includes('#'));
  assert.ok((await b.page.textContent('[data-role=signin-status]')).includes('Chausiku Link'));
  await b.page.waitForURL(`${base}/@/${chausiku.id}`);
  await b.page.waitForSelector(`[data-role=me][data-player="${chausiku.id}"]`);
  await b.page.waitForSelector('[data-role=own]:not([hidden])');
  await b.page.waitForSelector(`[data-role=profile-games] a[data-game="${game.id}"]`);
  // Used: no longer listed.
  await a.page.reload();
  await a.page.waitForSelector('[data-role=account-controls] [data-role=links-part]');
  assert.equal(await a.page.locator(`[data-sign-in-link="${linkId}"]`).count(), 0, 'a used link is not listed');

  // Opened again: it no longer works, and this browser has no player.
  const c = await newPage({ authenticator: false });
  await c.page.goto(`${base}/signin#${fragment}`);
  await c.page.waitForSelector('body[data-state=failed]');
  assert.equal(await c.page.textContent('[data-role=signin-status]'), enSignin['linkpage.gone']);
  assert.equal(await c.page.isVisible('[data-role=signin-next]'), true);
  assert.equal(await c.page.evaluate(() => location.hash), '');
  await c.page.waitForSelector('[data-action=rename]:not([hidden])');
  assert.equal(await c.page.isHidden('[data-role=me]'), true);

  // A revoked link does not work either.
  await a.page.click('[data-action=make-sign-in-link]');
  await a.page.waitForFunction((old) => {
    const i = document.querySelector('input[data-role=sign-in-link]');
    return i && i.value && !i.value.endsWith(old);
  }, fragment);
  const second = (await a.page.inputValue('input[data-role=sign-in-link]')).split('#')[1];
  const secondId = second.slice(0, second.indexOf('.'));
  await a.page.click(`[data-sign-in-link="${secondId}"] [data-action=revoke-sign-in-link]`);
  await a.page.waitForFunction((id) => !document.querySelector(`[data-sign-in-link="${id}"]`), secondId);
  assert.equal(await a.page.locator('input[data-role=sign-in-link]').count(), 0, 'the revoked link is no longer shown');
  const d = await newPage({ authenticator: false });
  await d.page.goto(`${base}/signin#${second}`);
  await d.page.waitForSelector('body[data-state=failed]');
  assert.equal(await d.page.textContent('[data-role=signin-status]'), enSignin['linkpage.gone']);
  // The page itself, without a link in its address.
  await d.page.goto(`${base}/signin`);
  await d.page.waitForSelector('body[data-state=failed]');
  assert.equal(await d.page.textContent('[data-role=signin-status]'), enSignin['linkpage.empty']);
});

test('signing out asks first, and warns when no passkey keeps the player', async () => {
  const dalila = await newPlayer(base, 'Dalila Out');
  const a = await newPage({ player: dalila, authenticator: false });
  await openOwn(a.page, dalila.id);
  await a.page.click('[data-action=sign-out]');
  assert.equal(await a.page.textContent('[data-role=sign-out-confirm] p'), en['account.signOutLoses']);
  await a.page.click('[data-action=cancel-sign-out]');
  assert.equal(await a.page.locator('[data-role=sign-out-confirm]').count(), 0);
  assert.equal((await asPlayer(base, dalila, '/api/players/me')).status, 200, 'still signed in');
  // With a sign-in link made, the warning says that only it can bring the player back.
  await a.page.click('[data-action=make-sign-in-link]');
  await a.page.waitForSelector('input[data-role=sign-in-link]');
  await a.page.click('[data-action=sign-out]');
  assert.equal(await a.page.textContent('[data-role=sign-out-confirm] p'), en['account.signOutLinkOnly']);
  await Promise.all([a.page.waitForURL(`${base}/`), a.page.click('[data-action=confirm-sign-out]')]);
  await a.page.waitForSelector('[data-action=rename]:not([hidden])');
  assert.equal(await a.page.isHidden('[data-role=me]'), true, 'no player in the header');
  assert.equal((await asPlayer(base, dalila, '/api/players/me')).status, 401, 'the key no longer works');
});

test('without WebAuthn, or by an IP address, the profile says why passkeys are not available', async () => {
  const eshe = await newPlayer(base, 'Eshe NoKeys');
  const a = await newPage({ player: eshe, authenticator: false });
  await a.ctx.addInitScript(() => {
    delete window.PublicKeyCredential;
  });
  await openOwn(a.page, eshe.id);
  assert.equal(await a.page.textContent('[data-role=passkeys-unavailable]'), en['account.noWebAuthn']);
  assert.equal(await a.page.locator('[data-action=add-passkey]').count(), 0, 'no button that cannot work');
  // The header's sign-in says so too.
  await a.page.click('[data-action=sign-in]');
  await a.page.waitForFunction((want) => document.querySelector('[data-role=sign-in-message]')?.textContent === want, enSignInFlow['signin.unsupported']);
  // By the numeric address: the server cannot bind a passkey to it.
  const b = await newPage({ player: eshe, origin: server.url });
  await b.page.goto(`${server.url}/@/${eshe.id}`);
  await b.page.waitForSelector('[data-role=account-controls] [data-role=passkeys-unavailable]');
  assert.equal(await b.page.textContent('[data-role=passkeys-unavailable]'), en['account.needName']);
  assert.equal((await api(server.url, '/api/players/me/passkeys/begin', { method: 'POST', body: '{}', headers: { authorization: `Bearer ${eshe.key}` } })).body.error, 'passkeys_unavailable');
});

test('screenshots: the own profile with a passkey and a sign-in link, desktop and phone, light and dark', async () => {
  const p = await newPlayer(base, 'Fatuma Shots');
  await playerGame(base, p, {});
  for (const colorScheme of ['light', 'dark']) {
    for (const size of [
      [1280, 800],
      [390, 844],
    ]) {
      const { page } = await newPage({ player: p, size, colorScheme });
      await openOwn(page, p.id);
      if ((await passkeysOf(p)).length === 0) {
        await page.click('[data-action=add-passkey]');
        await page.waitForSelector('[data-role=passkeys] li[data-passkey]');
      }
      await page.click('[data-action=make-sign-in-link]');
      await page.waitForSelector('input[data-role=sign-in-link]');
      // Every control big enough to touch on a phone.
      if (size[0] < 600) {
        const small = await page.$$eval('[data-role=account-controls] button, [data-role=account-controls] input', (els) =>
          els.map((e) => [e.dataset.action || e.dataset.role, e.getBoundingClientRect()]).filter(([, r]) => r.height < 44 || r.width < 44).map(([n]) => n),
        );
        assert.deepEqual(small, [], 'touch targets of at least 44 px');
      }
      const where = `${SHOTS}/passkeys-${colorScheme}-${size[0]}x${size[1]}.png`;
      await page.locator('[data-role=own]').screenshot({ path: where });
    }
  }
});
