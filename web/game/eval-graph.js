// The evaluation graph of a reviewed game: a hand-written SVG line of South's chances after each move (from -1,
// North wins, to 1, South wins), one point per move, coloured by the move's class. Clicking a point (or Enter on
// it) selects that move. The chances are the server's classification scale (docs/protocol.md, "Review").
import { t } from '/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 90;
/** Scores beyond this are forced wins or losses (bao-ai's MATE_BOUND). */
const MATE_BOUND = 29000;
/** The score scale of the chances: the server's classify.rs SCALE. */
const SCALE = 150;

/** The chances of a score, from -1 (lost) to 1 (won). */
export function chances(score) {
  if (score >= MATE_BOUND) return 1;
  if (score <= -MATE_BOUND) return -1;
  return 2 / (1 + Math.exp(-score / SCALE)) - 1;
}

function el(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * Draws the graph of `moves` (the review's list) into `host`; `selected` is the 0-based move selected (or -1);
 * `pick(i)` is called with a move's index when its point is chosen.
 */
export function drawEvalGraph(host, moves, selected, pick) {
  const n = moves.length;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'evalgraph', role: 'group' });
  svg.setAttribute('aria-label', t('review.graph'));
  svg.append(el('rect', { x: 0, y: 0, width: W, height: H, class: 'eg-bg' }));
  svg.append(el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'eg-mid' }));
  const x = (i) => (n <= 1 ? W / 2 : 6 + (i * (W - 12)) / (n - 1));
  // South's chances after move i: the mover's score_after, turned to South's side (South moves first).
  const y = (m, i) => {
    const south = i % 2 === 0 ? m.score_after : -m.score_after;
    return H / 2 - chances(south) * (H / 2 - 6);
  };
  const points = moves.map((m, i) => `${x(i).toFixed(1)},${y(m, i).toFixed(1)}`);
  if (n > 1) svg.append(el('polyline', { points: points.join(' '), class: 'eg-line' }));
  moves.forEach((m, i) => {
    const c = el('circle', {
      cx: x(i).toFixed(1),
      cy: y(m, i).toFixed(1),
      r: i === selected ? 5 : 3.5,
      class: `eg-pt ${m.class}${i === selected ? ' selected' : ''}`,
      tabindex: 0,
      role: 'button',
      'data-ply': i,
      'data-class': m.class,
    });
    const label = t('review.point', { n: i + 1, move: m.move, cls: t(`review.class.${m.class}`) });
    c.setAttribute('aria-label', label);
    const title = el('title', {});
    title.textContent = label;
    c.append(title);
    c.addEventListener('click', () => pick(i));
    c.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        pick(i);
      }
    });
    svg.append(c);
  });
  host.replaceChildren(svg);
}
