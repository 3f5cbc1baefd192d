// A player's profile, /@/{id} (issue 33, ui.md "Additions of the third wave"): the name as text, since when, the
// games newest first with the opponent (a link to their profile, the computer and its level, nobody yet, a deleted
// player), the result as this player saw it, the variant, the clock and the date, 50 at a time with "More games";
// the own profile renames, offers the data as JSON and deletes the player (confirmed first; the games stay, shown
// with a deleted player); an unknown id says there is no such player, in every language; with rated games, each
// rated variant's rating (a "?" while provisional) and its graph. Players and games are made over the API with
// Bearer keys; the real server and Debian's chromium. Screenshots of the page, desktop and phone, go to
// $BAO_SCREENSHOTS (default /tmp).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';
import { resignOver } from '../lib/game-pages.mjs';
import { newPlayer, asPlayer, becomePlayer, playerGame, ratedGame } from '../lib/players.mjs';

const SHOTS = process.env.BAO_SCREENSHOTS || '/tmp';
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
let server;
let browser;
const contexts = [];
const problems = [];

/** A page in a context of its own, as `player` when given; `size` [width, height]. */
async function newPage({ player = null, lang = 'en', size = [1280, 800] } = {}) {
  const ctx = await browser.newContext({ viewport: { width: size[0], height: size[1] }, locale: 'en-US', reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
  if (player) await becomePlayer(ctx, server.url, player);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A missing player's 404 is what the page is about; a missing endpoint the server does not have yet is not an error
  // of the page.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

before(async () => {
  // Many games made quickly from one address: the tests need more than the default 30 a minute.
  server = await startServer({ args: ['--create-per-minute', '10000'] });
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

const entry = (id) => `[data-role=profile-games] a[data-game="${id}"]`;
/** The list entry (`li`) of a game, as text. */
const itemText = (page, id) => page.$eval(entry(id), (a) => a.parentElement.textContent);

async function openProfile(page, id) {
  await page.goto(`${server.url}/@/${id}`);
  await page.waitForSelector('[data-role=profile]:not([hidden]), [data-role=profile-missing]:not([hidden])');
}

test('a profile shows the name, since when, and the games with opponent, result, variant, clock and date', async () => {
  const en = await words('en', 'profile');
  const amani = await newPlayer(server.url, 'Amani Juma');
  const baraka = await newPlayer(server.url, 'Baraka 7');
  const chausiku = await newPlayer(server.url, 'Chausiku');
  // Against Baraka with a clock, resigned by Amani; against the computer; nobody joined yet; against a player who
  // then deleted themselves.
  const lost = await playerGame(server.url, amani, { clock: { kind: 'live', initial_s: 300, increment_s: 3 } }, baraka);
  const helper = await newPage();
  await helper.goto(server.url + '/');
  await resignOver(helper, { id: lost.id, token: lost.token });
  const computer = await playerGame(server.url, amani, { variant: 'kimasai', opponent: 'computer', level: 'easy' });
  const waiting = await playerGame(server.url, amani, { variant: 'kiswahili' });
  const gone = await playerGame(server.url, amani, {}, chausiku);
  assert.equal((await asPlayer(server.url, chausiku, '/api/players/me', { method: 'DELETE' })).status, 204);

  const page = await newPage();
  await openProfile(page, amani.id);
  assert.equal(await page.textContent('[data-role=player-name]'), 'Amani Juma');
  assert.equal(await page.title(), 'Amani Juma · Bao');
  const since = await page.textContent('[data-role=since]');
  const today = new Date().toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric' });
  assert.ok(since.includes(en['profile.since'].replace('{date}', today)), since);
  assert.ok(since.includes(en['profile.games'].replace('{n}', '4')), since);
  // In the server's order (newest first; games of the same second by id), each a link to its game.
  await page.waitForSelector(entry(lost.id));
  const ids = await page.$$eval('[data-role=profile-games] a[data-game]', (as) => as.map((a) => a.dataset.game));
  assert.deepEqual(new Set(ids), new Set([gone.id, waiting.id, computer.id, lost.id]));
  assert.deepEqual(ids, (await api(server.url, `/api/players/${amani.id}/games`)).body.map((g) => g.id));
  assert.equal(await page.getAttribute(entry(lost.id), 'href'), `/g/${lost.id}`);

  const lostText = await itemText(page, lost.id);
  for (const want of [en['profile.result.lost'], en['variant.kujifunza'], '5 min + 3 s', new Date().toLocaleDateString('en'), 'Baraka 7']) {
    assert.ok(lostText.includes(want), `${want} in ${lostText}`);
  }
  const computerText = await itemText(page, computer.id);
  assert.ok(computerText.includes(en['profile.result.playing']), computerText);
  assert.ok(computerText.includes(en['profile.computer'].replace('{level}', en['seat.level.easy'])), computerText);
  assert.ok(computerText.includes(en['variant.kimasai']) && computerText.includes(en['clock.none']), computerText);
  const waitingText = await itemText(page, waiting.id);
  assert.ok(waitingText.includes(en['profile.result.waiting']) && waitingText.includes(en['profile.nobody']), waitingText);
  const goneText = await itemText(page, gone.id);
  assert.ok(goneText.includes(en['player.deleted']), goneText);
  assert.equal(await page.locator(`[data-role=profile-games] a[href="/@/${chausiku.id}"]`).count(), 0, 'no link to a deleted player');
  // Not this browser's player: no own part; no rated game yet.
  assert.equal(await page.isHidden('[data-role=own]'), true);
  assert.equal(await page.isVisible('[data-role=no-ratings]'), true);
  assert.equal(await page.locator('[data-role=rating]').count(), 0);
  assert.equal(await page.isHidden('[data-action=more-games]'), true, 'one page only');

  // The opponent's name leads to their profile, where the same game is won.
  await Promise.all([page.waitForURL(`${server.url}/@/${baraka.id}`), page.click(`[data-role=profile-games] a[href="/@/${baraka.id}"]`)]);
  await page.waitForSelector(entry(lost.id));
  assert.equal(await page.textContent('[data-role=player-name]'), 'Baraka 7');
  assert.ok((await itemText(page, lost.id)).includes(en['profile.result.won']));
  assert.ok((await itemText(page, lost.id)).includes('Amani Juma'));
});

test('the games are paged 50 at a time with "More games", none twice, newest first', async () => {
  const p = await newPlayer(server.url, 'Pweza');
  // Five older games, then fifty in a later second (the server pages by the second a game was created in).
  const older = [];
  for (let i = 0; i < 5; i++) older.push((await playerGame(server.url, p, {})).id);
  await new Promise((r) => setTimeout(r, 1100));
  const newer = [];
  for (let i = 0; i < 50; i++) newer.push((await playerGame(server.url, p, {})).id);
  const page = await newPage();
  await openProfile(page, p.id);
  await page.waitForSelector(entry(newer[0]));
  const shown = () => page.$$eval('[data-role=profile-games] a[data-game]', (as) => as.map((a) => a.dataset.game));
  let ids = await shown();
  assert.equal(ids.length, 50);
  assert.deepEqual(new Set(ids), new Set(newer), 'the first page is the fifty newest');
  assert.equal(await page.isVisible('[data-action=more-games]'), true);
  await page.click('[data-action=more-games]');
  await page.waitForFunction(() => document.querySelectorAll('[data-role=profile-games] a[data-game]').length === 55);
  ids = await shown();
  assert.equal(new Set(ids).size, 55, 'no game twice');
  assert.deepEqual(new Set(ids.slice(50)), new Set(older));
  await page.waitForSelector('[data-action=more-games]', { state: 'hidden' });
  // The order is the server's: newest first.
  const { body: first } = await api(server.url, `/api/players/${p.id}/games`);
  const { body: second } = await api(server.url, `/api/players/${p.id}/games?before=${first[first.length - 1].created}`);
  assert.deepEqual(ids, [...first, ...second].map((g) => g.id));
});

test('the own profile renames, offers the data, and deletes the player after asking; the games stay', async () => {
  const en = await words('en', 'profile');
  const dalila = await newPlayer(server.url, 'Dalila');
  const eshe = await newPlayer(server.url, 'Eshe');
  const game = await playerGame(server.url, dalila, {}, eshe);
  const page = await newPage({ player: dalila });
  await openProfile(page, dalila.id);
  await page.waitForSelector('[data-role=own]:not([hidden])');
  assert.equal(await page.isVisible('[data-role=own-badge]'), true);
  assert.equal(await page.getAttribute('a[data-role=export]', 'href'), '/api/players/me/export');
  assert.equal(await page.getAttribute('a[data-role=export]', 'download'), `bao-player-${dalila.id}.json`);
  assert.equal(await page.locator('[data-role=own] [data-role=account-controls]').count(), 1, 'the account controls have their place');
  // The header links this player to this page.
  assert.equal(await page.getAttribute('a[data-role=profile-link]', 'href'), `/@/${dalila.id}`);

  // Rename: the dialog, then the new name on the page, in the header and on the server.
  await page.click('[data-action=rename-player]');
  await page.fill('dialog[data-role=name-dialog] input[name=player-name]', 'Dalila Mpya');
  await page.click('[data-action=save-name]');
  await page.waitForFunction(() => document.querySelector('[data-role=player-name]')?.textContent === 'Dalila Mpya');
  await page.waitForFunction(() => document.querySelector('[data-role=me]')?.textContent === 'Dalila Mpya');
  assert.equal((await api(server.url, `/api/players/${dalila.id}`)).body.name, 'Dalila Mpya');

  // Delete: asked first (the games stay, shown with a deleted player); "no" keeps the player.
  await page.click('[data-action=delete-player]');
  await page.waitForSelector('dialog[data-role=delete-dialog][open]');
  const text = await page.textContent('dialog[data-role=delete-dialog]');
  assert.ok(text.includes(en['profile.deleteText']), text);
  await page.screenshot({ path: `${SHOTS}/profile-delete-dialog.png` });
  await page.click('[data-action=cancel-delete-player]');
  await page.waitForSelector('dialog[data-role=delete-dialog]', { state: 'hidden' });
  assert.equal((await api(server.url, `/api/players/${dalila.id}`)).status, 200, 'not deleted by "no"');
  await page.click('[data-action=delete-player]');
  await Promise.all([page.waitForEvent('load'), page.click('[data-action=confirm-delete-player]')]);
  await page.waitForSelector('[data-role=profile-missing]:not([hidden])');
  assert.equal((await api(server.url, `/api/players/${dalila.id}`)).status, 404);
  await page.waitForSelector('[data-action=rename]:not([hidden])');
  assert.equal(await page.isHidden('[data-role=me]'), true, 'this browser has no player any more');
  assert.equal(await page.evaluate(() => localStorage.getItem('bao.player')), null);
  // The game stays on the opponent's profile, with a deleted player.
  const other = await newPage();
  await openProfile(other, eshe.id);
  await other.waitForSelector(entry(game.id));
  assert.ok((await itemText(other, game.id)).includes(en['player.deleted']));
});

test('an unknown or malformed id says there is no such player, in every language', async () => {
  for (const lang of LANGS) {
    const dict = await words(lang, 'profile');
    const page = await newPage({ lang });
    for (const id of ['nosuchplayer', 'x', '%3Cb%3E', '%E0%A4%A']) {
      await openProfile(page, id);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      assert.equal(await page.textContent('[data-role=profile-missing] h1'), dict['profile.missingTitle'], `${lang} ${id}`);
      assert.equal(await page.textContent('[data-role=profile-missing] p'), dict['profile.missing'], `${lang} ${id}`);
      assert.equal(await page.isHidden('[data-role=profile]'), true);
    }
    await page.context().close();
  }
});

test('with rated games: each rated variant\'s rating, "?" while provisional, a graph, and the game page\'s changes', async (t) => {
  const fatuma = await newPlayer(server.url, 'Fatuma');
  const gari = await newPlayer(server.url, 'Gari');
  const helper = await newPage();
  await helper.goto(server.url + '/');
  const first = await ratedGame(helper, { winner: fatuma, loser: gari, variant: 'kiswahili' });
  if (!first.ended.ratings) {
    t.skip('the server does not rate games yet (no `ratings` in `ended`)');
    return;
  }
  await ratedGame(helper, { winner: gari, loser: fatuma, variant: 'kiswahili' });
  await ratedGame(helper, { winner: fatuma, loser: gari, variant: 'kiswahili' });
  await ratedGame(helper, { winner: fatuma, loser: gari, variant: 'kimasai' });

  const { body: profile } = await api(server.url, `/api/players/${fatuma.id}`);
  const page = await newPage();
  await openProfile(page, fatuma.id);
  await page.waitForSelector('[data-role=rating][data-variant=kiswahili]');
  const shown = await page.$$eval('[data-role=rating]', (els) =>
    els.map((e) => ({ variant: e.dataset.variant, rating: e.dataset.rating, text: e.querySelector('.value strong').textContent, graph: !!e.querySelector('svg.rating-graph') })),
  );
  assert.deepEqual(
    shown.map((s) => s.variant),
    ['kiswahili', 'kimasai'],
    'the rated variants, in the site\'s order',
  );
  for (const s of shown) {
    const r = profile.ratings[s.variant];
    assert.equal(s.rating, String(Math.round(r.rating)), s.variant);
    assert.equal(s.text, `${Math.round(r.rating)}${r.provisional ? '?' : ''}`, s.variant);
  }
  const { body: history } = await api(server.url, `/api/players/${fatuma.id}/rating-history`);
  if (Array.isArray(history?.kiswahili) && history.kiswahili.length > 1) {
    assert.equal(await page.locator('[data-role=rating][data-variant=kiswahili] svg.rating-graph polyline').count(), 1, 'a line of three ratings');
    const label = await page.getAttribute('[data-role=rating][data-variant=kiswahili] svg.rating-graph', 'aria-label');
    assert.ok(label.includes(String(Math.round(profile.ratings.kiswahili.rating))), label);
  }
  // The games are marked rated; the leaderboard of each rated variant is a link away.
  assert.ok((await itemText(page, first.game)).includes('rated'));
  assert.equal(await page.locator('[data-role=rating][data-variant=kimasai] a[href="/leaderboard?variant=kimasai"]').count(), 1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/profile-desktop.png`, fullPage: true });
  const phone = await newPage({ size: [390, 844] });
  await openProfile(phone, fatuma.id);
  await phone.waitForSelector('[data-role=rating][data-variant=kiswahili]');
  await phone.waitForSelector(entry(first.game));
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scrolling on a phone');
  await phone.screenshot({ path: `${SHOTS}/profile-phone.png`, fullPage: true });

  // The game page: the ratings beside the names in a rated game, and their change when it ends.
  const game = await ratedGame(helper, { winner: fatuma, loser: gari, variant: 'kujifunza', resign: false });
  const watcher = await newPage();
  await watcher.goto(server.url + '/');
  await watcher.evaluate(({ id, token, seat }) => localStorage.setItem(`bao.seat.${id}`, JSON.stringify({ token, seat })), {
    id: game.game,
    token: game.tokens[game.winnerSeat],
    seat: game.winnerSeat,
  });
  await watcher.goto(`${server.url}/g/${game.game}`);
  await watcher.waitForSelector('[data-role=connection][data-state=open]');
  const before = (await api(server.url, `/api/games/${game.game}`)).body;
  for (const side of ['south', 'north']) {
    const sel = `[data-role=player][data-side=${side}]`;
    await watcher.waitForSelector(`${sel}[data-player]`);
    // Their first rated game of the variant: no rating yet, shown as the start, 1500 (provisional).
    assert.equal(before.seats[side].player.rating, null, side);
    assert.equal(await watcher.getAttribute(sel, 'data-rating'), '1500', side);
    assert.equal(await watcher.$eval(sel, (el) => el.nextElementSibling.textContent), ' (1500?)', side);
  }
  await resignOver(helper, { id: game.game, token: game.tokens[game.loserSeat] });
  await watcher.waitForSelector('[data-role=rating-changes]:not([hidden]) li');
  const changes = await watcher.$$eval('[data-role=rating-changes] li', (lis) => lis.map((li) => li.textContent));
  assert.equal(changes.length, 2, `${changes}`);
  const winnerLine = changes.find((c) => c.startsWith('Fatuma'));
  assert.match(winnerLine, /^Fatuma \(you\): \d+ → \d+ \(\+\d+\)$/);
  assert.match(changes.find((c) => c.startsWith('Gari')), /^Gari: \d+ → \d+ \(−\d+\)$/);
  await watcher.screenshot({ path: `${SHOTS}/game-rating-changes.png` });
  // After a reload the snapshot of the counted game brings the same changes.
  await watcher.reload();
  await watcher.waitForSelector('[data-role=rating-changes]:not([hidden]) li');
  assert.deepEqual(await watcher.$$eval('[data-role=rating-changes] li', (lis) => lis.map((li) => li.textContent)), changes);
});

test('the own profile on a phone and on a desktop, without sideways scrolling', async () => {
  const hamisi = await newPlayer(server.url, 'Hamisi');
  for (let i = 0; i < 3; i++) await playerGame(server.url, hamisi, { variant: 'kiswahili', clock: { kind: 'correspondence', days: 3 } });
  const phone = await newPage({ player: hamisi, size: [390, 844] });
  await openProfile(phone, hamisi.id);
  await phone.waitForSelector('[data-role=own]:not([hidden])');
  await phone.waitForSelector('[data-role=profile-games] a[data-game]');
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scrolling');
  await phone.screenshot({ path: `${SHOTS}/profile-own-phone.png`, fullPage: true });
  const desktop = await newPage({ player: hamisi });
  await openProfile(desktop, hamisi.id);
  await desktop.waitForSelector('[data-role=profile-games] a[data-game]');
  await desktop.waitForSelector('[data-role=own]:not([hidden])');
  await desktop.screenshot({ path: `${SHOTS}/profile-own-desktop.png`, fullPage: true });
});
