// The interface dictionaries: web/i18n/<lang>.js, the shared words (the game page's and those more than one page
// uses), and web/i18n/pages/<page>/<lang>.js, one page's own words, which web/i18n.js loads besides the shared ones
// for <body data-i18n-page="<page>">. This test proves that
// - every dictionary has, in every language, the keys its English has and no others, each with English's
//   {placeholders};
// - no key is in two dictionaries, every page dictionary is a page's and every page's is there;
// - every page finds each key its HTML and its modules name (data-i18n, t('…'), `side.${x}`) in the dictionaries it
//   loads;
// - every key with a count ({n}) has each plural form its language needs (Intl.PluralRules: `key.one`);
// - a shared key is named by the game page or by more than one page (a key only one other page names belongs in
//   that page's dictionary, which the game page does not load), and every key is named somewhere.
// Run: node --test tests/rules/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const SHARED = 'shared';

async function load(path) {
  const src = readFileSync(join(web, path), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
}

/** Every dictionary by name (`shared`, or a page's) and language. */
const DICTS = { [SHARED]: {} };
for (const l of LANGS) DICTS[SHARED][l] = await load(`i18n/${l}.js`);
for (const page of readdirSync(join(web, 'i18n', 'pages'))) {
  DICTS[page] = {};
  for (const l of LANGS) DICTS[page][l] = await load(`i18n/pages/${page}/${l}.js`);
}

const placeholders = (s) => [...new Set(String(s).match(/\{\w+\}/g) || [])].sort().join(' ');

/** Each dictionary has English's keys in every language, no others, and the same placeholders in each. */
function languageProblems(dicts) {
  const problems = [];
  for (const [name, byLang] of Object.entries(dicts)) {
    const en = byLang.en;
    for (const l of LANGS) {
      const mine = byLang[l] || {};
      for (const k of Object.keys(en)) {
        if (typeof mine[k] !== 'string' || !mine[k].trim()) problems.push(`${name} ${l}: no ${k}`);
        else if (placeholders(mine[k]) !== placeholders(en[k])) {
          problems.push(`${name} ${l}: ${k} has {${placeholders(mine[k])}}, English {${placeholders(en[k])}}`);
        }
      }
      for (const k of Object.keys(mine)) if (en[k] === undefined) problems.push(`${name} ${l}: ${k} is not in English`);
    }
  }
  return problems;
}

/** A key in two dictionaries (their English: the other languages have the same keys). */
function duplicateProblems(dicts) {
  const where = new Map();
  const problems = [];
  for (const [name, byLang] of Object.entries(dicts)) {
    for (const k of Object.keys(byLang.en)) {
      if (where.has(k)) problems.push(`${k} is in ${where.get(k)} and in ${name}`);
      else where.set(k, name);
    }
  }
  return problems;
}

/** The HTML pages, and for each the sources it loads: itself, then every module it imports (`import('/…')` too),
 * and the dictionary it names. */
function pages() {
  const html = [
    ...readdirSync(web).filter((f) => f.endsWith('.html')),
    ...readdirSync(join(web, 'rules')).filter((f) => f.endsWith('.html')).map((f) => `rules/${f}`),
  ];
  return html.map((file) => {
    const seen = new Map();
    const todo = [file];
    while (todo.length) {
      const f = todo.pop();
      if (seen.has(f)) continue;
      const src = readFileSync(join(web, f), 'utf8');
      seen.set(f, src);
      for (const m of src.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|<script[^>]*\bsrc=)['"](\/[^'"]+\.js)['"]/g)) {
        // Not the dictionaries themselves: their keys are what is looked for.
        if (!m[1].startsWith('/i18n/')) todo.push(m[1].slice(1));
      }
    }
    const body = /<body\b[^>]*>/.exec(seen.get(file))[0];
    const own = /\bdata-i18n-page="([^"]+)"/.exec(body);
    return { file, dictionary: own ? own[1] : null, sources: [...seen.values()] };
  });
}

