// The analysis board's import (`[data-role=import]`): a game record (the text of GET /api/games/{id}/record, from
// a game's "Download the record") or moves in de Voogt's notation typed in ("A6L a5R A7L"), replayed by the server
// (POST /api/analysis/record: no rules here) and put on the board as the line to step through. /analysis?game=ID
// imports that game's record at once (a finished game's "Step through it on the analysis board").
// analysis.js calls wireImport() once, with the way to load a line and the variant shown.
import { t, applyTranslations } from '/i18n.js';
import { fetchRecord, replayRecord } from '/api.js';
import { analysisErrorText } from '/shared/play-board.js';
import { reasonText } from '/shared/why.js';

/** Longest record taken (the server's body limit is 16 KiB; a record of 2000 moves fits). */
const MAX_CHARS = 16000;

/**
 * Builds the import panel into the page and imports `?game=ID` when the address names one.
 * @param {{ load: (start: object, moves: {move: string, by: string, position: object, trace: object[]}[], atEnd: boolean) => Promise<unknown>, variant: () => string }} board
 */
export function wireImport(board) {
  const panel = document.createElement('div');
  panel.className = 'panel import';
  panel.dataset.role = 'import';
  panel.innerHTML = `
    <h2 data-i18n="analysis.import.title">Import a game</h2>
    <form data-role="import-form">
      <label class="field"><span data-i18n="analysis.import.label">A game record, or moves in notation</span>
        <textarea name="record" rows="4" spellcheck="false" maxlength="${MAX_CHARS}" data-i18n-attr="placeholder:analysis.import.placeholder"></textarea>
      </label>
      <button type="submit" data-action="import-record" data-i18n="analysis.import.button">Import</button>
    </form>
    <p class="msg" data-role="import-error" role="alert"></p>
    <p class="hint" data-role="import-status" aria-live="polite"></p>`;
  const side = document.querySelector('aside.side');
  // Above the position box (the other way in), or at the end of the side column.
  const before = side && side.querySelector('[data-role=position-form]');
  if (before && before.closest('.panel')) side.insertBefore(panel, before.closest('.panel'));
  else (side || document.querySelector('main') || document.body).append(panel);
  applyTranslations(panel);

  const text = /** @type {HTMLTextAreaElement} */ (panel.querySelector('textarea[name=record]'));
  const error = panel.querySelector('[data-role=import-error]');
  const status = panel.querySelector('[data-role=import-status]');
  const button = /** @type {HTMLButtonElement} */ (panel.querySelector('button[data-action=import-record]'));

  /** Imports `record`, the board at its start (or at its end: `atEnd`). */
  async function run(record, atEnd = false) {
    error.textContent = '';
    status.textContent = '';
    if (!record.trim()) {
      error.textContent = t('analysis.import.empty');
      return;
    }
    button.disabled = true;
    try {
      const replay = await replayRecord(record, board.variant());
      if (!replay.moves.length && replay.stopped) {
        error.textContent = stopText(replay.stopped);
        return;
      }
      await board.load(replay.start, replay.moves, atEnd);
      status.textContent = t('analysis.import.done', { n: replay.moves.length });
      if (replay.stopped) error.textContent = stopText(replay.stopped);
    } catch (e) {
      error.textContent = e && e.code === 'bad_request' ? t('analysis.import.unreadable', { message: e.message }) : analysisErrorText(e);
    } finally {
      button.disabled = false;
    }
  }

  panel.querySelector('[data-role=import-form]').addEventListener('submit', (e) => {
    e.preventDefault();
    run(text.value);
  });

  const game = new URLSearchParams(location.search).get('game');
  if (game) importGame(game);

  async function importGame(id) {
    try {
      const record = await fetchRecord(id);
      if (record === null) {
        error.textContent = t('analysis.import.noGame');
        return;
      }
      text.value = record;
      await run(record, true);
    } catch (e) {
      error.textContent = analysisErrorText(e);
    }
  }
}

/** Where and why the replay stopped, in the page's language. */
function stopText(stop) {
  const pit = String(stop.text || '').slice(0, 2);
  let why;
  if (stop.reason === 'notation') why = t('analysis.import.notation');
  else if (stop.reason === 'too_complex') why = t('analysis.tooComplex');
  else why = reasonText(stop.reason, stop.legal || [], pit);
  return t('analysis.import.stopped', { number: stop.index + 1, move: stop.text, why });
}
