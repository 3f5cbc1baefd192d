// The puzzles page /puzzles: a position where one move wins by force (GET /api/puzzles). The learner plays the
// winner's moves; the page answers with the defender's replies from the puzzle's `solution`. Every position and
// trace comes from the server (POST /api/analysis), so nothing here knows the rules: a move is right when it is
// the solution's, and legal when the server lists it.
//
// Each first try is reported (POST /api/puzzles/{id}/attempt), which rates the puzzle and the solver (Glicko-2):
// the browser's player when it has one (the server keeps the progress), else the browser itself (its rating and
// counts kept in localStorage). Two modes: rated puzzles near the solver's rating, of one theme or any; and the
// streak, puzzles harder and harder until the first miss.
import { $, initPage, currentPlayer, onPlayer } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import { Board } from '/shared/board.js';
import { movePit } from '/shared/pits.js';
import { MoveAnimation } from '/shared/animation.js';
import { narrate } from '/shared/narration.js';
import { reasonText } from '/shared/why.js';
import { analyse, fetchPuzzle, reportAttempt, fetchPuzzleProgress, fetchMistake, fetchMistakes, tryMistake } from '/api.js';

const VARIANTS = ['kiswahili', 'kiswahili-malawi', 'kujifunza', 'kimasai'];
const THEMES = ['one_move', 'short', 'long', 'capture_chain', 'takasa', 'kichwa', 'nyumba', 'safari', 'defence', 'opening', 'endgame'];
const VARIANT_KEY = 'bao.puzzleVariant';
const THEME_KEY = 'bao.puzzleTheme';
/** This browser's own progress when it has no player: `{ rating, counts, themes, streak, best_streak }`. */
const PROGRESS_KEY = 'bao.puzzleProgress';
/** The first puzzle of a streak is rated about this, each next one this much harder. */
const STREAK_START = 1000;
const STREAK_STEP = 60;

/**
 * What the page shows: the puzzle, the position on the board with its analysis, and how far the learner is;
 * `reported` once this try was sent, `hinted` when a hint was shown (a solve with a hint is not rated).
 */
const s = { puzzle: null, pos: null, analysis: null, step: 0, state: 'playing', busy: false, hint: null, reported: false, hinted: false };

/** The progress shown: the player's (from the server) or this browser's. */
let progress = emptyProgress();
/** The streak going on in streak mode (a browser's and a player's alike: the page counts it). */
let streak = 0;

function emptyProgress() {
  return { rating: { rating: 1500, deviation: 350, volatility: 0.06 }, counts: { solved: 0, failed: 0 }, themes: {}, streak: 0, best_streak: 0 };
}

function readLocal() {
  try {
    const v = JSON.parse(localStorage.getItem(PROGRESS_KEY) || 'null');
    if (v && typeof v === 'object' && v.rating && Number.isFinite(v.rating.rating)) return { ...emptyProgress(), ...v };
  } catch {
    /* unreadable: start again */
  }
  return emptyProgress();
}

function saveLocal() {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    /* private mode: not kept */
  }
}

const mode = () => /** @type {HTMLSelectElement} */ ($('select[name=mode]')).value;

const board = new Board($('[data-role=board]'), { onPit: (pit) => pickPit(pit), onArrow: () => {} });
const animation = new MoveAnimation(board, { play() {} });

/** The legal moves of the position shown, by start pit. */
function legalByPit() {
  const map = new Map();
  if (s.state !== 'playing' || s.busy || !s.analysis) return map;
  for (const m of s.analysis.legal) {
    const pit = movePit(m.move);
    map.set(pit, [...(map.get(pit) || []), m.move]);
  }
  return map;
}