/** The keys (of `keys`) that sources name: quoted whole, in data-i18n-attr, or matched by a template `a.${x}.b`. */
function namedKeys(sources, keys) {
  const named = new Set();
  const patterns = [];
  for (const src of sources) {
    for (const m of src.matchAll(/(['"`])([A-Za-z][\w.-]*)\1/g)) named.add(m[2]);
    for (const m of src.matchAll(/data-i18n-attr="([^"]*)"/g)) {
      for (const pair of m[1].split(';')) named.add(pair.split(':')[1]);
    }
    for (const m of src.matchAll(/`([a-z][\w-]*\.[\w.-]*\$\{[^`]*)`/g)) {
      const re = m[1].split(/\$\{[^}]*\}/).map((part) => part.replace(/[.]/g, '\\.')).join('[\\w-]+');
      patterns.push(new RegExp(`^${re}$`));
    }
  }
  // A `.one` form is named with its key (t(key, { n: 1 })).
  return new Set([...keys].filter((k) => {
    const base = k.replace(/\.one$/, '');
    return named.has(base) || patterns.some((re) => re.test(base));
  }));
}

/** Where each key is, who names it, and what is wrong with that (see the file's head). */
function placementProblems(dicts, pageList) {
  const problems = [];
  const dictOf = new Map();
  for (const [name, byLang] of Object.entries(dicts)) for (const k of Object.keys(byLang.en)) dictOf.set(k, name);
  const namers = new Map([...dictOf.keys()].map((k) => [k, new Set()]));
  for (const p of pageList) {
    if (p.dictionary && !dicts[p.dictionary]) problems.push(`${p.file}: no dictionary web/i18n/pages/${p.dictionary}/`);
    // The pages that share a dictionary (the rules pages) count as one page.
    const who = p.dictionary || p.file;
    for (const k of namedKeys(p.sources, dictOf.keys())) {
      namers.get(k).add(who);
      const where = dictOf.get(k);
      if (where !== SHARED && where !== p.dictionary) problems.push(`${p.file} names ${k}, which is in pages/${where}/`);
    }
  }
  for (const name of Object.keys(dicts)) {
    if (name !== SHARED && !pageList.some((p) => p.dictionary === name)) problems.push(`no page has data-i18n-page="${name}"`);
  }
  for (const [k, who] of namers) {
    const where = dictOf.get(k);
    const only = who.size === 1 ? [...who][0] : null;
    if (who.size === 0) problems.push(`${k} (${where}) is named by no page`);
    else if (where !== SHARED && !who.has(where)) problems.push(`${k} is in pages/${where}/, which does not name it`);
    else if (where === SHARED && dicts[only]) problems.push(`${k} is only ${only}'s: move it to pages/${only}/`);
  }
  return problems;
}

const PAGES = pages();

/** Keys whose `{n}` is a position or a label, not a count (move 3, step 2 of 5, "Games (12)"): no plural forms. */
const NOT_COUNTS = new Set(['moves.viewing', 'narr.title', 'review.point', 'analysis.moveTitle', 'learn.stepTitle', 'profile.gamesCount']);
const FORM = /\.(zero|one|two|few|many)$/;

/** A key with a count (`{n}`) lacks a plural form its language needs (Intl.PluralRules: "1 kijkers" otherwise). */
function pluralProblems(dicts) {
  const problems = [];
  for (const [name, byLang] of Object.entries(dicts)) {
    const counted = Object.keys(byLang.en).filter((k) => !FORM.test(k) && !NOT_COUNTS.has(k) && /\{n\}/.test(byLang.en[k]));
    for (const l of LANGS) {
      const forms = new Intl.PluralRules(l).resolvedOptions().pluralCategories.filter((c) => c !== 'other');
      for (const k of counted) for (const f of forms) if (byLang[l]?.[`${k}.${f}`] === undefined) problems.push(`${name} ${l}: ${k} has no ${f} form`);
    }
  }
  return problems;
}

test('every dictionary has the keys of its English in every language, with the same placeholders', () => {
  assert.ok(Object.keys(DICTS).length > 1, 'the pages have dictionaries of their own');
  assert.deepEqual(languageProblems(DICTS), []);
});

test('every key with a count has every plural form its language needs', () => {
  for (const l of LANGS) assert.ok(new Intl.PluralRules(l).resolvedOptions().locale.startsWith(l), `Node knows ${l}'s plurals`);
  assert.deepEqual(pluralProblems(DICTS), []);
  const copy = JSON.parse(JSON.stringify(DICTS));
  delete copy.shared.nl['presence.watchers.one'];
  assert.deepEqual(pluralProblems(copy), ['shared nl: presence.watchers has no one form']);
});

test('no key is in two dictionaries', () => {
  assert.deepEqual(duplicateProblems(DICTS), []);
});

test('every page finds the keys it names; a page\'s own keys are in its dictionary, not the shared one', () => {
  const game = PAGES.find((p) => p.file === 'game.html');
  assert.equal(game.dictionary, null, 'the game page loads the shared words only');
  assert.deepEqual(placementProblems(DICTS, PAGES), []);
});

test('the checks catch a missing key, a key in two dictionaries, and a key where its page cannot find it', () => {
  const copy = () => JSON.parse(JSON.stringify(DICTS));
  const withoutKey = copy();
  delete withoutKey.puzzles.sw['puzzles.error'];
  withoutKey.home.nl['home.title'] = 'Speel {variant}';
  assert.deepEqual(languageProblems(withoutKey), [
    'home nl: home.title has {{variant}}, English {}',
    'puzzles sw: no puzzles.error',
  ]);
  const twice = copy();
  twice.home.en['side.south'] = 'South';
  assert.deepEqual(duplicateProblems(twice), ['side.south is in shared and in home']);
  // The puzzles page names home.variant: it must stay shared.
  const moved = copy();
  for (const l of LANGS) {
    moved.home[l]['home.variant'] = moved[SHARED][l]['home.variant'];
    delete moved[SHARED][l]['home.variant'];
  }
  assert.deepEqual(placementProblems(moved, PAGES), ['puzzles.html names home.variant, which is in pages/home/']);
  // A word of the home page alone, left in the shared dictionary, weighs on the game page.
  const left = copy();
  for (const l of LANGS) {
    left[SHARED][l]['home.title'] = left.home[l]['home.title'];
    delete left.home[l]['home.title'];
  }
  assert.deepEqual(placementProblems(left, PAGES), ["home.title is only home's: move it to pages/home/"]);
  const unused = copy();
  unused[SHARED].en['game.unused'] = 'x';
  assert.deepEqual(placementProblems(unused, PAGES), ['game.unused (shared) is named by no page']);
});
