// The analysis board /analysis?variant=V (also &position=JSON, #position=JSON, or ?game=ID for a game's position):
// any legal move of either side can be played, the line stepped back and forth, each move told step by step, and
// the computer asked for its evaluation, its best line and the two next-best moves. A board editor
// ([data-action=edit]) sets up any position: seeds added and taken away pit by pit, the hands, the side to move,
// any game's start or a game's position. Every position's moves, results and reasons come from the server (POST
// /api/analysis); a set-up or pasted position is checked there too, and bao-core's message is shown when it is
// refused. Start positions come from web/rules-data.js, which crates/bao-core/tests/rules_pages.rs checks against
// the engine. Export: the position as JSON, the moves played as notation, and a link that opens the same board.
import { $, initPage } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import RULES from '/rules-data.js';
import { narrationList } from '/shared/narration.js';
import { stageText } from '/shared/words.js';
import { analyse, fetchSnapshot, localEngine } from '/api.js';
import { PlayBoard, analysisErrorText } from '/shared/play-board.js';
import { findMove } from '/shared/analysed-state.js';

const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const START_FIGURE = { kujifunza: 'kuj-start', kiswahili: 'swa-start', 'kiswahili-malawi': 'mal-start', kimasai: 'mas-start' };
/** How long the computer thinks for its evaluation (the server allows up to 2000 ms), shared by its lines. */
const THINK_MS = 1500;
/** How many of the best moves the evaluation shows: the best line and the two next-best. */
const LINES = 3;
/** Scores beyond this are forced results: the server's 30,000 less the plies to the end (docs/protocol.md). */
const MATE = 30000;
const MATE_BOUND = 29000;
/** How a score (a front-row seed is worth about 10) maps to South's share of the bar: 10 seeds ahead is 84 %. */
const BAR_SCALE = 60;
/** How long after the last edit the set-up is sent to the server to be checked. */
const CHECK_MS = 250;
const SIDES = ['south', 'north'];

const params = new URLSearchParams(location.search);
let variant = VARIANTS.includes(params.get('variant')) ? params.get('variant') : 'kiswahili';
/** The line: the position it starts from, the moves played since, and how many of them are shown. */
let start = null;
let line = [];
let shown = 0;
/** Analyses of the line's positions, by index (0: the start), so that stepping back asks nothing again. */
let answers = [];
/** The editor: the position being set up (null when not editing), whether a click takes a seed away. */
let draft = null;
let removing = false;
/** Whether the draft was changed since editing began. */
let dirty = false;
let checkTimer = 0;
let checks = 0;
/** The last evaluation shown: the position and the server's answer (drawn again in another language). */
let evaluated = null;

const board = new PlayBoard({ onMove: played, onError: refused, onPit: (pit) => edited(pit, removing ? -1 : 1) });

const copy = (o) => JSON.parse(JSON.stringify(o));
const startPosition = (v) => copy(RULES.figures[START_FIGURE[v]].position);
const positionAt = (i) => (i === 0 ? start : line[i - 1].position);
const other = (side) => (side === 'south' ? 'north' : 'south');

function refused(e) {
  $('[data-role=position-error]').textContent = analysisErrorText(e);
}

/**
 * Starts a new line from `position` (`moves` already played from it, the board showing the position after `at` of
 * them); resolves to whether the server took it (else `onError` is told why).
 */
async function setUp(position, onError = refused, moves = [], at = 0) {
  const answer = await analyse(position).catch((e) => {
    onError(e);
    return null;
  });
  if (!answer) return false;
  $('[data-role=position-error]').textContent = '';
  start = position;
  if (VARIANTS.includes(position.variant)) variant = position.variant;
  line = moves;
  answers = [answer];
  await showAt(at);
  return true;
}

