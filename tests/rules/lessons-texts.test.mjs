// The lessons' texts for the steps of web/lessons-data.js (checked against the engine by
// crates/bao-core/tests/it/lessons.rs): every step of every variant has its title, task, hint and closing words in
// all five languages (web/i18n/learn/<variant>/<lang>.js), every variant its line on /learn and every lesson its
// title (web/i18n/learn/<lang>.js), and no language has texts for a step or lesson that does not exist. A move a
// step's texts name in notation (a hint's "play A3R") is one of the step's expected moves, in every language, and
// the task of a "test yourself" step names no move at all (the learner finds it unaided).
// Run: node --test tests/rules/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const PARTS = ['title', 'task', 'hint', 'done'];

async function load(path) {
  const src = readFileSync(join(web, path), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
}

const LESSONS = await load('lessons-data.js');
const dict = {};
for (const l of LANGS) {
  dict[l] = { ...(await load(`i18n/learn/${l}.js`)) };
  for (const v of Object.keys(LESSONS)) Object.assign(dict[l], await load(`i18n/learn/${v}/${l}.js`));
}

test('every lesson step has its texts in every language, and no text is left over', () => {
  const wanted = new Set();
  for (const [variant, steps] of Object.entries(LESSONS)) {
    wanted.add(`${variant}.about`);
    for (const s of steps) {
      wanted.add(`${variant}.lesson.${s.lesson}`);
      for (const p of PARTS) wanted.add(`${variant}.${s.id}.${p}`);
    }
  }
  const problems = [];
  for (const l of LANGS) {
    for (const k of wanted) if (!dict[l][k] || !dict[l][k].trim()) problems.push(`${l}: no ${k}`);
    for (const k of Object.keys(dict[l])) if (!wanted.has(k)) problems.push(`${l}: ${k} belongs to no step`);
  }
  assert.deepEqual(problems, []);
});

test('the moves a step\'s texts name are its expected moves', () => {
  const problems = [];
  for (const [variant, steps] of Object.entries(LESSONS)) {
    for (const s of steps) {
      for (const l of LANGS) {
        for (const part of ['task', 'hint', 'done']) {
          const text = dict[l][`${variant}.${s.id}.${part}`] || '';
          for (const m of text.match(/\b[AB][1-8][LR]\+?/g) || []) {
            if (!s.expect.includes(m)) problems.push(`${l} ${variant}/${s.id}.${part}: ${m} is not an expected move`);
          }
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('a test step\'s task names no move, and every lesson ends in one', () => {
  const problems = [];
  for (const [variant, steps] of Object.entries(LESSONS)) {
    steps.forEach((s, i) => {
      const last = i === steps.length - 1 || steps[i + 1].lesson !== s.lesson;
      if (!!s.test !== last) problems.push(`${variant}/${s.id}: a lesson ends in its test step, and only there`);
      if (!s.test) return;
      for (const l of LANGS) {
        const task = dict[l][`${variant}.${s.id}.task`] || '';
        if (/\b[AB][1-8]([LR]\+?)?\b/.test(task)) problems.push(`${l} ${variant}/${s.id}: the test's task names a pit or move`);
      }
    });
  }
  assert.deepEqual(problems, []);
});
