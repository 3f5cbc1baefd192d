// The evaluation graph of a reviewed game: a hand-written SVG of South's chances after each move (from -1, North
// wins, to 1, South wins), as wide as its panel and GRAPH_HEIGHT px high, drawn at the panel's own width (the
// review draws it again when that changes). Above the middle line South is better (the area filled light), below it
// North (filled dark), which the words above and below it say; the move selected is marked by a vertical line; the
// inaccuracies, mistakes and blunders are coloured points. A click anywhere on it selects the nearest move. For
// assistive technology it is one image (role=img) whose label sums it up; the move list and the summary's buttons
// are the keyboard's way through the moves. The chances are the server's classification scale (docs/protocol.md,
// "Review").
import { t } from '/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
export const GRAPH_HEIGHT = 120;
/** Room around the plot: the points of the first and last moves and of the extremes stay whole. */
const PAD = 6;
/** Scores beyond this are forced wins or losses (bao-ai's MATE_BOUND). */
const MATE_BOUND = 29000;
/** The score scale of the chances: the server's classify.rs SCALE. */
const SCALE = 150;
/** Chances closer to 0 than this are "even" in the graph's label. */
const EVEN = 0.1;

/** The chances of a score, from -1 (lost) to 1 (won). */
export function chances(score) {
  if (score >= MATE_BOUND) return 1;
  if (score <= -MATE_BOUND) return -1;
  return 2 / (1 + Math.exp(-score / SCALE)) - 1;
}

/** South's chances after move i (0-based): the mover's score_after, turned to South's side (South moves first). */
export function southChances(m, i) {
  return chances(i % 2 === 0 ? m.score_after : -m.score_after);
}

/** The width the graph is drawn at in `host`: the host's own (300 while it is not laid out). */
export function graphWidth(host) {
  return Math.max(120, Math.round(host.clientWidth || 300));
}

function el(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * Draws the graph of `moves` (the review's list) into `host`; `selected` is the 0-based move selected (or -1);
 * `pick(i)` is called with a move's index when the graph is clicked near it.
 */
export function drawEvalGraph(host, moves, selected, pick) {
  const n = moves.length;
  const W = graphWidth(host);
  const H = GRAPH_HEIGHT;
  const mid = H / 2;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'evalgraph', role: 'img' });
  const last = n ? southChances(moves[n - 1], n - 1) : 0;
  const end = t(Math.abs(last) < EVEN ? 'review.graph.even' : last > 0 ? 'review.graph.south' : 'review.graph.north');
  svg.setAttribute('aria-label', t('review.graph', { n, end }));
  const x = (i) => (n <= 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (n - 1));
  const y = (i) => mid - southChances(moves[i], i) * (mid - PAD);
  const defs = el('defs', {});
  for (const [id, top] of [['eg-clip-s', 0], ['eg-clip-n', mid]]) {
    const clip = el('clipPath', { id });
    clip.append(el('rect', { x: 0, y: top, width: W, height: mid }));
    defs.append(clip);
  }
  svg.append(defs, el('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 6, class: 'eg-bg' }));
  if (n) {
    // The area between the line and the middle: South's part above it, North's below.
    const line = moves.map((_, i) => `${x(i).toFixed(1)},${y(i).toFixed(1)}`).join(' ');
    const area = `${x(0).toFixed(1)},${mid} ${line} ${x(n - 1).toFixed(1)},${mid}`;
    svg.append(el('polygon', { points: area, class: 'eg-s', 'clip-path': 'url(#eg-clip-s)' }));
    svg.append(el('polygon', { points: area, class: 'eg-n', 'clip-path': 'url(#eg-clip-n)' }));
    svg.append(el('line', { x1: 0, y1: mid, x2: W, y2: mid, class: 'eg-mid' }));
    if (selected >= 0 && selected < n) {
      svg.append(el('line', { x1: x(selected).toFixed(1), y1: 1, x2: x(selected).toFixed(1), y2: H - 1, class: 'eg-cur' }));
    }
    if (n > 1) svg.append(el('polyline', { points: line, class: 'eg-line' }));
    moves.forEach((m, i) => {
      const marked = m.class === 'inaccuracy' || m.class === 'mistake' || m.class === 'blunder';
      const c = el('circle', {
        cx: x(i).toFixed(1),
        cy: y(i).toFixed(1),
        r: i === selected ? 5.5 : marked ? 4 : 2,
        class: `eg-pt ${m.class}${i === selected ? ' selected' : ''}`,
        'data-ply': i,
        'data-class': m.class,
      });
      // A pointer's tooltip (the image's label is what assistive technology reads).
      const title = el('title', {});
      title.textContent = t('review.point', { n: i + 1, move: m.move, cls: t(`review.class.${m.class}`) });
      c.append(title);
      svg.append(c);
    });
  }
  svg.addEventListener('click', (e) => {
    if (!n) return;
    const box = svg.getBoundingClientRect();
    const at = ((e.clientX - box.left) * W) / (box.width || W);
    const i = n <= 1 ? 0 : Math.round(((at - PAD) * (n - 1)) / (W - 2 * PAD));
    pick(Math.max(0, Math.min(n - 1, i)));
  });
  // Which side is up, in words above and below it (the image's label says it to assistive technology).
  const [up, down] = ['south', 'north'].map((side) => {
    const s = document.createElement('span');
    s.className = 'eg-side';
    s.dataset.side = side;
    s.setAttribute('aria-hidden', 'true');
    s.textContent = t(`review.axis.${side}`);
    return s;
  });
  host.replaceChildren(up, svg, down);
  host.dataset.width = String(W);
}
