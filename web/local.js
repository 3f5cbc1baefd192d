// /local: a game against the computer played entirely in this browser (issue 35), with or without a network. The
// rules and the computer's moves come from the engine in the browser (web/engine/engine.js: bao-core and bao-ai as
// WebAssembly, in a Web Worker); the board, move picker and animation are the game page's (web/shared/play-board.js).
// The game is kept in localStorage (web/shared/local-games.js) after every move, so a reload resumes it, and the
// home page lists it among this browser's games. Once it is over it can be sent to the server (POST
// /api/games/import), which replays the moves, stores the game, and reviews it like any other (/g/ID).
//
// Draws by repetition and by the move limit are the server's rules (bao-core's DrawWatch), counted here the same
// way: a position standing for the third time, or the 2000th move.
import { $, initPage } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import { PlayBoard } from '/shared/play-board.js';
import { renderMoveList } from '/game/move-list.js';
import { moveMarks } from '/shared/narration.js';
import { resultHeading, resultDetail, stageText, capturesLine } from '/shared/words.js';
import { storeToken } from '/shared/store.js';
import { importGame, localEngine } from '/api.js';
import { localGames, loadLocalGame, saveLocalGame, newLocalId, toMove } from '/shared/local-games.js';

/** bao-core's REPETITION_LIMIT and MOVE_LIMIT (crates/bao-core/src/draw.rs). */
const REPETITION_LIMIT = 3;
const MOVE_LIMIT = 2000;
// The computer's levels as the home page and the server name them: 1 to 8, with 2, 5 and 8 also easy, medium, hard.
const LEVELS = ['1', 'easy', '3', '4', 'medium', '6', '7', 'hard'];

/** A level in words ("medium", "level 3"), for the title and the seats. */
const levelWords = (/** @type {string} */ level) =>
  /^\d$/.test(level) ? t('local.level.n', { k: level }) : t(`local.level.${level}`);

/** The chooser's options in the page's language: "Level 5 · Medium", "Level 3". */
function labelLevels() {
  for (const o of /** @type {HTMLSelectElement} */ ($('select[name=level]')).options) {
    const k = o.dataset.level;
    o.textContent = /^\d$/.test(o.value) ? t('local.levelOption', { k }) : t('local.levelNamed', { k, name: t(`local.option.${o.value}`) });
  }
}
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];

/** @type {any} the engine module (web/engine/engine.js) */
let engine = null;
/** @type {import('/shared/local-games.js').LocalGame | null} */
let game = null;
/** The number of moves of the position looked at, or null for the live board. */
let browsing = null;
/** Bumped whenever another game is shown: a computer move of the game before is then dropped. */
let generation = 0;

const board = new PlayBoard({ onMove: (m) => record(m.move, m.position, m.trace), onError: engineFailed });

const other = (/** @type {string} */ side) => (side === 'south' ? 'north' : 'south');
const last = () => /** @type {any} */ (game).positions[/** @type {any} */ (game).positions.length - 1];
/** A position as the repetition rule compares it (the stage is a label, not part of it). */
const key = (/** @type {any} */ p) => JSON.stringify({ ...p, stage: undefined });

/** What web/shared/words.js and the move list read: the game as the game page's state has it. */
function wordsState() {
  const g = /** @type {import('/shared/local-games.js').LocalGame} */ (game);
  const seats = { [g.seat]: { kind: 'human' }, [other(g.seat)]: { kind: 'computer' } };
  return {
    game: { variant: g.variant, status: g.result ? 'finished' : 'playing', seats, level: g.level, result: g.result, position: last(), moves: g.moves },
    you: g.seat,
    browsing,
    shownPly: () => (browsing === null ? g.moves.length : browsing),
  };
}

function engineFailed(/** @type {any} */ e) {
  $('[data-role=move-error]').textContent = t('local.engineFailed', { message: (e && e.message) || String(e) });
}

/** Shows the setup form (no game under way). */
function showSetup() {
  game = null;
  generation++;
  $('[data-role=loading]').hidden = true;
  $('[data-role=game]').hidden = true;
  $('[data-role=setup]').hidden = false;
  document.body.dataset.turn = 'none';
  history.replaceState(null, '', '/local');
}

async function startGame() {
  const variant = /** @type {HTMLSelectElement} */ ($('select[name=variant]')).value;
  const level = /** @type {HTMLSelectElement} */ ($('select[name=level]')).value;
  const chosen = /** @type {HTMLSelectElement} */ ($('select[name=seat]')).value;
  const seat = chosen === 'south' || chosen === 'north' ? chosen : Math.random() < 0.5 ? 'south' : 'north';
  const start = await engine.start(variant);
  const now = Date.now();
  /** @type {import('/shared/local-games.js').LocalGame} */
  const g = {
    id: newLocalId(),
    variant,
    level,
    seat,
    seed: Math.floor(Math.random() * 2 ** 31),
    created: now,
    updated: now,
    positions: [start],
    moves: [],
    result: null,
    uploaded: null,
  };
  saveLocalGame(g);
  open(g);
}

