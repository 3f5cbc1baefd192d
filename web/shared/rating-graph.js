// A small rating graph: one variant's rating after each rated game, drawn as an inline SVG line (no chart library:
// a polyline, the lowest and highest rating written beside it). Its look is style.css's `svg.rating-graph`; it is
// one picture for a screen reader, named by the words the caller gives.

const NS = 'http://www.w3.org/2000/svg';
/** The drawing's size in its own units (it is scaled to the width the page gives it). */
const W = 300;
const H = 72;
/** Room on the right for the labels, and above and below the line. */
const LABEL_W = 48;
const PAD = 8;
/** The smallest rating span drawn: a few points up and down must not look like a cliff. */
const MIN_SPAN = 40;

/** @param {string} tag @param {Record<string, string | number>} attrs */
function el(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * The graph of `points` (oldest first), or null when there are none. Along time when the games are spread over
 * time, else one step a game.
 * @param {Array<{ at: number, rating: number }>} points @param {string} label what the picture shows, in words
 * @returns {SVGSVGElement | null}
 */
export function ratingGraph(points, label) {
  const pts = points.filter((p) => Number.isFinite(p.rating));
  if (!pts.length) return null;
  const svg = /** @type {SVGSVGElement} */ (el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-graph', role: 'img', 'aria-label': label }));
  const title = el('title', {});
  title.textContent = label;
  svg.append(title);
  const ratings = pts.map((p) => p.rating);
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < MIN_SPAN) {
    const mid = (hi + lo) / 2;
    lo = mid - MIN_SPAN / 2;
    hi = mid + MIN_SPAN / 2;
  }
  const times = pts.map((p) => Number(p.at) || 0);
  const t0 = Math.min(...times);
  const span = Math.max(...times) - t0;
  const plotW = W - LABEL_W - 2 * PAD;
  const x = (i) => PAD + (pts.length === 1 ? plotW / 2 : span > 0 ? ((times[i] - t0) / span) * plotW : (i / (pts.length - 1)) * plotW);
  const y = (r) => PAD + (1 - (r - lo) / (hi - lo)) * (H - 2 * PAD);
  svg.append(el('line', { class: 'axis', x1: PAD, y1: H - PAD, x2: PAD + plotW, y2: H - PAD }));
  const line = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  if (pts.length > 1) svg.append(el('polyline', { class: 'line', points: line }));
  const last = pts.length - 1;
  svg.append(el('circle', { class: 'end', cx: x(last).toFixed(1), cy: y(pts[last].rating).toFixed(1), r: 3.5 }));
  const minR = Math.min(...ratings);
  const maxR = Math.max(...ratings);
  for (const [r, cls] of /** @type {Array<[number, string]>} */ ([[maxR, 'hi'], [minR, 'lo']])) {
    // The lowest only when it is not written over the highest.
    if (cls === 'lo' && y(minR) - y(maxR) < 15) continue;
    const text = el('text', { class: `label ${cls}`, x: W - 2, y: (y(r) + 5).toFixed(1) });
    text.textContent = String(Math.round(r));
    svg.append(text);
  }
  return svg;
}
