// The computer's eight levels on the home page (issue 39): the chooser lists levels 1 to 8, keeping the values
// easy, medium and hard for levels 2, 5 and 8, each with the rating its matches measured for the chosen game
// (GET /api/levels); a game created at a numbered level is played at that level and says so on its page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from '../lib/harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the home page offers eight levels with their measured ratings, and a game at level 3 is played at level 3', async () => {
  const { body: levels } = await api(server.url, '/api/levels');
  const ratingOf = (k, variant) => levels.levels.find((l) => l.number === k).ratings[variant].rating;
  const context = await browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' });
  const p = await context.newPage();
  await p.goto(`${server.url}/`);
  const values = await p.$$eval('select[name=level] option', (os) => os.map((o) => o.value));
  assert.deepEqual(values, ['1', 'easy', '3', '4', 'medium', '6', '7', 'hard']);
  assert.equal(await p.inputValue('select[name=level]'), 'medium', 'medium is chosen at first');

  // Each option names its level and the rating measured for the chosen game, rounded to 50.
  for (const variant of ['kujifunza', 'kiswahili']) {
    await p.selectOption('select[name=variant]', variant);
    const about = Math.round(ratingOf(3, variant) / 50) * 50;
    await p.waitForFunction((want) => document.querySelector('select[name=level] option[value="3"]').textContent === want, `Level 3 · about ${about}`);
    const hard = await p.textContent('select[name=level] option[value=hard]');
    assert.equal(hard, `Level 8 · Hard · about ${Math.round(ratingOf(8, variant) / 50) * 50}`);
  }
  const low = ratingOf(1, 'kiswahili');
  const top = ratingOf(8, 'kiswahili');
  assert.ok(low < top, `level 1 (${low}) is rated below level 8 (${top})`);

  // A game at level 3: created with that level, and its page names it.
  await p.selectOption('select[name=level]', '3');
  await p.click('[data-action=play-computer]');
  await p.waitForURL(/\/g\//);
  const id = new URL(p.url()).pathname.split('/')[2];
  const { body: statuses } = await api(server.url, '/api/games/status', { method: 'POST', body: JSON.stringify({ ids: [id] }) });
  const summary = (Array.isArray(statuses) ? statuses : statuses.games ?? Object.values(statuses)).find((g) => g.id === id) ?? statuses[id];
  assert.equal(summary?.level, '3', JSON.stringify(statuses));
  await p.waitForFunction(() => [...document.querySelectorAll('[data-role=player]')].some((e) => /level 3/i.test(e.textContent)));
  await context.close();
});
