// The puzzles page /puzzles: a position where one move wins by force (GET /api/puzzles). The learner plays the
// winner's moves; the page answers with the defender's replies from the puzzle's `solution`. Every position and
// trace comes from the server (POST /api/analysis), so nothing here knows the rules: a move is right when it is
// the solution's, and legal when the server lists it.
import { $, initPage } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import { Board } from '/shared/board.js';
import { movePit } from '/shared/pits.js';
import { MoveAnimation } from '/shared/animation.js';
import { narrate } from '/shared/narration.js';
import { reasonText } from '/shared/why.js';
import { analyse, fetchPuzzle } from '/api.js';

const VARIANTS = ['kiswahili', 'kujifunza', 'kimasai'];
const VARIANT_KEY = 'bao.puzzleVariant';

/** What the page shows: the puzzle, the position on the board with its analysis, and how far the learner is. */
const s = { puzzle: null, pos: null, analysis: null, step: 0, state: 'playing', busy: false, hint: null };

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
  $('[data-role=puzzle-task]').textContent = t('puzzles.task', {
    side: t(`side.${p.position.to_move}`),
    n: p.depth,
  });
  const result = $('[data-role=puzzle-result]');
  const over = s.state === 'solved' || s.state === 'failed';
  result.hidden = !over;
  if (over) {
    result.dataset.state = s.state;
    $('[data-role=puzzle-result-text]').textContent = s.state === 'solved' ? t('puzzles.solved') : t('puzzles.failed', { move: p.solution[s.step] });
  } else delete result.dataset.state;
  $('[data-action=retry-puzzle]').hidden = s.state !== 'failed';
  $('input[data-role=move-input]').disabled = s.state !== 'playing' || s.busy;
  $('button[data-action=hint]').disabled = s.state !== 'playing' || s.busy;
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
    const right = mv === s.puzzle.solution[s.step];
    await show(mv);
    // The end is told once, in the result box under the board (announced as the status: `role=status`).
    if (!right) {
      s.state = 'failed';
      say('');
      return;
    }
    s.step += 1;
    if (s.step >= s.puzzle.solution.length) {
      s.state = 'solved';
      say('');
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
  // Once the solution is shown the puzzle is over, neither solved nor failed.
  if (s.state === 'playing') s.state = 'shown';
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

/** @param {{ id?: string, variant?: string }} which */
async function load(which) {
  s.busy = true;
  try {
    const p = await fetchPuzzle(which);
    Object.assign(s, { puzzle: p, pos: p.position, step: 0, state: 'playing', hint: null });
    s.analysis = await analyse(p.position);
    $('[data-role=puzzle]').dataset.id = p.id;
    $('select[name=variant]').value = p.variant;
    board.setView(p.position.to_move);
    $('[data-role=narration]').replaceChildren();
    $('[data-role=choices]').replaceChildren();
    explain('');
    say(t('puzzles.yourMove'));
    history.replaceState(null, '', `/puzzles?id=${encodeURIComponent(p.id)}`);
  } catch {
    say(t('puzzles.error'));
  } finally {
    s.busy = false;
    render();
  }
}

function next() {
  const v = $('select[name=variant]').value;
  try {
    localStorage.setItem(VARIANT_KEY, v);
  } catch {
    /* private mode: not remembered */
  }
  return load({ variant: v });
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
    say(t('puzzles.hintText', { pit: s.hint }));
    render();
  });
  $('[data-action=replay]').addEventListener('click', replay);
  $('[data-action=retry-puzzle]').addEventListener('click', retry);
  $('[data-action=next-puzzle]').addEventListener('click', next);
  $('select[name=variant]').addEventListener('change', next);
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
  await load(params.get('id') ? { id: params.get('id') } : { variant });
}

main();
