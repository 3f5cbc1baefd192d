// The texts of the rules pages in all five languages, against the data the engine checks.
//
// crates/bao-core/tests/it/rules_pages.rs proves that web/rules-data.js (boards, traces, numbers) is what the
// engine says. This test proves that the texts quote that data and nothing typed by hand:
// - every number in a text is a {placeholder} filled from web/rules-data.js (pit names, years and <code>
//   aside), and every placeholder resolves, on every page and in every language;
// - each caption and section uses the same placeholders as the English one, so no translation drops a
//   number or types its own;
// - the pits and moves a caption names belong to its figure (the move, its trace, the pits it marks), and
//   the ring's captions name the moves the engine was asked about, with the pits they really sow first;
// - every language has the same sections, figures and table rows, and the accounts of the moves render in
//   every language (the interface dictionaries: dictionaries.test.mjs).
// Run: node --test tests/rules/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const RINGS = ['ring-cw', 'ring-acw'];

/** Loads one of the web client's import-free modules as it is. */
async function load(path) {
  const src = readFileSync(join(web, path), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`));
}

const DATA = (await load('rules-data.js')).default;
const text = await load('rules-text.js');
const rules = {};
for (const l of LANGS) rules[l] = (await load(`i18n/rules/${l}.js`)).default;

const PIT = /\b[AaBb][1-8]\b/g;
const pitsIn = (s) => new Set(String(s).match(PIT) || []);

/** What is left of a text once placeholders, code, tags, pit names and years are taken out. */
function numbersLeft(s) {
  return String(s)
    .replace(/<code>.*?<\/code>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\{[\w.-]+\}/g, '')
    .replace(/\b[AaBb][1-8][LR]?\+?\b/g, '')
    .replace(/\b(1[5-9]|20)\d\d(s|-talet|er|erne|-erne)?\b/g, '')
    .replace(/\b(phase|fase|fas|awamu ya) [12]\b/gi, '')
    .match(/\d+/g);
}

/** Every text of a page with where it is, what it may quote and which figure it captions. */
function texts(lang, variant) {
  const r = text.pageRules(rules[lang], variant);
  const facts = text.pageFacts(DATA, variant);
  const out = [{ where: 'sub', s: r.sub, facts }];
  for (const sec of r.sections || []) {
    out.push({ where: `${sec.id}.title`, s: sec.title, facts: { ...facts, variant: 'X' } });
    out.push({ where: `${sec.id}.html`, s: sec.html || '', facts, prose: true });
    for (const [id, caption] of sec.figs || []) {
      const fig = DATA.figures[id];
      out.push({ where: `${sec.id}.${id}`, s: caption, facts: { ...facts, ...((fig && fig.facts) || {}) }, fig: id });
    }
  }
  (r.diff || []).forEach(([rule, , bao], i) => {
    out.push({ where: `diff.${i}.rule`, s: rule, facts });
    out.push({ where: `diff.${i}`, s: bao, facts });
  });
  out.push({ where: 'history', s: r.history || '', facts, prose: true });
  return out;
}

const children = (id) => Object.entries(DATA.figures).filter(([, f]) => f.from === id);
const tracePits = (fig) => new Set((fig.trace || []).flatMap((s) => [s.pit, s.into].filter(Boolean)));

/** Pits a caption may name: its move's, the marked ones, those facing them, and its children's. */
function allowedPits(id) {
  const fig = DATA.figures[id];
  // The vichwa name directions ("towards A1"), so any caption may name them.
  const own = new Set(['A1', 'A8', ...(fig.show || []), ...tracePits(fig)]);
  if (fig.move) own.add(fig.move.match(/^[AaBb][1-8]/)[0]);
  if (fig.position.takasia) own.add(fig.position.takasia);
  for (const [, c] of children(id)) for (const p of tracePits(c)) own.add(p);
  for (const p of [...own]) if (text.facing(p)) own.add(text.facing(p));
  return own;
}

test('every number in the rules texts is a placeholder that resolves', () => {
  const problems = [];
  for (const l of LANGS) {
    for (const v of VARIANTS) {
      for (const t of texts(l, v)) {
        const missing = text.placeholders(t.s).filter((k) => t.facts[k] === undefined);
        if (missing.length) problems.push(`${l} ${v} ${t.where}: unknown {${missing.join('}, {')}}`);
        const left = numbersLeft(t.s);
        if (left) problems.push(`${l} ${v} ${t.where}: number(s) typed by hand: ${left.join(', ')}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('every language quotes the same numbers as English, text by text', () => {
  const problems = [];
  for (const v of VARIANTS) {
    const en = new Map(texts('en', v).map((t) => [t.where, t]));
    for (const l of LANGS.slice(1)) {
      const mine = texts(l, v);
      assert.deepEqual(mine.map((t) => t.where), [...en.keys()], `${l} ${v}: sections, figures or rows differ from English`);
      for (const t of mine) {
        const want = new Set(text.placeholders(en.get(t.where).s));
        const got = new Set(text.placeholders(t.s));
        if ([...want].sort().join() !== [...got].sort().join()) {
          problems.push(`${l} ${v} ${t.where}: {${[...got].join('}{')}} where English has {${[...want].join('}{')}}`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('captions name the pits and moves of their own figure', () => {
  const problems = [];
  for (const l of LANGS) {
    for (const v of VARIANTS) {
      for (const t of texts(l, v).filter((x) => x.fig)) {
        if (RINGS.includes(t.fig)) {
          // A move named in a ring caption is one the engine checked, on the arrow it really follows, and the
          // caption lists the first pits it sows.
          for (const m of t.s.match(/\b[AB][1-8][LR]\b/g) || []) {
            const ex = DATA.ring.examples.find((e) => e.move === m);
            if (!ex) problems.push(`${l} ${t.fig}: ${m} is not one of ring.examples`);
            else {
              if (ex.clockwise !== (t.fig === 'ring-cw')) problems.push(`${l} ${t.fig}: ${m} runs the other way`);
              const after = t.s.slice(t.s.indexOf(m) + m.length);
              const named = after.match(PIT) || [];
              if (named.slice(0, ex.first.length).join() !== ex.first.join()) {
                problems.push(`${l} ${t.fig}: ${m} sows first into ${ex.first.join(', ')}, the caption says ${named.slice(0, 2).join(', ')}`);
              }
            }
          }
          continue;
        }
        const fig = DATA.figures[t.fig];
        if (!fig) {
          problems.push(`${l} ${v}: no figure ${t.fig} in web/rules-data.js`);
          continue;
        }
        const allowed = allowedPits(t.fig);
        for (const p of pitsIn(t.s)) if (!allowed.has(p)) problems.push(`${l} ${t.fig}: names ${p}, which its figure does not involve`);
        const moves = new Set([fig.move, ...children(t.fig).map(([, c]) => c.move)].filter(Boolean));
        for (const m of t.s.match(/\b[AaBb][1-8][LR]\+?/g) || []) {
          if (!moves.has(m)) problems.push(`${l} ${t.fig}: names the move ${m}, which is not its own`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('every figure of the data is shown, and every figure shown has data', () => {
  const shown = new Set();
  for (const v of VARIANTS) {
    for (const sec of text.pageRules(rules.en, v).sections) for (const [id] of sec.figs || []) shown.add(id);
  }
  for (const id of shown) assert.ok(RINGS.includes(id) || DATA.figures[id], `figure ${id} has no data`);
  const unused = Object.keys(DATA.figures).filter((id) => !shown.has(id));
  assert.deepEqual(unused, [], 'figures in web/rules-data.js that no page shows');
  // A move figure appears on the same page as the figure it starts from.
  for (const v of VARIANTS) {
    const page = new Set(text.pageRules(rules.en, v).sections.flatMap((s) => (s.figs || []).map(([id]) => id)));
    for (const id of page) {
      const f = DATA.figures[id];
      if (f && f.from) assert.ok(page.has(f.from), `${v}: ${id} is shown without ${f.from}`);
    }
  }
});

test('the account of every move renders in every language', () => {
  const problems = [];
  for (const l of LANGS) {
    for (const [id, fig] of Object.entries(DATA.figures)) {
      if (!fig.move) continue;
      const say = text.sayer(rules[l].steps, fig.position.variant === 'kimasai');
      const lines = text.narrate(fig.trace, say, (s) => s.toUpperCase());
      if (!lines.length) problems.push(`${l} ${id}: no account`);
      for (const line of lines) {
        if (/[[{]/.test(line)) problems.push(`${l} ${id}: ${line}`);
      }
    }
  }
  assert.deepEqual(problems, []);
  // The account follows the trace: one line per lap, plus the hand seed, the stop and the end.
  const say = text.sayer(rules.en.steps, false);
  const a7l = text.narrate(DATA.figures['kuj-a7l'].trace, say, (s) => s);
  assert.deepEqual(a7l, [
    'A7: lift its 2 seeds and sow them into A6, A5.',
    'A5 faces a4: capture its 2 seeds and sow them from A8: A8, A7.',
    'A7 was empty: the move is over.',
  ]);
});

test('all languages have the same structure and keys as English', () => {
  for (const l of LANGS.slice(1)) {
    for (const k of Object.keys(rules.en.steps)) assert.ok(rules[l].steps[k] !== undefined, `${l}: steps.${k} missing`);
    for (const k of Object.keys(rules[l].steps)) {
      const base = k.replace(/\.(cows|one)/g, '');
      assert.ok(rules.en.steps[base] !== undefined, `${l}: steps.${k} is not a form of an English key`);
    }
    for (const v of VARIANTS) {
      const a = rules.en[v];
      const b = rules[l][v];
      assert.ok(b, `${l}: ${v} missing`);
      assert.deepEqual(
        (b.sections || []).map((s) => [s.id, (s.figs || []).map(([id]) => id)]),
        (a.sections || []).map((s) => [s.id, (s.figs || []).map(([id]) => id)]),
        `${l} ${v}: sections or figures differ from English`,
      );
      assert.equal((b.diff || []).length, (a.diff || []).length, `${l} ${v}: comparison rows`);
      assert.equal((b.sources || []).length, (a.sources || []).length, `${l} ${v}: sources`);
    }
  }
});

test('the checks catch a number typed by hand and a wrong pit', () => {
  assert.deepEqual(numbersLeft('{nyumba} seeds in A5, 22 in hand, since 1966, <code>A6L</code>'), ['22']);
  assert.equal(numbersLeft('towards A1 or b8, in the 1820s'), null);
  assert.ok(!allowedPits('kuj-a7l').has('a6'), 'a6 plays no part in A7L from the start');
  assert.ok(numbersLeft('Phase 2: raids, 2 cows'), 'a count next to a phase name still counts');
  assert.ok(allowedPits('kuj-a7l').has('a4') && allowedPits('kuj-start').has('A8'));
});