function render() {
  if (!s.pos) return;
  const legal = legalByPit();
  board.render(s.pos, { legal, seat: s.puzzle.position.to_move, turn: s.pos.to_move, selected: s.hint || undefined });
  for (const g of /** @type {NodeListOf<SVGElement>} */ (document.querySelectorAll('[data-hint]'))) delete g.dataset.hint;
  if (s.hint) document.querySelector(`[data-pit="${s.hint}"]`)?.setAttribute('data-hint', '');
  const p = s.puzzle;
  const m = p.mistake;
  $('[data-role=puzzle-task]').textContent = m
    ? t(m.goal === 'win' ? 'puzzles.mistakeTaskWin' : 'puzzles.mistakeTask', { move: m.played })
    : t('puzzles.task', { side: t(`side.${p.position.to_move}`), n: p.depth });
  const themes = (p.themes || []).map((th) => t(`puzzles.theme.${th}`)).join(', ');
  $('[data-role=puzzle-info]').textContent = m
    ? t('puzzles.mistakeInfo', { variant: t(`variant.${m.variant}`), ply: m.ply + 1 })
    : t('puzzles.info', { rating: Math.round(p.rating?.rating ?? 1500), themes });
  $('[data-role=mistake-from]').hidden = !m;
  $('[data-role=puzzles-about]').textContent = t(m ? 'puzzles.mistakeAbout' : 'puzzles.about');
  if (m) /** @type {HTMLAnchorElement} */ ($('a[data-role=mistake-game]')).href = `/g/${encodeURIComponent(m.game)}`;
  renderProgress();
  const result = $('[data-role=puzzle-result]');
  const over = s.state === 'solved' || s.state === 'failed';
  result.hidden = !over;
  if (over) {
    result.dataset.state = s.state;
    $('[data-role=puzzle-result-text]').textContent = m
      ? s.state === 'solved'
        ? t('puzzles.mistakeSolved', { move: p.solution[0], line: p.solution.join(' ') })
        : t('puzzles.mistakeFailed')
      : s.state === 'solved'
        ? t('puzzles.solved')
        : t('puzzles.failed', { move: p.solution[s.step] });
  } else delete result.dataset.state;
  $('[data-action=retry-puzzle]').hidden = s.state !== 'failed';
  $('input[data-role=move-input]').disabled = s.state !== 'playing' || s.busy;
  // A mistake's answer stays on the server until it is found: no hint, and its line is shown once solved.
  $('button[data-action=hint]').disabled = s.state !== 'playing' || s.busy || !!m;
  $('button[data-action=replay]').disabled = !!m && s.state !== 'solved';
  $('[data-role=puzzle]').toggleAttribute('data-mistake', !!m);
}

/** The solver's rating, counts by theme and streaks. */
function renderProgress() {
  $('[data-role=puzzle-rating]').textContent = String(Math.round(progress.rating.rating));
  $('[data-role=puzzle-counts]').textContent = t('puzzles.counts', { solved: progress.counts.solved, failed: progress.counts.failed });
  $('[data-role=best-streak]').textContent = t('puzzles.bestStreak', { n: progress.best_streak });
  const box = $('[data-role=streak]');
  box.hidden = mode() !== 'streak';
  box.dataset.streak = String(streak);
  box.textContent = t('puzzles.streakNow', { n: streak });
  const table = $('[data-role=theme-progress]');
  const rows = THEMES.filter((th) => progress.themes[th]).map((th) => {
    const tr = document.createElement('tr');
    tr.dataset.theme = th;
    for (const text of [t(`puzzles.theme.${th}`), progress.themes[th].solved, progress.themes[th].failed]) {
      const td = document.createElement('td');
      td.textContent = String(text);
      tr.append(td);
    }
    return tr;
  });
  table.querySelector('tbody').replaceChildren(...rows);
  table.hidden = rows.length === 0;
  $('[data-role=progress-where]').textContent = currentPlayer() ? t('puzzles.keptPlayer') : t('puzzles.keptBrowser');
}