/** Shows the position after `i` moves of the line. */
async function showAt(i) {
  shown = Math.max(0, Math.min(line.length, i));
  const entry = shown > 0 ? line[shown - 1] : null;
  const marks = entry ? PlayBoard.marks(entry.move, entry.trace) : new Map();
  clearEvaluation();
  render();
  const answer = await board.show(positionAt(shown), answers[shown] || null, marks);
  if (answer) answers[shown] = answer;
  render();
}

/** A move played on the board: the line goes on from the position shown (a later line is dropped). */
function played(entry) {
  line = line.slice(0, shown);
  answers = answers.slice(0, shown + 1);
  line.push({ move: entry.move, by: entry.by, trace: entry.trace, position: entry.position });
  showAt(line.length);
}

/** Plays `moves` (one of the computer's lines) from the position shown, each as the server answers it. */
async function playLine(moves) {
  line = line.slice(0, shown);
  answers = answers.slice(0, shown + 1);
  for (const move of moves) {
    const here = line.length;
    const answer = answers[here] || (await analyse(positionAt(here)).catch(() => null));
    const entry = findMove(answer, move);
    if (!entry) break;
    answers[here] = answer;
    line.push({ move, by: positionAt(here).to_move, trace: entry.trace, position: entry.position });
  }
  await showAt(line.length);
}

function render() {
  const pos = draft || positionAt(shown);
  const tabs = $('[data-role=tabs]');
  tabs.replaceChildren(
    ...VARIANTS.map((v) => {
      const a = document.createElement('a');
      a.href = `/analysis?variant=${v}`;
      a.textContent = t(`variant.${v}`);
      if (v === variant) a.setAttribute('aria-current', 'page');
      return a;
    }),
  );
  const shownPos = draft || board.position() || pos;
  $('[data-role=stage]').textContent = draft ? '' : stageText(shownPos);
  $('[data-role=status]').textContent = pos.result
    ? t('result.wins', { side: t(`side.${pos.result.winner}`) })
    : t('analysis.toMove', { side: t(`side.${pos.to_move}`) });
  const text = $('textarea[name=position]');
  if (document.activeElement !== text) text.value = JSON.stringify(pos);
  renderMoves();
  renderNarration();
  renderEditor();
  const nav = draft ? () => true : (atEnd) => atEnd;
  $('button[data-action=first]').disabled = nav(shown === 0);
  $('button[data-action=back]').disabled = nav(shown === 0);
  $('button[data-action=forward]').disabled = nav(shown === line.length);
  $('button[data-action=last]').disabled = nav(shown === line.length);
  $('button[data-action=engine]').disabled = !!draft || !!pos.result;
  $('button[data-action=copy-line]').disabled = line.length === 0;
  /** @type {HTMLButtonElement} */ ($('[data-role=move-form] button')).disabled = !!draft;
  /** @type {HTMLInputElement} */ ($('[data-role=export-link]')).value = linkTo(pos);
  document.title = `${t('analysis.title')} · ${t(`variant.${variant}`)} · Bao`;
}

function renderMoves() {
  const list = $('[data-role=moves]');
  list.replaceChildren(
    ...line.map((m, i) => {
      const li = document.createElement('li');
      li.dataset.move = m.move;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.textContent = `${t(`side.${m.by}`)}: ${m.move}`;
      if (i === shown - 1) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => showAt(i + 1));
      li.append(b);
      return li;
    }),
  );
  $('[data-role=moves-empty]').hidden = line.length > 0;
}

function renderNarration() {
  const box = $('[data-role=narration]');
  const entry = shown > 0 && !draft ? line[shown - 1] : null;
  box.hidden = !entry;
  if (!entry) return box.replaceChildren();
  const head = document.createElement('p');
  head.className = 'narr-head';
  head.textContent = t('analysis.moveTitle', { n: shown, side: t(`side.${entry.by}`), move: entry.move });
  box.replaceChildren(head, narrationList(entry.trace));
}

// ---- The evaluation ----

/** A score for the side to move `toMove`, from South's side. */
const forSouth = (score, toMove) => (toMove === 'south' ? score : -score);

