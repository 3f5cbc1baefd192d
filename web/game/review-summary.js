// The review's summary per player (South, then North), as lichess gives it: the side's accuracy, and how many of its
// moves were inaccuracies, mistakes and blunders, each count a button that steps through those moves.
//
// Accuracy (computed here, from the review the server sends; lichess's formulas on the server's chances scale):
// - a score's winning percentage for the side that moved is 50 × (1 + chances(score)), 0 (lost) to 100 (won), with
//   the chances of docs/protocol.md ("Review");
// - a move's accuracy is 103.1668 × e^(-0.04354 × loss) - 3.1669, kept within 0-100 %, where `loss` is how much
//   of its winning percentage the move gave away, score_before's less score_after's (never below 0): 100 % for
//   a move that keeps what the position offered, about 80 % for a loss of 5 points (the least an inaccuracy gives
//   away: 0.1 of the chances), 64 % for 10 (a mistake), 25 % for 30 (a bad blunder);
// - a side's accuracy is the mean of the arithmetic mean and the harmonic mean of its moves' accuracies (each at
//   least 1 in the harmonic mean), so that a few bad moves weigh more than in a plain average: lichess's game
//   accuracy without its weighting by how sharp the position was.
import { t, lang } from '/i18n.js';
import { chances } from '/game/eval-graph.js';
import { sideName } from '/shared/words.js';

export const COUNTED = ['inaccuracy', 'mistake', 'blunder'];

/** The side that played move i (0-based): South moves first. */
export const moverOf = (i) => (i % 2 === 0 ? 'south' : 'north');

const win = (score) => 50 * (1 + chances(score));

/** A move's accuracy, 0 to 100. */
export function moveAccuracy(m) {
  const loss = Math.max(0, win(m.score_before) - win(m.score_after));
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * loss) - 3.1669));
}

/** A side's accuracy over its moves of `moves`, 0 to 100, or null when it played none. */
export function sideAccuracy(moves, side) {
  const acc = moves.filter((_, i) => moverOf(i) === side).map(moveAccuracy);
  if (!acc.length) return null;
  const mean = acc.reduce((a, b) => a + b, 0) / acc.length;
  const harmonic = acc.length / acc.reduce((a, b) => a + 1 / Math.max(1, b), 0);
  return (mean + harmonic) / 2;
}

/** The indexes of `side`'s moves of class `cls`. */
export function movesOf(moves, side, cls) {
  return moves.flatMap((m, i) => (moverOf(i) === side && m.class === cls ? [i] : []));
}

/**
 * Draws the summary of `moves` into `host` (`[data-role=review-summary]`): per side a heading with its name, its
 * accuracy (`[data-role=accuracy]`, `data-value` the whole percentage) and a button per class
 * (`[data-action=review-step][data-side][data-class]`, `data-count`).
 */
export function drawSummary(host, moves, state) {
  const percent = new Intl.NumberFormat(lang(), { style: 'percent', maximumFractionDigits: 0 });
  host.replaceChildren(
    ...['south', 'north'].map((side) => {
      const box = document.createElement('section');
      box.className = 'rs-side';
      box.dataset.side = side;
      const head = document.createElement('h3');
      const label = t(`side.${side}`);
      const who = sideName(state, side);
      head.textContent = who.startsWith(label) ? who : `${label} · ${who}`;
      const accuracy = sideAccuracy(moves, side);
      const acc = document.createElement('p');
      acc.className = 'rs-acc';
      acc.title = t('review.accuracy.about');
      const value = document.createElement('strong');
      value.dataset.role = 'accuracy';
      value.dataset.side = side;
      if (accuracy === null) value.textContent = '–';
      else {
        value.dataset.value = String(Math.round(accuracy));
        value.textContent = percent.format(Math.round(accuracy) / 100);
      }
      acc.append(value, ` ${t('review.accuracy')}`);
      const list = document.createElement('ul');
      for (const cls of COUNTED) {
        const n = movesOf(moves, side, cls).length;
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'rs-count';
        Object.assign(b.dataset, { action: 'review-step', side, class: cls, count: String(n) });
        b.textContent = t(`review.count.${cls}`, { n });
        b.disabled = n === 0;
        if (n) b.title = t('review.step');
        li.append(b);
        list.append(li);
      }
      box.append(head, acc, list);
      return box;
    }),
  );
}
