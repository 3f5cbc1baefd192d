// Players without registration (issue 32): a visitor chooses a name in the header (or lets the site choose one),
// creates a game from the home page, and the invitee's page says who invites them and with what clock; both
// names are on the game page (`[data-role=player][data-side]`, ui.md), as text. A name the contract refuses is
// explained in the dialog. Playing by link needs no name. The real server and Debian's chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';

let server;
let browser;
const contexts = [];
const problems = [];

async function newPage(lang = 'en') {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A Content-Security-Policy violation (the dialog's look, say) or a failed request is a console error; the
  // refused name's 400 is the one expected.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 400/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  assert.deepEqual(problems, [], 'no page errors');
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** Opens the name dialog, types `name` and saves. */
async function chooseName(page, name) {
  await page.click('[data-action=rename]');
  await page.fill('dialog[data-role=name-dialog] input[name=player-name]', name);
  await page.click('[data-action=save-name]');
}

test('a name chosen in the header goes with the games its browser creates and joins', async () => {
  const en = await words('en');
  const a = await newPage();
  await a.goto(server.url + '/');
  await a.waitForSelector('[data-action=rename]:not([hidden])');
  assert.equal(await a.textContent('[data-action=rename]'), en['me.choose']);
  assert.equal(await a.isHidden('[data-role=me]'), true, 'no player before one is made');

  // A refused name is explained and changes nothing; a good one is shown.
  await chooseName(a, 'A');
  await a.waitForFunction((t) => document.querySelector('[data-role=name-error]')?.textContent === t, en['me.badName']);
  await a.fill('dialog[data-role=name-dialog] input[name=player-name]', 'Bi Amani');
  await a.click('[data-action=save-name]');
  await a.waitForFunction(() => document.querySelector('[data-role=me]')?.textContent === 'Bi Amani');
  const id = await a.getAttribute('[data-role=me]', 'data-player');
  assert.match(id, /^[A-Za-z0-9]{12}$/);
  assert.equal(await a.textContent('[data-action=rename]'), en['me.rename']);
  // The key is an HttpOnly cookie: the page's scripts cannot read it.
  assert.equal(await a.evaluate(() => document.cookie.includes('bao_player')), false);
  const [cookie] = (await a.context().cookies()).filter((c) => c.name === 'bao_player');
  assert.ok(cookie && cookie.httpOnly && cookie.sameSite === 'Lax', JSON.stringify(cookie));

  // The name stays after a reload, and on other pages.
  await a.goto(server.url + '/learn');
  await a.waitForFunction(() => document.querySelector('[data-role=me]')?.textContent === 'Bi Amani');

  // A game with a clock, from the home page: the seat shows the name.
  await a.goto(server.url + '/');
  await a.selectOption('select[name=seat]', 'south');
  await a.selectOption('select[name=clock]', 'live:300+3');
  await a.click('[data-action=play-friend]');
  await a.waitForURL(/\/g\//);
  const gameUrl = a.url();
  await a.waitForFunction(() => document.querySelector('[data-role=player][data-side=south]')?.textContent === 'Bi Amani (you)');
  assert.equal(await a.getAttribute('[data-role=player][data-side=south]', 'data-player'), id);

  // The invitee (no name yet) is told who invites them and with what clock, then joins by link alone.
  const b = await newPage();
  await b.goto(gameUrl);
  await b.waitForSelector('[data-role=join-invite]:not([hidden])');
  const invite = await b.textContent('[data-role=join-invite]');
  assert.ok(invite.includes('Bi Amani') && invite.includes(en['variant.kujifunza']) && /5/.test(invite), invite);
  await b.click('[data-action=join]');
  await b.waitForFunction((t) => document.querySelector('[data-role=player][data-side=north]')?.textContent === t, `${en['side.north']} (${en['you']})`);
  assert.equal(await b.getAttribute('[data-role=player][data-side=north]', 'data-player'), null, 'a seat by link has no player');
  await b.waitForFunction(() => document.querySelector('[data-role=player][data-side=south]')?.textContent === 'Bi Amani');
  await a.waitForFunction(() => document.querySelector('[data-role=player][data-side=north]')?.hasAttribute('data-online'));
  // A reload mid-game: the page's own seat is online at once (its snapshot was taken while the old socket was
  // closing, and the opponent, who never saw it go, gets no presence event: the welcome says who is online).
  await a.reload();
  await a.waitForFunction(() => document.querySelector('[data-role=player][data-side=south]')?.textContent === 'Bi Amani (you)');
  await a.waitForFunction(() => document.querySelector('[data-role=player][data-side=south]')?.hasAttribute('data-online'), null, { timeout: 3000 });
  assert.ok(await a.getAttribute('[data-role=player][data-side=north]', 'data-online') !== null, 'the opponent too');
  await a.screenshot({ path: `${process.env.BAO_SCREENSHOTS || '/tmp'}/players-game.png` });
});

test('the name dialog and the seats speak every language', async () => {
  for (const lang of ['sw', 'nl', 'sv', 'af']) {
    const dict = await words(lang);
    const p = await newPage(lang);
    await p.goto(server.url + '/');
    await p.waitForFunction((t) => document.querySelector('[data-action=rename]')?.textContent === t, dict['me.choose']);
    await p.click('[data-action=rename]');
    assert.equal(await p.textContent('[data-action=save-name]'), dict['me.save'], lang);
    // Empty: the server chooses a name (an animal and a number).
    await p.click('[data-action=save-name]');
    await p.waitForFunction(() => /^\p{L}+ \d+$/u.test(document.querySelector('[data-role=me]')?.textContent || ''));
    assert.equal(await p.textContent('[data-action=rename]'), dict['me.rename'], lang);
    await p.context().close();
  }
});

test('the home page list says whom each game is against, its clock and date, and forgets a game that is over', async () => {
  const home = await words('en', 'home');
  const p = await newPage();
  await p.goto(server.url + '/');
  await p.waitForSelector('[data-action=rename]:not([hidden])');
  await chooseName(p, 'Pweza 9');
  await p.waitForFunction(() => document.querySelector('[data-role=me]')?.textContent === 'Pweza 9');
  // Against the computer, easy, with a clock: resigned at once.
  await p.selectOption('select[name=level]', 'easy');
  await p.selectOption('select[name=seat]', 'south');
  await p.selectOption('select[name=clock]', 'live:180+2');
  await p.click('[data-action=play-computer]');
  await p.waitForURL(/\/g\//);
  const computerGame = new URL(p.url()).pathname.split('/')[2];
  await p.waitForSelector('[data-role=connection][data-state=open]');
  await p.click('[data-action=resign]');
  await p.click('[data-action=confirm-resign]');
  await p.waitForSelector('[data-role=result]:not([hidden])');
  // A game by link, waiting for a friend.
  await p.goto(server.url + '/');
  await p.click('[data-action=play-friend]');
  await p.waitForURL(/\/g\//);
  const friendGame = new URL(p.url()).pathname.split('/')[2];

  await p.goto(server.url + '/');
  const entry = (id) => `[data-role=my-games] a[data-game="${id}"]`;
  await p.waitForSelector(entry(computerGame));
  assert.equal(await p.getAttribute(entry(computerGame), 'data-opponent'), 'computer:easy');
  assert.equal(await p.getAttribute(entry(computerGame), 'data-clock'), 'live:180+2');
  const text = await p.textContent(entry(computerGame));
  assert.ok(text.includes(home['mygames.vsComputer'].replace('{level}', home['level.easy'])), text);
  // The date it began, relative to now ("now"), with the moment itself in the time element's datetime.
  assert.ok(text.includes(new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(0, 'second')), text);
  assert.ok(Math.abs(Date.parse(await p.getAttribute(`${entry(computerGame)} time`, 'datetime')) - Date.now()) < 600000);
  assert.equal(await p.getAttribute(entry(friendGame), 'data-opponent'), '', 'nobody has joined');
  assert.equal(await p.getAttribute(entry(friendGame), 'data-clock'), 'none');
  // Only the game that is over can be forgotten; then it is gone, also after a reload.
  assert.equal(await p.locator(`[data-action=forget-game][data-game="${friendGame}"]`).count(), 0);
  await p.click(`[data-action=forget-game][data-game="${computerGame}"]`);
  assert.equal(await p.locator(entry(computerGame)).count(), 0);
  await p.reload();
  await p.waitForSelector(entry(friendGame));
  assert.equal(await p.locator(entry(computerGame)).count(), 0);
});