/** A score in words: who wins in how many of their moves for a forced result, else the seeds ahead for South. */
function scoreWords(score, toMove) {
  if (Math.abs(score) > MATE_BOUND) {
    const winner = score > 0 ? toMove : other(toMove);
    const n = Math.ceil((MATE - Math.abs(score)) / 2);
    return t('analysis.winsIn', { side: t(`side.${winner}`), n });
  }
  const seeds = forSouth(score, toMove) / 10;
  const text = Math.abs(seeds) < 0.05 ? '0.0' : `${seeds > 0 ? '+' : '−'}${Math.abs(seeds).toFixed(1)}`;
  return text;
}

/** South's share of the bar, in percent. */
function southShare(score, toMove) {
  const s = forSouth(score, toMove);
  if (Math.abs(s) > MATE_BOUND) return s > 0 ? 100 : 0;
  return Math.round(100 / (1 + Math.exp(-s / BAR_SCALE)));
}

function clearEvaluation() {
  if (stopSearch) endSearch();
  $('[data-role=engine-depth]').textContent = '';
  evaluated = null;
  const out = $('[data-role=best-move]');
  out.textContent = '';
  delete out.dataset.move;
  $('[data-role=eval]').hidden = true;
  $('[data-role=lines]').hidden = true;
  $('[data-role=lines]').replaceChildren();
}

/** Shows the computer's answer for `pos`: the bar, the evaluation in words, the best move and the lines. */
function showEvaluation(pos, answer) {
  const out = $('[data-role=best-move]');
  if (!answer.best) {
    out.textContent = t('analysis.noBest');
    return;
  }
  evaluated = { pos, answer };
  const { score, move } = answer.best;
  const share = southShare(score, pos.to_move);
  const box = $('[data-role=eval]');
  box.hidden = false;
  box.dataset.score = String(forSouth(score, pos.to_move));
  const bar = $('[data-role=eval-bar]');
  /** @type {HTMLElement} */ (bar.querySelector('.south-share')).style.width = `${share}%`;
  bar.dataset.south = String(share);
  bar.setAttribute('aria-label', t('analysis.bar', { south: share, north: 100 - share }));
  $('[data-role=eval-words]').textContent = scoreWords(score, pos.to_move);
  out.dataset.move = move;
  out.textContent = t('analysis.best', { move });
  const lines = answer.lines || [{ move, score, line: [move] }];
  const list = $('[data-role=lines]');
  list.hidden = false;
  list.replaceChildren(
    ...lines.map((l) => {
      const li = document.createElement('li');
      li.dataset.role = 'line';
      li.dataset.move = l.move;
      const words = document.createElement('span');
      words.className = 'line-eval';
      words.textContent = scoreWords(l.score, pos.to_move);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'line-moves';
      b.textContent = l.line.join(' ');
      b.title = t('analysis.playLine');
      b.addEventListener('click', () => playLine(l.line));
      li.append(words, b);
      return li;
    }),
  );
}

/** Stops the search under way in this browser, if any (set while one runs). */
let stopSearch = null;

/**
 * Asks the computer for its evaluation and lines in the position shown. With the engine in this browser
 * (web/engine/) the search goes on deeper and deeper, each depth shown, for as long as the position stays and the
 * button is not pressed again; without it, the server searches for THINK_MS.
 */
async function engine() {
  if (stopSearch) return endSearch();
  const pos = positionAt(shown);
  const out = $('[data-role=best-move]');
  const button = $('button[data-action=engine]');
  clearEvaluation();
  out.textContent = t('analysis.thinking');
  const local = await localEngine();
  if (local) {
    button.dataset.searching = '';
    button.dataset.i18n = 'analysis.stop';
    button.textContent = t('analysis.stop');
    stopSearch = local.deepen(
      pos,
      LINES,
      (answer) => {
        if (positionAt(shown) !== pos || draft) return;
        showEvaluation(pos, answer);
        const depth = answer.best ? answer.best.depth : 0;
        $('[data-role=engine-depth]').textContent = depth ? t('analysis.depth', { depth }) : '';
        $('[data-role=engine-depth]').dataset.depth = String(depth);
      },
      (e) => {
        endSearch();
        out.textContent = analysisErrorText(e);
      },
      endSearch,
    );
    return;
  }
  button.disabled = true;
  try {
    const answer = await analyse(pos, THINK_MS, LINES);
    if (positionAt(shown) !== pos || draft) return;
    showEvaluation(pos, answer);
  } catch (e) {
    out.textContent = analysisErrorText(e);
  } finally {
    button.disabled = !!draft || !!positionAt(shown).result;
  }
}

