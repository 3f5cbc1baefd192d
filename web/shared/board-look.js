// The look of the board: its geometry, the carved wood (gradients and a few grain lines, no images), and the
// seeds. Colours are CSS variables (style.css), so the dark theme recolours the same drawing.

export const NS = 'http://www.w3.org/2000/svg';
/** The board's width and height in SVG units (hands included), a column's width, a pit's radius. */
export const W = 840;
export const H = 560;
export const COL = 101;
export const R = 42;
/** The centres of the four rows, top to bottom, of the first column, and the line between the two sides. */
export const ROWS_Y = [118, 222, 338, 442];
export const X0 = 16 + COL / 2;
export const MID = 280;
const MAX_STONES = 22;

/** An SVG element with attributes, appended to `parent` when given. */
export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

/**
 * A gradient whose stops take their colours from CSS variables. A stop-color attribute cannot use var(), and
 * the Content-Security-Policy refuses style attributes, so the colour is set through the element's style object.
 */
function gradient(defs, kind, id, attrs, stops) {
  const g = el(kind, { id, ...attrs }, defs);
  for (const [offset, color] of stops) el('stop', { offset }, g).style.setProperty('stop-color', color);
  return g;
}

/** The wood: gradients and patterns in <defs>, the frame with its bevel and grain. */
export function drawWood(svg) {
  const defs = el('defs', {}, svg);
  gradient(defs, 'linearGradient', 'wood', { x1: '0', y1: '0', x2: '1', y2: '1' }, [['0', 'var(--wood1)'], ['.55', 'var(--wood2)'], ['1', 'var(--wood3)']]);
  // A carved hole: darkest towards the top, where the rim's shadow falls.
  gradient(defs, 'radialGradient', 'hole', { cx: '.5', cy: '.58', r: '.6', fx: '.5', fy: '.7' }, [['0', 'var(--pit)'], ['.8', 'var(--pit-deep)'], ['1', 'var(--pit-rim)']]);
  // The rim: in shadow at the top, catching the light at the bottom edge.
  gradient(defs, 'linearGradient', 'rim', { x1: '0', y1: '0', x2: '0', y2: '1' }, [['0', 'var(--pit-rim)'], ['.55', 'var(--pit-rim)'], ['1', 'var(--rim-light)']]);
  // A seed: a smooth, round grey-brown nut with a shine.
  gradient(defs, 'radialGradient', 'seed', { cx: '.4', cy: '.35', r: '.7' }, [['0', 'var(--seed-shine)'], ['.45', 'var(--seed)'], ['1', 'var(--seed-shade)']]);
  el('rect', { class: 'frame', x: 4, y: 62, width: W - 8, height: 436, rx: 24 }, svg);
  // Grain: long, slightly wavy lines across the plank.
  const grain = el('g', { class: 'grain' }, svg);
  for (let i = 0; i < 11; i++) {
    const y = 74 + i * 40 + (i % 3) * 5;
    const a = 6 + (i % 4) * 3;
    grain.append(el('path', { d: `M14 ${y} C ${W * 0.25} ${y - a}, ${W * 0.4} ${y + a}, ${W * 0.6} ${y} S ${W * 0.85} ${y - a}, ${W - 14} ${y + 2}` }));
  }
  el('rect', { class: 'bevel', x: 9, y: 67, width: W - 18, height: 426, rx: 20 }, svg);
}

// Seed positions inside a pit: a sunflower spiral, so any count looks like a heap.
const SPOTS = Array.from({ length: MAX_STONES }, (_, k) => {
  const r = k === 0 ? 0 : 7.3 * Math.sqrt(k + 0.3);
  const a = k * 2.39996 + 0.6;
  return [r * Math.cos(a), r * Math.sin(a)];
});

/** A pit's heap: within HEAP_R of a point HEAP_Y above its centre, clear of the count and the name (issue 34). */
const HEAP_Y = -11;
const HEAP_R = 25;
const SEED_RX = 7.2;
const JITTER = 1.2;

/** The seeds of a pit holding `n` (at most MAX_STONES drawn; the count says the rest), turned a little each. */
export function stonesMarkup(n, jitterSeed) {
  let out = '';
  const k = Math.min(n, MAX_STONES);
  const far = k > 1 ? Math.hypot(...SPOTS[k - 1]) : 0;
  const size = far + SEED_RX + JITTER > HEAP_R ? 0.8 : 1;
  const scale = far ? Math.min(1, (HEAP_R - SEED_RX * size - JITTER) / far) : 1;
  const rx = (SEED_RX * size).toFixed(1);
  const ry = (6 * size).toFixed(1);
  for (let i = 0; i < k; i++) {
    const [x, y] = SPOTS[i];
    const j = ((jitterSeed * 31 + i * 17) % 7) - 3;
    const cx = (x * scale + j * 0.4).toFixed(1);
    const cy = (y * scale - j * 0.3 + HEAP_Y).toFixed(1);
    out += `<ellipse class="seed" cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${(i * 47 + jitterSeed * 13) % 180} ${cx} ${cy})"/>`;
  }
  return out;
}

/** The seeds of a hand tray at height `y`: up to 32 in a loose line. */
export function handStones(n, y) {
  let s = '';
  const shown = Math.min(n, 32);
  const startX = 330;
  const space = Math.min(15, (W - 90 - startX) / Math.max(shown, 1));
  for (let i = 0; i < shown; i++) s += `<ellipse class="seed" cx="${startX + i * space}" cy="${y + 24 + (i % 2 ? 3 : -3)}" rx="6.6" ry="5.6"/>`;
  return s;
}