/** Reports this try once (solved or failed) and takes the ratings it answers. */
async function report(solved) {
  // A mistake of the player's own is not rated: the server keeps whether it was solved (tryMistake).
  if (s.reported || !s.puzzle || s.puzzle.mistake) return;
  s.reported = true;
  if (mode() === 'streak') {
    streak = solved ? streak + 1 : 0;
  }
  // A solve helped by a hint is not rated (a miss still is).
  if (solved && s.hinted) return;
  const player = currentPlayer();
  try {
    const body = { solved, streak: mode() === 'streak', ...(player ? {} : { rating: progress.rating }) };
    const a = await reportAttempt(s.puzzle.id, body);
    s.puzzle.rating = a.puzzle;
    if (a.progress) progress = a.progress;
    else if (!player && a.rated) {
      progress.rating = a.rating;
      progress.counts[solved ? 'solved' : 'failed'] += 1;
      for (const th of s.puzzle.themes || []) {
        const c = (progress.themes[th] ||= { solved: 0, failed: 0 });
        c[solved ? 'solved' : 'failed'] += 1;
      }
    }
    if (!player) {
      if (mode() === 'streak') progress.streak = streak;
      progress.best_streak = Math.max(progress.best_streak, streak);
      saveLocal();
    }
  } catch {
    /* not rated this time: the puzzle goes on all the same */
  }
  render();
}

function say(text) {
  $('[data-role=status]').textContent = text;
}

function explain(text) {
  const why = $('[data-role=why]');
  why.textContent = text;
  why.hidden = !text;
}

/** Shows the move `mv` of the position shown (animated from its trace) and makes its result the position shown. */
async function show(mv) {
  const found = s.analysis.legal.find((m) => m.move === mv);
  const by = s.pos.to_move;
  await animation.play(s.pos, { ply: s.step, by, move: mv, trace: found.trace, position: found.position }, s.puzzle.position.to_move, () => false);
  s.pos = found.position;
  return found;
}

/** The learner plays `mv`: right (the solution's move), wrong but legal (the puzzle is failed), or not legal. */
async function play(mv) {
  if (s.state !== 'playing' || s.busy || !s.analysis) return;
  explain('');
  if (!s.analysis.legal.some((m) => m.move === mv)) {
    const code = s.analysis.blocked[movePit(mv)] || 'not_legal';
    explain(reasonText(code, s.analysis.legal.map((m) => m.move), movePit(mv)));
    return;
  }
  s.busy = true;
  s.hint = null;
  $('[data-role=choices]').replaceChildren();
  render();
  try {
    let right = mv === s.puzzle.solution[s.step];
    if (s.puzzle.mistake) {
      // The server judges a mistake's move (the review's better move, or one the proof shows wins as well).
      const a = await tryMistake(s.puzzle.id, mv);
      right = a.solved;
      if (right) Object.assign(s.puzzle, { mistake: a.mistake, solution: a.mistake.line.length ? a.mistake.line : [mv] });
    }
    await show(mv);
    // The end is told once, in the result box under the board (announced as the status: `role=status`).
    if (!right) {
      s.state = 'failed';
      say(mode() === 'streak' ? t('puzzles.streakOver', { n: streak }) : '');
      report(false);
      return;
    }
    s.step += 1;
    if (s.step >= s.puzzle.solution.length || s.puzzle.mistake) {
      s.state = 'solved';
      say('');
      report(true);
      return;
    }
    // The defender's reply, from the solution.
    s.analysis = await analyse(s.pos);
    const reply = s.puzzle.solution[s.step];
    await show(reply);
    s.step += 1;
    say(t('puzzles.reply', { move: reply }));
    s.analysis = await analyse(s.pos);
  } catch {
    say(t('puzzles.error'));
  } finally {
    s.busy = false;
    render();
  }
}

/** A click on a pit: its one move is played; with several (direction, safari) the learner picks one. */
function pickPit(pit) {
  const moves = legalByPit().get(pit);
  const box = $('[data-role=choices]');
  if (!moves) {
    if (s.analysis && s.state === 'playing' && !s.busy) {
      explain(reasonText(s.analysis.blocked[pit] || 'not_legal', s.analysis.legal.map((m) => m.move), pit));
    }
    return;
  }
  if (moves.length === 1) return play(moves[0]);
  box.replaceChildren(
    ...moves.map((mv) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = mv;
      b.dataset.move = mv;
      b.addEventListener('click', () => play(mv));
      return b;
    }),
  );
}