/** Ends the search in this browser (what it found stays shown). */
function endSearch() {
  stopSearch?.();
  stopSearch = null;
  const button = $('button[data-action=engine]');
  delete button.dataset.searching;
  button.dataset.i18n = 'analysis.ask';
  button.textContent = t('analysis.ask');
}

// ---- The editor ----

/** Starts or ends editing: ending sets the position up when the server takes it, and else says why not. */
async function toggleEdit() {
  if (!draft) {
    draft = copy(positionAt(shown));
    dirty = false;
    removing = false;
    board.picker.reset();
    board.explain('');
    clearEvaluation();
    $('[data-role=setup-error]').textContent = '';
    render();
    drawDraft();
    return;
  }
  clearTimeout(checkTimer);
  const check = ++checks;
  const set = draft;
  $('[data-role=setup-error]').textContent = '';
  const say = (e) => {
    if (check === checks) $('[data-role=setup-error]').textContent = analysisErrorText(e);
  };
  if (dirty && !(await setUp(copy(set), say))) return;
  if (draft !== set) return;
  draft = null;
  render();
  board.render();
}

/** A pit's seeds changed by `by` (1 or -1) while editing; not editing, the click is the move picker's. */
function edited(pit, by) {
  if (!draft) return false;
  const side = pit[0] === 'A' || pit[0] === 'B' ? 'south' : 'north';
  const row = pit[0] === 'A' || pit[0] === 'a' ? 'front' : 'back';
  const i = Number(pit.slice(1)) - 1;
  const pits = draft[side][row];
  pits[i] = Math.max(0, pits[i] + by);
  changed();
  return true;
}

/** The draft changed: drawn again, and checked by the server once the edits pause. */
function changed() {
  dirty = true;
  draft.result = null;
  render();
  drawDraft();
  clearTimeout(checkTimer);
  const pos = copy(draft);
  const check = ++checks;
  checkTimer = setTimeout(async () => {
    let message = '';
    try {
      await analyse(pos);
    } catch (e) {
      message = analysisErrorText(e);
    }
    if (check === checks && draft) $('[data-role=setup-error]').textContent = message;
  }, CHECK_MS);
}

/** The draft on the board: every pit takes clicks (and the keyboard), both hands shown where the game has them. */
function drawDraft() {
  if (!draft) return;
  const all = new Map([...board.board.pits.keys()].map((p) => [p, []]));
  board.board.render(draft, { legal: all, seat: 'none', turn: draft.to_move, hands: draft.variant !== 'kujifunza' });
  const host = $('[data-role=board]');
  host.dataset.legal = '';
  host.dataset.editing = removing ? 'remove' : 'add';
}