/** Shows game `g` and goes on with it. */
function open(/** @type {import('/shared/local-games.js').LocalGame} */ g) {
  game = g;
  browsing = null;
  generation++;
  history.replaceState(null, '', `/local?id=${encodeURIComponent(g.id)}`);
  $('[data-role=loading]').hidden = true;
  $('[data-role=setup]').hidden = true;
  $('[data-role=game]').hidden = false;
  document.body.dataset.seat = g.seat;
  board.seat = g.seat;
  board.board.setView(g.seat);
  next();
}

/** The marks of the last move on the board (start, sown, captures), from its trace when this page has it. */
let lastMarks = new Map();

/** Goes on from the game's last position: the player's turn, the computer's, or the end. */
async function next() {
  const g = /** @type {import('/shared/local-games.js').LocalGame} */ (game);
  const mine = generation;
  const pos = last();
  render();
  if (g.result) {
    board.state.set(pos, null);
    board.state.locked = true;
    board.render();
    return;
  }
  if (pos.to_move === g.seat) {
    let answer;
    try {
      answer = await engine.analyse(pos);
    } catch (e) {
      engineFailed(e);
      return;
    }
    if (mine !== generation) return;
    await board.show(pos, answer, lastMarks);
    render();
    return;
  }
  // The computer's turn: its move from the engine, shown like the player's.
  board.state.set(pos, null);
  board.state.locked = true;
  board.last = lastMarks;
  board.render();
  $('[data-role=thinking]').hidden = false;
  let m;
  try {
    m = await engine.computerMove(pos, g.level, (g.seed + g.moves.length) % 2 ** 31);
  } catch (e) {
    engineFailed(e);
    return;
  } finally {
    $('[data-role=thinking]').hidden = true;
  }
  if (mine !== generation || !m || !m.move) return;
  board.state.animating = true;
  document.body.dataset.animating = '';
  try {
    await board.animation.play(pos, { move: m.move, by: pos.to_move, position: m.position, trace: m.trace, ply: g.moves.length }, g.seat, () => false);
  } finally {
    board.state.animating = false;
    delete document.body.dataset.animating;
  }
  if (mine !== generation) return;
  record(m.move, m.position, m.trace);
}

/** Adds a move to the game (the player's or the computer's), works out whether it ended the game, keeps it. */
function record(/** @type {string} */ move, /** @type {any} */ position, /** @type {any[]} */ trace) {
  const g = /** @type {import('/shared/local-games.js').LocalGame} */ (game);
  const by = last().to_move;
  g.moves.push(move);
  g.positions.push(position);
  lastMarks = moveMarks(move, trace);
  if (position.result) g.result = { winner: position.result.winner, reason: position.result.reason };
  else if (g.positions.filter((p) => key(p) === key(position)).length >= REPETITION_LIMIT) g.result = { winner: null, reason: 'repetition' };
  else if (g.moves.length >= MOVE_LIMIT) g.result = { winner: null, reason: 'move_limit' };
  if (!saveLocalGame(g)) $('[data-role=move-error]').textContent = t('local.notKept');
  const who = by === g.seat ? t('game.playedYou', { move }) : t('game.played', { side: t(`side.${by}`), move });
  announce([who, capturesLine({ trace }, g.variant)].filter(Boolean).join(' '));
  next();
}

let said = '';
function announce(/** @type {string} */ text) {
  said = text;
}