/** Plays the whole solution from the puzzle's position, each move told step by step. */
async function replay() {
  if (s.busy || !s.puzzle) return;
  s.busy = true;
  // Once the solution is shown the puzzle is over, neither solved nor failed (a miss for the ratings).
  if (s.state === 'playing') {
    s.state = 'shown';
    report(false);
  }
  const box = $('[data-role=narration]');
  box.replaceChildren();
  s.pos = s.puzzle.position;
  s.step = 0;
  render();
  try {
    for (const mv of s.puzzle.solution) {
      s.analysis = await analyse(s.pos);
      const by = s.pos.to_move;
      const found = await show(mv);
      const li = document.createElement('p');
      li.textContent = `${t(`side.${by}`)} ${mv}: ${narrate(found.trace).join(' ')}`;
      box.append(li);
      s.step += 1;
      board.render(s.pos, { seat: s.puzzle.position.to_move });
    }
  } catch {
    say(t('puzzles.error'));
  } finally {
    s.busy = false;
    render();
  }
}

/** The same puzzle again from its start, after a failure. */
async function retry() {
  if (s.busy || !s.puzzle || s.state !== 'failed') return;
  s.busy = true;
  Object.assign(s, { pos: s.puzzle.position, step: 0, state: 'playing', hint: null });
  $('[data-role=narration]').replaceChildren();
  $('[data-role=choices]').replaceChildren();
  explain('');
  try {
    s.analysis = await analyse(s.pos);
    say(t('puzzles.yourMove'));
  } catch {
    say(t('puzzles.error'));
  } finally {
    s.busy = false;
    render();
    /** @type {HTMLElement | null} */ (document.querySelector('[data-role=board]'))?.focus();
  }
}

/**
 * Shows a puzzle fetched by `get` (a puzzle of the files, or a mistake of the player's as one), its address
 * becoming `query` of it; `failed` is said when it cannot be had.
 * @param {() => Promise<any>} get @param {(p: any) => string} query @param {string} failed
 */
async function showPuzzle(get, query, failed) {
  s.busy = true;
  try {
    const p = await get();
    Object.assign(s, { puzzle: p, pos: p.position, step: 0, state: 'playing', hint: null, reported: false, hinted: false });
    $('[data-role=puzzle]').dataset.themes = (p.themes || []).join(' ');
    s.analysis = await analyse(p.position);
    $('[data-role=puzzle]').dataset.id = p.id;
    $('select[name=variant]').value = p.variant;
    board.setView(p.position.to_move);
    $('[data-role=narration]').replaceChildren();
    $('[data-role=choices]').replaceChildren();
    explain('');
    say(t('puzzles.yourMove'));
    history.replaceState(null, '', `/puzzles?${query(p)}`);
  } catch {
    say(t(failed));
  } finally {
    s.busy = false;
    render();
  }
}

/** @param {{ id?: string, variant?: string, theme?: string, rating?: number, after?: string }} which */
const load = (which) => showPuzzle(() => fetchPuzzle(which), (p) => `id=${encodeURIComponent(p.id)}`, 'puzzles.error');

/** One of the player's own mistakes (`/puzzles?mistake=ID`, from the profile), shown as a puzzle. @param {string} id */
const loadMistake = (id) =>
  showPuzzle(
    async () => {
      const m = await fetchMistake(id);
      return { id: m.id, variant: m.variant, position: m.position, solution: m.line || [], depth: 1, themes: [], mistake: m };
    },
    (p) => `mistake=${encodeURIComponent(p.id)}`,
    'puzzles.mistakeMissing',
  );