function renderEditor() {
  const box = $('[data-role=editor]');
  box.hidden = !draft;
  $('[data-role=engine-panel]').hidden = !!draft;
  const edit = $('[data-action=edit]');
  edit.setAttribute('aria-pressed', String(!!draft));
  edit.textContent = t(draft ? 'analysis.editDone' : 'analysis.edit');
  if (!draft) {
    delete $('[data-role=board]').dataset.editing;
    return;
  }
  $('[data-action=remove-seed]').setAttribute('aria-pressed', String(removing));
  $('[data-role=editor-to-move]').textContent = t('analysis.toMove', { side: t(`side.${draft.to_move}`) });
  const kimasai = draft.variant === 'kimasai';
  // Kujifunza has no hands (nor does its board draw them).
  $('.editor-hands').hidden = draft.variant === 'kujifunza';
  for (const side of SIDES) {
    $(`[data-role=hand-label][data-side=${side}]`).textContent = t(kimasai ? 'analysis.reserveOf' : 'analysis.handOf', { side: t(`side.${side}`) });
    $(`[data-role=hand-count][data-side=${side}]`).textContent = String(draft[side].hand);
    /** @type {HTMLButtonElement} */ ($(`[data-action=hand-minus][data-side=${side}]`)).disabled = draft[side].hand === 0;
  }
  let total = 0;
  for (const side of SIDES) total += draft[side].hand + [...draft[side].front, ...draft[side].back].reduce((a, b) => a + b, 0);
  $('[data-role=seed-total]').textContent = t('analysis.seedTotal', { n: total });
  const select = $('select[name=setup-start]');
  select.replaceChildren(
    new Option(t('analysis.choose'), ''),
    ...VARIANTS.map((v) => new Option(t(`variant.${v}`), v)),
  );
}