/** Draws everything but the board (PlayBoard draws it). */
function render() {
  const g = game;
  if (!g) return;
  const st = wordsState();
  const pos = last();
  const turn = g.result ? 'none' : pos.to_move === g.seat ? 'you' : 'opponent';
  document.body.dataset.turn = turn;
  $('[data-role=local-title]').textContent = `${t(`variant.${g.variant}`)} · ${t('local.vsComputer', { level: levelWords(g.level) })}`;
  const stage = $('[data-role=stage]');
  stage.textContent = stageText(pos);
  stage.hidden = !stage.textContent;
  const name = (/** @type {string} */ side) =>
    side === g.seat ? `${t(`side.${side}`)} (${t('you')})` : `${t(`side.${side}`)} (${t('computer')}, ${levelWords(g.level)})`;
  const top = other(g.seat);
  $('[data-role=player-top] .pname').textContent = name(top);
  $('[data-role=player-bottom] .pname').textContent = name(g.seat);
  const line = g.result
    ? `${resultHeading(st)} ${resultDetail(st)}`
    : turn === 'you'
      ? t('game.yourTurn', { side: t(`side.${g.seat}`) })
      : t('game.toMove', { side: name(pos.to_move) });
  const status = $('[data-role=status]');
  const text = [said, line].filter(Boolean).join(' ');
  if (status.textContent !== text) status.textContent = text;
  said = '';
  // The result, and what can be done with a finished game.
  const result = $('[data-role=result]');
  result.hidden = !g.result;
  if (g.result) {
    if (g.result.winner) result.dataset.winner = g.result.winner;
    else delete result.dataset.winner;
    $('[data-role=result-title]').textContent = resultHeading(st);
    $('[data-role=result-detail]').textContent = resultDetail(st);
  }
  const up = /** @type {HTMLButtonElement} */ ($('[data-action=upload]'));
  up.hidden = !g.result || !!g.uploaded;
  const link = /** @type {HTMLAnchorElement} */ ($('a[data-role=review-link]'));
  link.hidden = !g.uploaded;
  if (g.uploaded) link.href = `/g/${encodeURIComponent(g.uploaded)}`;
  $('[data-action=resign]').hidden = !!g.result || g.moves.length === 0;
  if (g.result) $('[data-role=confirm-resign]').hidden = true;
  const input = /** @type {HTMLElement} */ ($('[data-role=move-form]'));
  input.hidden = !!g.result;
  renderMoveList(st, browse);
  $('[data-role=viewing]').hidden = browsing === null;
  if (browsing !== null) $('[data-role=viewing-text]').textContent = t('local.viewing', { n: browsing });
}

/** Shows the position after `ply` moves (read only), or the live board. */
function browse(/** @type {number} */ ply) {
  const g = game;
  if (!g || board.state.animating) return;
  ply = Math.max(0, Math.min(g.moves.length, ply));
  if (ply === g.moves.length) {
    browsing = null;
    next();
    return;
  }
  browsing = ply;
  board.picker.reset();
  board.state.set(g.positions[ply], null);
  board.state.locked = true;
  board.last = new Map();
  board.render();
  render();
}

function resign() {
  const g = game;
  if (!g || g.result) return;
  g.result = { winner: other(g.seat), reason: 'resign' };
  saveLocalGame(g);
  generation++;
  next();
}

/** Sends the finished game to the server, which stores it for a review; its seat token is kept as for any game. */
async function upload() {
  const g = game;
  if (!g || !g.result || g.uploaded) return;
  const btn = /** @type {HTMLButtonElement} */ ($('[data-action=upload]'));
  const note = $('[data-role=upload-status]');
  btn.disabled = true;
  note.textContent = t('local.uploading');
  try {
    const body = { variant: g.variant, seat: g.seat, level: g.level, start: g.positions[0], moves: g.moves };
    if (g.result.reason === 'resign') Object.assign(body, { result: g.result });
    const made = await importGame(body);
    storeToken(made.id, made.token, made.seat, true);
    g.uploaded = made.id;
    saveLocalGame(g);
    note.textContent = t('local.uploaded');
  } catch (e) {
    note.textContent = e && e.code === 'network' ? t('local.uploadOffline') : t('local.uploadFailed', { message: (e && e.message) || '' });
  } finally {
    btn.disabled = false;
    render();
  }
}

function wire() {
  $('[data-action=start-local]').addEventListener('click', () => startGame().catch(engineFailed));
  $('[data-action=new-local]').addEventListener('click', showSetup);
  $('[data-action=upload]').addEventListener('click', upload);
  $('[data-action=live]').addEventListener('click', () => browse(Infinity));
  const confirm = $('[data-role=confirm-resign]');
  $('[data-action=resign]').addEventListener('click', () => {
    confirm.hidden = false;
    /** @type {HTMLElement} */ ($('[data-action=cancel-resign]')).focus();
  });
  $('[data-action=cancel-resign]').addEventListener('click', () => {
    confirm.hidden = true;
  });
  $('[data-action=confirm-resign]').addEventListener('click', () => {
    confirm.hidden = true;
    resign();
  });
  const params = new URLSearchParams(location.search);
  const v = params.get('variant');
  if (v && VARIANTS.includes(v)) /** @type {HTMLSelectElement} */ ($('select[name=variant]')).value = v;
  const l = params.get('level');
  if (l && LEVELS.includes(l)) /** @type {HTMLSelectElement} */ ($('select[name=level]')).value = l;
  onLanguage(() => {
    labelLevels();
    if (game) render();
  });
}

async function main() {
  wire();
  await initPage();
  engine = await localEngine();
  if (!engine) {
    $('[data-role=loading]').hidden = true;
    $('[data-role=unsupported]').hidden = false;
    return;
  }
  // ?id=ID: that game; ?variant=V (from the home page): a new game's form; else the last game under way, if any.
  const params = new URLSearchParams(location.search);
  const id = params.get('id');
  const kept = id ? loadLocalGame(id) : params.has('variant') ? null : localGames().find((g) => toMove(g) !== null);
  if (kept) open(kept);
  else showSetup();
}

main();
