// The analysis board /analysis?variant=V (and &position=JSON): any legal move of either side can be played, the
// line stepped back and forth, each move told step by step, and the computer asked for its best move. Every
// position's moves, results and reasons come from the server (POST /api/analysis); a pasted position is checked
// there too, and bao-core's message is shown when it is refused. Start positions come from web/rules-data.js,
// which crates/bao-core/tests/rules_pages.rs checks against the engine.
import { $, initPage } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import RULES from '/rules-data.js';
import { narrationList } from '/shared/narration.js';
import { stageText } from '/shared/words.js';
import { analyse } from '/api.js';
import { PlayBoard, analysisErrorText } from '/shared/play-board.js';

const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const START_FIGURE = { kujifunza: 'kuj-start', kiswahili: 'swa-start', 'kiswahili-malawi': 'mal-start', kimasai: 'mas-start' };
/** How long the computer thinks for the best move (the server allows up to 2000 ms). */
const THINK_MS = 1000;

const params = new URLSearchParams(location.search);
let variant = VARIANTS.includes(params.get('variant')) ? params.get('variant') : 'kiswahili';
/** The line: the position it starts from, the moves played since, and how many of them are shown. */
let start = null;
let line = [];
let shown = 0;
/** Analyses of the line's positions, by index (0: the start), so that stepping back asks nothing again. */
let answers = [];

const board = new PlayBoard({ onMove: played, onError: refused });

const startPosition = (v) => JSON.parse(JSON.stringify(RULES.figures[START_FIGURE[v]].position));
const positionAt = (i) => (i === 0 ? start : line[i - 1].position);

function refused(e) {
  $('[data-role=position-error]').textContent = analysisErrorText(e);
}

/** Starts a new line from `position`; resolves to whether the server took it. */
async function setUp(position) {
  const answer = await analyse(position).catch((e) => {
    refused(e);
    return null;
  });
  if (!answer) return false;
  $('[data-role=position-error]').textContent = '';
  start = position;
  variant = position.variant;
  line = [];
  answers = [answer];
  await showAt(0);
  return true;
}

/** Shows the position after `i` moves of the line. */
async function showAt(i) {
  shown = Math.max(0, Math.min(line.length, i));
  const entry = shown > 0 ? line[shown - 1] : null;
  const marks = entry ? PlayBoard.marks(entry.move, entry.trace) : new Map();
  $('[data-role=best-move]').textContent = '';
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

function render() {
  const pos = positionAt(shown);
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
  const shownPos = board.position() || pos;
  $('[data-role=stage]').textContent = stageText(shownPos);
  $('[data-role=status]').textContent = pos.result
    ? t('result.wins', { side: t(`side.${pos.result.winner}`) })
    : t('analysis.toMove', { side: t(`side.${pos.to_move}`) });
  const text = $('textarea[name=position]');
  if (document.activeElement !== text) text.value = JSON.stringify(pos);
  renderMoves();
  renderNarration();
  $('button[data-action=first]').disabled = shown === 0;
  $('button[data-action=back]').disabled = shown === 0;
  $('button[data-action=forward]').disabled = shown === line.length;
  $('button[data-action=last]').disabled = shown === line.length;
  $('button[data-action=engine]').disabled = !!pos.result;
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
  const entry = shown > 0 ? line[shown - 1] : null;
  box.hidden = !entry;
  if (!entry) return box.replaceChildren();
  const head = document.createElement('p');
  head.className = 'narr-head';
  head.textContent = t('analysis.moveTitle', { n: shown, side: t(`side.${entry.by}`), move: entry.move });
  box.replaceChildren(head, narrationList(entry.trace));
}

/** Asks the computer for its best move in the position shown. */
async function engine() {
  const pos = positionAt(shown);
  const out = $('[data-role=best-move]');
  const button = $('button[data-action=engine]');
  button.disabled = true;
  out.textContent = t('analysis.thinking');
  delete out.dataset.move;
  try {
    const answer = await analyse(pos, THINK_MS);
    if (positionAt(shown) !== pos) return;
    if (!answer.best) {
      out.textContent = t('analysis.noBest');
      return;
    }
    out.dataset.move = answer.best.move;
    out.textContent = t('analysis.best', { move: answer.best.move, score: answer.best.score, depth: answer.best.depth });
  } catch (e) {
    out.textContent = analysisErrorText(e);
  } finally {
    button.disabled = !!positionAt(shown).result;
  }
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
  if (await setUp(pos)) history.replaceState(null, '', `/analysis?variant=${encodeURIComponent(pos.variant)}&position=${encodeURIComponent(JSON.stringify(pos))}`);
}

async function main() {
  $('[data-action=first]').addEventListener('click', () => showAt(0));
  $('[data-action=back]').addEventListener('click', () => showAt(shown - 1));
  $('[data-action=forward]').addEventListener('click', () => showAt(shown + 1));
  $('[data-action=last]').addEventListener('click', () => showAt(line.length));
  $('[data-action=flip]').addEventListener('click', () => {
    board.board.setView(board.board.view === 'south' ? 'north' : 'south');
    board.render();
  });
  $('[data-action=engine]').addEventListener('click', engine);
  $('[data-role=position-form]').addEventListener('submit', pasted);
  $('[data-action=start-position]').addEventListener('click', () => setUp(startPosition(variant)));
  onLanguage(() => {
    if (start) render();
    board.render();
  });
  await initPage();
  let first = startPosition(variant);
  const given = params.get('position');
  if (given) {
    try {
      first = JSON.parse(given);
    } catch (err) {
      $('[data-role=position-error]').textContent = t('analysis.notJson', { message: err.message });
    }
  }
  if (await setUp(first)) return;
  // The position given was refused: its message stays, and the board starts from the beginning.
  const message = $('[data-role=position-error]').textContent;
  await setUp(startPosition(variant));
  $('[data-role=position-error]').textContent = message;
}

// The import of a record (web/analysis-import.js, its own module): the line it replays is put on the board.
main().finally(() =>
  import('/analysis-import.js').then((m) =>
    m.wireImport({
      variant: () => variant,
      load: async (position, moves) => {
        if (!(await setUp(position))) return;
        line = moves;
        await showAt(0);
      },
    }),
  ),
);
