// The lessons: /learn lists the games, /learn/{variant} teaches one in short steps. Each step (web/lessons-data.js,
// checked against the engine by crates/bao-core/tests/lessons.rs) is a position, a task and the moves that solve
// it. The learner's move is played by the server (POST /api/analysis gives every legal move's result and trace)
// and shown like a game's; the step is done when the move is one of the expected ones, and any other legal move
// is answered with the step's hint and an account of what that move did. Progress is kept in localStorage. The
// steps are grouped into lessons (a step's `lesson`), each ending in a "test yourself" step (`test`: the task asks
// without pointing at the move; the hint comes only after a miss). A solved test step can be played out against the
// computer from there (practice: the computer's moves are the server's search, POST /api/analysis with think_ms).
// The lesson and variant lines are in web/i18n/learn/<lang>.js, the steps' texts in
// web/i18n/learn/<variant>/<lang>.js (loaded for that variant only), the page's own words in the dictionaries.
import { $, initPage } from '/common.js';
import { t, onLanguage, safeGet, safeSet, lang } from '/i18n.js';
import LESSONS from '/lessons-data.js';
import { narrationList } from '/shared/narration.js';
import { PlayBoard, analysisErrorText } from '/shared/play-board.js';
import { analyse } from '/api.js';

const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const PROGRESS = 'bao.learn';

const parts = location.pathname.split('/').filter(Boolean);
const variant = parts[1] ? decodeURIComponent(parts[1]) : null;
const steps = variant ? LESSONS[variant] : null;
/** The step shown (an index into steps) and what the learner's last move did there. */
let current = 0;
let outcome = null;
/** Playing a solved test step out against the computer: { result } once the game is over. */
let practice = null;
/** How long the computer thinks for each of its moves when a position is played out. */
const PRACTICE_THINK_MS = 300;

/** The ids of the steps done, per variant. */
function progress() {
  try {
    const p = JSON.parse(safeGet(PROGRESS) || '{}');
    return p && typeof p === 'object' ? p : {};
  } catch {
    return {};
  }
}

function markDone(v, id) {
  const p = progress();
  const done = new Set(Array.isArray(p[v]) ? p[v] : []);
  done.add(id);
  p[v] = [...done];
  safeSet(PROGRESS, JSON.stringify(p));
}

const doneIn = (v) => new Set(Array.isArray(progress()[v]) ? progress()[v] : []);
/** The lessons' texts in the page's language, and in English for what a language lacks. */
let texts = {};
let english = {};

async function loadTexts() {
  const one = (path, l) => import(`${path}/${l}.js`).catch(() => import(`${path}/en.js`)).then((m) => m.default);
  const paths = ['/i18n/learn', ...(steps ? [`/i18n/learn/${variant}`] : [])];
  const [mine, en] = await Promise.all([lang(), 'en'].map((l) => Promise.all(paths.map((p) => one(p, l)))));
  texts = Object.assign({}, ...mine);
  english = Object.assign({}, ...en);
}

/** A lesson text: `about` of a variant, or a part (title, task, hint, done) of a step. */
const lt = (k) => texts[k] ?? english[k] ?? k;
const key = (id, part) => `${variant}.${id}.${part}`;

/** /learn: the games, each with its lessons' progress. */
function renderIndex() {
  $('[data-role=index]').hidden = false;
  const list = $('[data-role=lessons]');
  list.replaceChildren();
  for (const v of VARIANTS) {
    const li = document.createElement('li');
    li.dataset.variant = v;
    const h = document.createElement('h2');
    const a = document.createElement('a');
    a.href = `/learn/${v}`;
    a.textContent = t(`variant.${v}`);
    h.append(a);
    const about = document.createElement('p');
    about.textContent = lt(`${v}.about`);
    const done = [...doneIn(v)].filter((id) => LESSONS[v].some((s) => s.id === id)).length;
    const count = document.createElement('p');
    count.className = 'hint';
    count.textContent = t('learn.progress', { done, total: LESSONS[v].length });
    li.append(h, about, count);
    list.append(li);
  }
  document.title = `${t('learn.title')} · Bao`;
}

function renderTabs() {
  const nav = $('[data-role=tabs]');
  nav.replaceChildren(
    ...VARIANTS.map((v) => {
      const a = document.createElement('a');
      a.href = `/learn/${v}`;
      a.textContent = t(`variant.${v}`);
      if (v === variant) a.setAttribute('aria-current', 'page');
      return a;
    }),
  );
}

