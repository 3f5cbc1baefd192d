// The rules pages as a reader sees them, in every language, on a desktop and a phone: every board shows the
// position of web/rules-data.js (which crates/bao-core/tests/it/rules_pages.rs checks against the engine), no
// placeholder or missing step text is left, the ring has its sixteen pits, and nothing is wider than the screen.
// Each board is a real table a screen reader can walk: a caption, a named header per row, and per cell the pit's
// name and count in words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, pitCounts, ROOT } from '../lib/harness.mjs';
import { words } from '../lib/words.mjs';

const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const src = readFileSync(join(ROOT, 'web', 'rules-data.js'), 'utf8');
const DATA = (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
const UI = {};
for (const l of LANGS) UI[l] = await words(l, 'rules');
/** A cell's mark (its class) and the dictionary key of the words that say it. */
const MARK_WORDS = { hl: 'rules.markShow', origin: 'mark.start', sown: 'mark.sown', cap: 'mark.capture', tks: 'rules.markTakasia' };

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`rules pages at ${width}px: boards from the data, no placeholders, no overflow`, async () => {
    const problems = [];
    for (const lang of LANGS) {
      const ctx = await browser.newContext({ viewport: { width, height } });
      await ctx.addInitScript((l) => localStorage.setItem('bao.lang', l), lang);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => problems.push(`${lang}: page error: ${e.message}`));
      for (const v of VARIANTS) {
        await page.goto(`${server.url}/rules/${v}.html`);
        await page.waitForSelector('[data-role=rules] section');
        const marksWords = Object.fromEntries(Object.entries(MARK_WORDS).map(([cls, key]) => [cls, UI[lang][key]]));
        const seen = await page.evaluate((words) => {
          const art = document.querySelector('[data-role=rules]');
          const boards = {};
          for (const fig of art.querySelectorAll('figure[id^=fig-]')) {
            const pits = {};
            const table = fig.querySelector('table.mini');
            for (const td of fig.querySelectorAll('td[title]')) {
              const [name, n] = td.title.split(': ');
              pits[name] = Number(n);
              const shown = td.querySelector('.n[aria-hidden=true]').textContent;
              if (Number(shown || 0) !== Number(n)) pits[name] = `shows ${shown}, title ${n}`;
              // What a screen reader reads instead: the pit's name, then its count.
              const said = td.querySelector('.vh').textContent;
              if (!said.startsWith(name) || !said.includes(n)) pits[name] = `reads "${said}", title ${n}`;
              for (const [cls, w] of Object.entries(words)) {
                if (td.classList.contains(cls) && !said.includes(w)) pits[name] = `marked ${cls} but reads "${said}"`;
              }
            }
            boards[fig.id.slice(4)] = pits;
            // A real table (not an image without its numbers): a caption and a named header for each row.
            const heads = [...table.querySelectorAll('th[scope=row] .vh')].map((e) => e.textContent);
            if (table.getAttribute('role') || !table.caption?.textContent.trim() || heads.length !== 4 || new Set(heads).size !== 4 || heads.some((h) => /[{}]/.test(h) || !h)) {
              pits.table = `role ${table.getAttribute('role')}, caption "${table.caption?.textContent}", rows ${heads.join(' | ')}`;
            }
          }
          return {
            lang: document.documentElement.lang,
            text: art.innerText,
            boards,
            rings: [...art.querySelectorAll('svg.ring')].map((s) => s.querySelectorAll('circle').length),
            wide: document.documentElement.scrollWidth > window.innerWidth,
          };
        }, marksWords);
        const where = `${lang} ${v}`;
        if (seen.lang !== lang) problems.push(`${where}: <html lang> is ${seen.lang}`);
        const left = seen.text.match(/\{[\w.-]+\}|\[[\w.]+\]/g);
        if (left) problems.push(`${where}: unfilled ${left.join(' ')}`);
        if (!Object.keys(seen.boards).length) problems.push(`${where}: no boards`);
        for (const [id, pits] of Object.entries(seen.boards)) {
          if (pits.table) problems.push(`${where} ${id}: ${pits.table}`);
          const want = pitCounts(DATA.figures[id].position);
          for (const [name, n] of Object.entries(want)) {
            if (pits[name] !== n) problems.push(`${where} ${id}: ${name} shows ${pits[name]}, the data says ${n}`);
          }
        }
        if (!seen.rings.length || seen.rings.some((n) => n !== 16)) problems.push(`${where}: ring pits ${seen.rings}`);
        if (seen.wide) problems.push(`${where}: wider than the ${width}px screen`);
      }
      await ctx.close();
    }
    assert.deepEqual(problems, []);
  });
}