/** The id of a game from its link (…/g/ID, ?game=ID) or the id itself. */
function gameId(text) {
  const s = text.trim();
  const m = s.match(/\/g\/([^/?#\s]+)/) || s.match(/[?&]game=([^&#\s]+)/);
  return m ? decodeURIComponent(m[1]) : s;
}

/** A game's current position, set up on the board (from the editor's field, or ?game=ID). */
async function openGame(id, say) {
  let snap = null;
  try {
    snap = id ? await fetchSnapshot(id) : null;
  } catch (e) {
    say(analysisErrorText(e));
    return false;
  }
  if (!snap || !snap.position) {
    say(t('analysis.noGame', { id }));
    return false;
  }
  return setUp(copy(snap.position), (e) => say(analysisErrorText(e)));
}

// ---- Export ----

/** A link that opens the board on `pos`. */
function linkTo(pos) {
  return `${location.origin}/analysis?variant=${encodeURIComponent(pos.variant)}#position=${encodeURIComponent(JSON.stringify(pos))}`;
}

/** The moves played from the start, as the move box reads them. */
const lineText = () => line.map((m) => m.move).join(' ');

async function copyText(text, done) {
  const said = $('[data-role=copied]');
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = t(done);
  } catch {
    said.textContent = t('share.copyFailed');
  }
}

async function main() {
  $('[data-action=first]').addEventListener('click', () => showAt(0));
  $('[data-action=back]').addEventListener('click', () => showAt(shown - 1));
  $('[data-action=forward]').addEventListener('click', () => showAt(shown + 1));
  $('[data-action=last]').addEventListener('click', () => showAt(line.length));
  $('[data-action=flip]').addEventListener('click', () => {
    board.board.setView(board.board.view === 'south' ? 'north' : 'south');
    if (draft) drawDraft();
    else board.render();
  });
  $('[data-action=engine]').addEventListener('click', engine);
  $('[data-role=position-form]').addEventListener('submit', pasted);
  $('[data-action=start-position]').addEventListener('click', () => (draft ? setDraft(startPosition(variant)) : setUp(startPosition(variant))));
  $('[data-action=edit]').addEventListener('click', toggleEdit);
  $('[data-action=edit-done]').addEventListener('click', toggleEdit);
  $('[data-action=remove-seed]').addEventListener('click', () => {
    removing = !removing;
    render();
    drawDraft();
  });
  $('[data-action=to-move]').addEventListener('click', () => {
    draft.to_move = other(draft.to_move);
    draft.takasia = null;
    changed();
  });
  for (const side of SIDES) {
    $(`[data-action=hand-plus][data-side=${side}]`).addEventListener('click', () => {
      draft[side].hand += 1;
      changed();
    });
    $(`[data-action=hand-minus][data-side=${side}]`).addEventListener('click', () => {
      draft[side].hand = Math.max(0, draft[side].hand - 1);
      changed();
    });
  }
  $('select[name=setup-start]').addEventListener('change', (e) => {
    const v = /** @type {HTMLSelectElement} */ (e.target).value;
    if (VARIANTS.includes(v)) setDraft(startPosition(v));
  });
  $('[data-role=game-form]').addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = gameId(/** @type {HTMLInputElement} */ ($('input[name=game]')).value);
    const say = (m) => ($('[data-role=setup-error]').textContent = m);
    const set = draft;
    ++checks;
    if ((await openGame(id, say)) && draft === set) {
      draft = null;
      render();
      board.render();
    }
  });
  // A right-click on a pit takes a seed away while editing; Delete or Backspace does on the pit with the focus.
  const host = $('[data-role=board]');
  host.addEventListener('contextmenu', (e) => {
    const pit = draft && /** @type {Element} */ (e.target).closest('[data-pit]');
    if (!pit) return;
    e.preventDefault();
    edited(pit.getAttribute('data-pit'), -1);
  });
  host.addEventListener('keydown', (e) => {
    const pit = draft && /** @type {Element} */ (e.target).closest('[data-pit]');
    if (!pit || (e.key !== 'Delete' && e.key !== 'Backspace' && e.key !== '-')) return;
    e.preventDefault();
    edited(pit.getAttribute('data-pit'), -1);
  });
  $('[data-action=copy-position]').addEventListener('click', () => copyText(JSON.stringify(draft || positionAt(shown)), 'analysis.copiedPosition'));
  $('[data-action=copy-line]').addEventListener('click', () => copyText(lineText(), 'analysis.copiedLine'));
  $('[data-action=copy-link]').addEventListener('click', () => copyText(/** @type {HTMLInputElement} */ ($('[data-role=export-link]')).value, 'analysis.copiedLink'));
  onLanguage(() => {
    if (!start) return;
    render();
    if (evaluated) showEvaluation(evaluated.pos, evaluated.answer);
    if (draft) drawDraft();
    else board.render();
  });
  await initPage();
  let first = startPosition(variant);
  const hash = new URLSearchParams(location.hash.slice(1));
  const given = hash.get('position') || params.get('position');
  if (given) {
    try {
      first = JSON.parse(given);
    } catch (err) {
      $('[data-role=position-error]').textContent = t('analysis.notJson', { message: err.message });
    }
  }
  const game = params.get('game');
  if (game) {
    let message = '';
    if (await openGame(game, (m) => (message = m))) return;
    await setUp(first);
    $('[data-role=position-error]').textContent = message;
    return;
  }
  if (await setUp(first)) return;
  // The position given was refused: its message stays, and the board starts from the beginning.
  const message = $('[data-role=position-error]').textContent;
  await setUp(startPosition(variant));
  $('[data-role=position-error]').textContent = message;
}

/** While editing: the draft becomes `pos` (a game's start). */
function setDraft(pos) {
  draft = pos;
  if (VARIANTS.includes(pos.variant)) variant = pos.variant;
  changed();
}

/** The position typed or pasted into the text box, set up when the server accepts it. */
async function pasted(e) {
  e.preventDefault();
  let pos;
  try {
    pos = JSON.parse($('textarea[name=position]').value);
  } catch (err) {
    $('[data-role=position-error]').textContent = t('analysis.notJson', { message: err.message });
    return;
  }
  if (draft) return setDraft(pos);
  if (await setUp(pos)) history.replaceState(null, '', `/analysis?variant=${encodeURIComponent(pos.variant)}&position=${encodeURIComponent(JSON.stringify(pos))}`);
}

// The import of a record (web/analysis-import.js, its own module): the line it replays is put on the board, at its
// start, or at its end for ?game=ID (where the board already shows that game's position).
main().finally(() =>
  import('/analysis-import.js').then((m) =>
    m.wireImport({
      variant: () => variant,
      load: (position, moves, atEnd) => setUp(position, refused, moves, atEnd ? moves.length : 0),
    }),
  ),
);