/** The lessons in order, each with the indices of its steps. */
function lessons() {
  const out = [];
  steps.forEach((s, i) => {
    if (!out.length || out[out.length - 1].id !== s.lesson) out.push({ id: s.lesson, steps: [] });
    out[out.length - 1].steps.push(i);
  });
  return out;
}

/** The lessons, each with its steps as numbered buttons: the current one marked, the solved ones ticked. */
function renderStepList() {
  const done = doneIn(variant);
  const list = $('[data-role=steps]');
  list.replaceChildren(
    ...lessons().map((lesson) => {
      const li = document.createElement('li');
      li.dataset.lesson = lesson.id;
      const name = document.createElement('span');
      name.className = 'lesson-name';
      const solved = lesson.steps.filter((i) => done.has(steps[i].id)).length;
      name.textContent = `${lt(`${variant}.lesson.${lesson.id}`)} (${solved}/${lesson.steps.length})`;
      const row = document.createElement('ol');
      row.append(
        ...lesson.steps.map((i, n) => {
          const s = steps[i];
          const item = document.createElement('li');
          const b = document.createElement('button');
          b.type = 'button';
          b.dataset.step = s.id;
          if (s.test) b.dataset.test = '';
          // The visible number (or "Test") starts the accessible name, the tick is the name's "(done)".
          const label = s.test ? t('learn.testShort') : String(n + 1);
          const tick = document.createElement('span');
          tick.setAttribute('aria-hidden', 'true');
          tick.textContent = done.has(s.id) ? '✓' : '';
          b.append(tick, label);
          b.title = stepTitle(s);
          b.setAttribute('aria-label', `${label}: ${stepTitle(s)}${done.has(s.id) ? ` (${t('learn.solved')})` : ''}`);
          if (i === current) b.setAttribute('aria-current', 'step');
          b.addEventListener('click', () => go(i));
          item.append(b);
          return item;
        }),
      );
      li.append(name, row);
      return li;
    }),
  );
}

/** A step's title, marked as the test of its lesson when it is one. */
const stepTitle = (s) => (s.test ? t('learn.testTitle', { title: lt(key(s.id, 'title')) }) : lt(key(s.id, 'title')));

/** The texts of the step shown, in the page's language. */
function renderTexts() {
  const step = steps[current];
  $('[data-role=course-title]').textContent = t('learn.course', { variant: t(`variant.${variant}`) });
  $('[data-role=lesson-title]').textContent = t('learn.stepTitle', { n: current + 1, total: steps.length, title: stepTitle(step) });
  $('[data-role=task]').textContent = lt(key(step.id, 'task'));
  const solved = !!(outcome && outcome.solved);
  // A won game has nothing left to play out.
  $('[data-action=practice]').hidden = !solved || !step.test || !!practice || outcome.over;
  const said = $('[data-role=practice-status]');
  said.hidden = !practice;
  said.textContent = practice ? practiceText() : '';
  // The step's praise belongs to the step: once its position is being played out, the page speaks of that game.
  if (practice) $('[data-role=status]').textContent = practiceText();
  const box = $('[data-role=done-box]');
  box.hidden = !outcome || !outcome.solved || !!practice;
  $('[data-role=done-text]').textContent = outcome && outcome.solved ? `${t('learn.welldone')} ${lt(key(step.id, 'done'))}` : '';
  if (outcome && !outcome.solved) board.explain(`${t('learn.wrong', { move: outcome.move })} ${lt(key(step.id, 'hint'))}`, null, true);
  if (practice) board.explain('');
  renderNarration();
  const last = current === steps.length - 1;
  $('[data-action=next-lesson]').hidden = !(outcome && outcome.solved) || last;
  $('[data-role=play-link]').hidden = !(outcome && outcome.solved) || !last;
  $('a[data-role=play-link]').href = `/?variant=${variant}`;
  $('[data-action=retry]').hidden = !outcome;
  renderStepList();
  renderTabs();
  document.title = `${t('learn.course', { variant: t(`variant.${variant}`) })} · Bao`;
}

/** What the learner's move did, seed by seed, under the board. */
function renderNarration() {
  const box = $('[data-role=narration]');
  box.hidden = !outcome;
  if (!outcome) return box.replaceChildren();
  const head = document.createElement('p');
  head.className = 'narr-head';
  head.textContent = t(outcome.computer ? 'learn.computerMove' : 'learn.yourMove', { move: outcome.move });
  box.replaceChildren(head, narrationList(outcome.trace));
}

