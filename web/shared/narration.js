// A move told step by step from the server's trace ("Lifted 3 from A6. Sowed one by one from A5 to A3. …"), and
// the pits it touched, for the marks on the board. Only the trace is read: nothing here knows the rules.
import { $ } from '/common.js';
import { t } from '/i18n.js';
import { movePit } from '/shared/pits.js';

/**
 * The pits a move touched, each with what happened there: 'start' (where it began), 'sown' (received seeds) or
 * 'capture' (emptied by a capture). Without its trace only the start pit is known.
 * @param {string} move @param {import('/types').TraceStep[] | undefined} trace
 */
export function moveMarks(move, trace) {
  const marks = new Map();
  for (const s of trace || []) {
    if (s.step === 'sow') marks.set(s.pit, 'sown');
  }
  const start = movePit(move);
  if (start) marks.set(start, 'start');
  for (const s of trace || []) {
    if (s.step === 'capture') marks.set(s.pit, 'capture');
  }
  return marks;
}

/** The sentences of a move's trace, in the page's language. */
export function narrate(trace) {
  const out = [];
  let run = null; // consecutive seeds sown: { from, to, n }
  let landed = null; // the pit the last seed went into
  const flush = () => {
    if (run) out.push(t('narr.sow', { n: run.n, from: run.from, to: run.to }));
    run = null;
  };
  for (const s of trace) {
    if (s.step === 'sow') {
      if (run) Object.assign(run, { to: s.pit, n: run.n + 1 });
      else run = { from: s.pit, to: s.pit, n: 1 };
      landed = s.pit;
      continue;
    }
    flush();
    switch (s.step) {
      case 'hand':
        out.push(t('narr.hand', { pit: s.pit }));
        landed = s.pit;
        break;
      case 'lift':
        out.push(t(s.tax ? 'narr.tax' : 'narr.lift', { n: s.count, pit: s.pit }));
        break;
      case 'capture':
        out.push(t('narr.capture', { n: s.count, pit: s.pit, at: landed || '?', into: s.into }));
        break;
      case 'relay':
        out.push(t('narr.relay', { n: s.count, pit: s.pit }));
        break;
      case 'nyumba_stop':
        out.push(t('narr.nyumbaStop', { pit: s.pit }));
        break;
      case 'safari':
        out.push(t('narr.safari', { n: s.count, pit: s.pit }));
        break;
      case 'takasia_stop':
        out.push(t('narr.takasiaStop', { pit: s.pit }));
        break;
      case 'win':
        out.push(t('narr.win', { side: t(`side.${s.winner}`) }));
        break;
      default:
        break; // a step this page does not know yet: the others still tell the move
    }
  }
  flush();
  return out;
}

/** Fills [data-role=narration] with the move that led to the position shown (the last move by default). */
export function renderNarration(state) {
  const box = $('[data-role=narration]');
  const ply = state.shownPly() - 1;
  const move = ply >= 0 ? state.game.moves[ply] : null;
  const entry = move ? state.traces[ply] : null;
  const key = `${ply}|${move}|${entry ? 1 : 0}|${document.documentElement.lang}`;
  box.hidden = !move;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.dataset.ply = String(ply);
  if (!move) {
    box.replaceChildren();
    return;
  }
  // Numbered as the move list numbers them: one number per pair of moves.
  const n = Math.floor(ply / 2) + 1;
  const head = document.createElement('p');
  head.className = 'narr-head';
  head.textContent = t('narr.title', { n, side: t(`side.${ply % 2 === 0 ? 'south' : 'north'}`), move });
  if (!entry || entry.move !== move) {
    const none = document.createElement('p');
    none.className = 'hint';
    none.textContent = t('narr.none');
    box.replaceChildren(head, none);
    return;
  }
  head.textContent = t('narr.title', { n, side: t(`side.${entry.by}`), move });
  box.replaceChildren(head, narrationList(entry.trace));
}

/** A move's trace told as a numbered list (an `<ol>` of narrate()'s sentences). */
export function narrationList(trace) {
  const list = document.createElement('ol');
  for (const sentence of narrate(trace)) {
    const li = document.createElement('li');
    li.textContent = sentence;
    list.append(li);
  }
  return list;
}