/** After a mistake: the next one not solved yet, else the puzzles as usual. */
async function nextMistake() {
  try {
    const list = await fetchMistakes();
    const next = list.mistakes.find((m) => !m.solved && m.id !== s.puzzle?.id);
    if (next) return loadMistake(next.id);
  } catch {
    /* the usual puzzles, then */
  }
  if (s.puzzle) s.puzzle.mistake = null;
  return next();
}

function next() {
  const v = $('select[name=variant]').value;
  const theme = /** @type {HTMLSelectElement} */ ($('select[name=theme]')).value;
  try {
    localStorage.setItem(VARIANT_KEY, v);
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    /* private mode: not remembered */
  }
  // The next puzzle is another one, whatever the draw near the rating gives.
  const after = s.puzzle?.id;
  // A puzzle left unsolved counts as a miss before the next one.
  if (s.puzzle && s.state === 'playing' && s.step > 0) report(false);
  if (mode() === 'streak') {
    if (s.state === 'failed' || s.state === 'shown') streak = 0;
    return load({ variant: v, rating: STREAK_START + STREAK_STEP * streak, after });
  }
  // A player is matched by the server; a browser sends its own rating.
  return load({ variant: v, theme: theme || undefined, rating: currentPlayer() ? undefined : progress.rating.rating, after });
}

/** The progress of this browser's player (the server's), or this browser's own. */
async function loadProgress() {
  const player = currentPlayer();
  progress = readLocal();
  if (player) {
    try {
      progress = await fetchPuzzleProgress(player.id);
    } catch {
      /* shown from this browser until the server answers */
    }
  }
  if (s.puzzle) render();
}

function changeMode() {
  const streaking = mode() === 'streak';
  /** @type {HTMLSelectElement} */ ($('select[name=theme]')).disabled = streaking;
  streak = 0;
  return next();
}

function wire() {
  $('[data-role=move-form]').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('input[data-role=move-input]');
    const mv = input.value.trim();
    input.value = '';
    if (mv) play(mv);
  });
  $('[data-action=hint]').addEventListener('click', () => {
    if (s.state !== 'playing' || s.busy) return;
    s.hint = movePit(s.puzzle.solution[s.step]);
    s.hinted = true;
    say(t('puzzles.hintText', { pit: s.hint }));
    render();
  });
  $('[data-action=replay]').addEventListener('click', replay);
  $('[data-action=retry-puzzle]').addEventListener('click', retry);
  $('[data-action=next-puzzle]').addEventListener('click', () => (s.puzzle?.mistake ? nextMistake() : next()));
  $('select[name=variant]').addEventListener('change', next);
  $('select[name=theme]').addEventListener('change', next);
  $('select[name=mode]').addEventListener('change', changeMode);
  onPlayer(() => loadProgress());
  onLanguage(render);
}

async function main() {
  wire();
  await initPage();
  const params = new URLSearchParams(location.search);
  let saved = null;
  try {
    saved = localStorage.getItem(VARIANT_KEY);
  } catch {
    saved = null;
  }
  const variant = params.get('variant') || (VARIANTS.includes(saved) ? saved : 'kiswahili');
  let theme = params.get('theme');
  try {
    theme ??= localStorage.getItem(THEME_KEY);
  } catch {
    theme = null;
  }
  if (THEMES.includes(theme)) /** @type {HTMLSelectElement} */ ($('select[name=theme]')).value = theme;
  else theme = null;
  if (params.get('mode') === 'streak') /** @type {HTMLSelectElement} */ ($('select[name=mode]')).value = 'streak';
  await loadProgress();
  if (params.get('mistake')) await loadMistake(params.get('mistake'));
  else if (params.get('id')) await load({ id: params.get('id') });
  else if (mode() === 'streak') {
    /** @type {HTMLSelectElement} */ ($('select[name=theme]')).disabled = true;
    await load({ variant, rating: STREAK_START });
  } else await load({ variant, theme: theme || undefined, rating: currentPlayer() ? undefined : progress.rating.rating });
}

main();