/** Shows step `i` from its position. */
async function go(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  outcome = null;
  practice = null;
  const step = steps[current];
  const lesson = $('[data-role=lesson]');
  lesson.dataset.step = step.id;
  lesson.dataset.expect = step.expect.join(' ');
  if (step.test) lesson.dataset.test = '';
  else delete lesson.dataset.test;
  for (const k of ['done', 'failed', 'practice', 'practiceResult']) delete lesson.dataset[k];
  history.replaceState(null, '', `#${step.id}`);
  board.explain('');
  renderTexts();
  $('[data-role=status]').textContent = t('learn.stepTitle', { n: current + 1, total: steps.length, title: stepTitle(step) });
  await board.show(step.position);
}

/** The learner played `entry`: the step is solved by an expected move, else the hint and what happened. */
function played(entry) {
  if (practice) return practiced(entry);
  const step = steps[current];
  const solved = step.expect.includes(entry.move);
  outcome = { move: entry.move, trace: entry.trace, solved, over: !!entry.position.result };
  const lesson = $('[data-role=lesson]');
  board.lock(true);
  board.show(entry.position, { stage: null, legal: [], blocked: {} }, PlayBoard.marks(entry.move, entry.trace));
  board.lock(true);
  if (!solved && step.test) lesson.dataset.failed = '';
  if (solved) {
    delete lesson.dataset.failed;
    lesson.dataset.done = '';
    markDone(variant, step.id);
    board.sound.play('end');
  }
  renderTexts();
  $('[data-role=status]').textContent = solved ? t('learn.welldone') : t('learn.wrong', { move: entry.move });
  const next = solved ? $(current === steps.length - 1 ? '[data-role=play-link]' : '[data-action=next-lesson]') : $('[data-action=retry]');
  next.focus();
}

/** What the practice game stands at: whose move, or who won. */
function practiceText() {
  if (practice.result) return t(practice.result.winner === 'south' ? 'learn.practiceWon' : 'learn.practiceLost');
  return t(practice.thinking ? 'learn.practiceThinking' : 'learn.practiceYours');
}

/** Plays the position after the learner's solving move out against the computer, from North's reply on. */
async function startPractice() {
  practice = { result: null, thinking: false };
  $('[data-role=lesson]').dataset.practice = '';
  renderTexts();
  await next(board.position());
}

/** The position after a move of the practice game: over, the computer's turn (North), or the learner's. */
async function next(position) {
  const lesson = $('[data-role=lesson]');
  if (position.result) {
    practice.result = position.result;
    lesson.dataset.practiceResult = position.result.winner;
    board.lock(true);
    renderTexts();
    return;
  }
  if (position.to_move === 'south') {
    practice.thinking = false;
    renderTexts();
    await board.show(position, null, board.last);
    return;
  }
  practice.thinking = true;
  renderTexts();
  const started = practice;
  try {
    const answer = await analyse(position, PRACTICE_THINK_MS);
    if (practice !== started) return;
    const entry = answer.legal.find((m) => m.move === answer.best.move);
    outcome = { move: entry.move, trace: entry.trace, solved: true, computer: true };
    await board.show(entry.position, { stage: null, legal: [], blocked: {} }, PlayBoard.marks(entry.move, entry.trace));
    board.lock(true);
    renderNarration();
    await next(entry.position);
  } catch (e) {
    board.explain(analysisErrorText(e), null, true);
  }
}

/** The learner's move in the practice game. */
function practiced(entry) {
  outcome = { move: entry.move, trace: entry.trace, solved: true };
  board.show(entry.position, { stage: null, legal: [], blocked: {} }, PlayBoard.marks(entry.move, entry.trace));
  board.lock(true);
  renderNarration();
  next(entry.position);
}

const board = variant && steps
  ? new PlayBoard({
      onMove: played,
      onError: (e) => board.explain(analysisErrorText(e), null, true),
    })
  : null;

async function main() {
  await initPage();
  await loadTexts();
  if (!variant) {
    renderIndex();
    onLanguage(() => loadTexts().then(renderIndex));
    return;
  }
  if (!steps) {
    $('[data-role=unknown]').hidden = false;
    return;
  }
  $('[data-role=course]').hidden = false;
  $('[data-action=next-lesson]').addEventListener('click', () => go(current + 1));
  $('[data-action=retry]').addEventListener('click', () => go(current));
  $('[data-action=practice]').addEventListener('click', () => startPractice());
  onLanguage(async () => {
    await loadTexts();
    renderTexts();
    board.render();
  });
  const wanted = steps.findIndex((s) => `#${s.id}` === location.hash);
  const done = doneIn(variant);
  const firstOpen = steps.findIndex((s) => !done.has(s.id));
  await go(wanted >= 0 ? wanted : Math.max(0, firstOpen));
}

main();
