// The SVG board, drawn from one side: the viewer's own rows at the bottom, pit 1 of their rows on the left.
// Every pit carries data-pit and data-count (the count drawn), hands carry data-role=hand/data-side/data-count;
// after a move its pits carry data-last (start, sown, capture). The carved-wood look is in board-look.js.
import { parsePit, pitName, hasHouses } from '/shared/pits.js';
import { t } from '/i18n.js';
import { el, W, H, COL, R, ROWS_Y, X0, MID, drawWood, stonesMarkup, handStones } from '/shared/board-look.js';

// A pit answers clicks on its whole cell (101 x 104 units, about 45 px square on a 390 px phone), not only
// on the hole; a direction arrow answers within this radius (also about 44 px on a phone).
const CELL_H = 104;
const ARROW_HIT = 50;
/** A direction arrow's centre, and its face: FACE_IN to FACE_OUT off the picked pit's centre (its heap ends at 25,
 * the next hole starts at COL - R): on the rim and in the gap. */
const ARROW_AT = R + 8;
const FACE_IN = 27;
const FACE_OUT = COL - R - 2;
const FACE_TOP = -26;
const FACE_BOTTOM = 36;
/**
 * A rim's length for its dash patterns (style.css): any pit, round or square, is 240 long, so that its dotted and
 * dashed marks close without a seam.
 */
const RIM_LENGTH = '240';
/** How far inside the rim a captured pit's second ring is drawn. */
const INSET = 7;
/** What a pit's data-last can say about the last move (spec/ui.md), each with its words under `mark.`. */
const LAST_MARKS = ['start', 'sown', 'capture'];

export class Board {
  /**
   * @param {Element} host where the SVG goes
   * @param {{onPit:(pit:string, keyboard?:boolean)=>void, onArrow:(dir:string|null)=>void}} handlers
   */
  constructor(host, handlers) {
    this.host = host;
    this.handlers = handlers;
    this.view = 'south';
    this.pits = new Map();
    this.coords = true;
    this.build();
  }

  /** Column (0..7, left to right on screen) and row (0..3, top to bottom) of a pit for the current view. */
  place(name) {
    const p = parsePit(name);
    const own = p.side === this.view;
    const col = own ? p.index : 7 - p.index;
    let row;
    if (own) row = p.row === 'front' ? 2 : 3;
    else row = p.row === 'front' ? 1 : 0;
    return { cx: X0 + col * COL, cy: ROWS_Y[row], col, row };
  }

  setView(side) {
    if (side !== 'south' && side !== 'north') side = 'south';
    if (side === this.view && this.svg) return;
    this.view = side;
    this.build();
  }

  /** Pit names drawn on the board (a setting, on by default: the move list and the move box speak in them). */
  setCoords(on) {
    this.coords = on;
    this.svg.classList.toggle('coords', on);
  }

  build() {
    this.host.innerHTML = '';
    const svg = el('svg', { class: 'board', viewBox: `0 0 ${W} ${H}`, role: 'group' });
    this.svg = svg;
    svg.classList.toggle('coords', this.coords);
    drawWood(svg);
    this.halves = {};
    for (const side of ['south', 'north']) {
      const top = side !== this.view;
      this.halves[side] = el('rect', { class: 'half', 'data-side': side, x: 14, y: top ? 68 : MID + 4, width: W - 28, height: MID - 72, rx: 16 }, svg);
    }
    el('line', { class: 'divider', x1: 30, x2: W - 30, y1: MID, y2: MID }, svg);

    this.hands = {};
    for (const side of ['south', 'north']) {
      const top = side !== this.view;
      const y = top ? 6 : 506;
      const hg = el('g', { class: 'hand', 'data-role': 'hand', 'data-side': side, 'data-count': '0' }, svg);
      const help = el('title', {}, hg);
      el('rect', { class: 'tray', x: 10, y, width: W - 20, height: 48, rx: 14 }, hg);
      const label = el('text', { class: 'label', x: 26, y: y + 32 }, hg);
      const stones = el('g', { class: 'hstones' }, hg);
      const count = el('text', { class: 'hcount', x: W - 26, y: y + 34 }, hg);
      this.hands[side] = { g: hg, help, label, stones, count, y };
    }

    this.pitLayer = el('g', { class: 'pits' }, svg);
    this.pits.clear();
    for (const side of ['north', 'south']) {
      for (const row of ['back', 'front']) {
        for (let i = 0; i < 8; i++) this.buildPit(pitName(side, row, i), row === 'front' && i === 4, i + (row === 'back' ? 8 : 0) + (side === 'north' ? 16 : 0));
      }
    }
    this.overlay = el('g', { class: 'overlay' }, svg);
    this.host.append(svg);
    this.addAccessibility();
  }

  /**
   * Accessibility (issue 15), added to the board build() drew: the pits grouped by row in the order they are
   * drawn (top row first, left to right, so that a screen reader and the Tab key follow the picture), the bottom
   * hand after the rows, a focus ring around each pit that stands out on the wood, and the board itself
   * focusable from script, to take the focus when the pit that had it stops being playable.
   */
  addAccessibility() {
    this.svg.setAttribute('tabindex', '-1');
    this.rowGroups = [0, 1, 2, 3].map((row) => el('g', { role: 'group', 'data-row': String(row) }, this.pitLayer));
    const order = [...this.pits.keys()].map((name) => [name, this.place(name)]).sort(([, a], [, b]) => a.row - b.row || a.col - b.col);
    for (const [name, { row }] of order) {
      const p = this.pits.get(name);
      this.rowGroups[row].append(p.g);
      // What the pit shows reads "A3 1" (as its label does), not "A31".
      p.g.querySelector('.name').after(document.createTextNode(' '));
      const square = p.hole.dataset.shape === 'rect';
      for (const part of ['edge', 'light']) {
        const attrs = square ? { x: -R - 6, y: -R - 6, width: 2 * R + 12, height: 2 * R + 12, rx: 14 } : { r: R + 6 };
        el(square ? 'rect' : 'circle', { class: `focusring ${part}`, ...attrs }, p.g);
      }
    }
    this.pitLayer.after(this.hands[this.view].g);
  }

  /** Names the rows, and adds to each pit's label the marks drawn on it: picked, and the last move's. */
  describePits() {
    this.rowGroups.forEach((g, row) => {
      const side = row < 2 ? (this.view === 'south' ? 'north' : 'south') : this.view;
      const back = row === 0 || row === 3;
      g.setAttribute('aria-label', t(back ? 'board.backRow' : 'board.frontRow', { side: t(`side.${side}`) }));
    });
    for (const p of this.pits.values()) {
      const marks = [];
      if (p.g.classList.contains('selected')) marks.push(t('legend.picked'));
      const last = p.g.dataset.last;
      if (LAST_MARKS.includes(last)) marks.push(t(`mark.${last}`));
      if (marks.length) p.g.setAttribute('aria-label', `${p.g.getAttribute('aria-label')}, ${marks.join(', ')}`);
    }
  }

  /** The element inside the board that has the focus, if any. */
  focusInside() {
    const a = document.activeElement;
    return a && a !== document.body && this.svg.contains(a) ? a : null;
  }

  /**
   * After a redraw: when the board had the focus and the element that had it is gone or not playable any more
   * (a move was just played), the board keeps the focus, so that the next Tab does not start from the top of
   * the page.
   */
  keepFocus(had) {
    if (!had) return;
    const a = document.activeElement;
    if (a === this.svg || (a && this.svg.contains(a) && a.getAttribute('tabindex') === '0')) return;
    this.svg.focus({ preventScroll: true });
  }

  buildPit(name, square, seed) {
    const { cx, cy } = this.place(name);
    const pg = el('g', { class: 'pit', 'data-pit': name, 'data-count': '0', transform: `translate(${cx} ${cy})` }, this.pitLayer);
    el('rect', { class: 'hit', x: -COL / 2, y: -CELL_H / 2, width: COL, height: CELL_H }, pg);
    /** @type {[string, Record<string, number>]} */
    const shape = square ? ['rect', { x: -R, y: -R, width: 2 * R, height: 2 * R, rx: 10 }] : ['circle', { r: R }];
    const hole = el(shape[0], { class: 'hole', ...shape[1] }, pg);
    hole.dataset.shape = shape[0];
    el(shape[0], { class: 'rim', pathLength: RIM_LENGTH, ...shape[1] }, pg);
    // A second ring inside the rim: a captured pit's mark is a double ring, not only another colour (issue 15).
    /** @type {[string, Record<string, number>]} */
    const inner = square ? ['rect', { x: -R + INSET, y: -R + INSET, width: 2 * (R - INSET), height: 2 * (R - INSET), rx: 6 }] : ['circle', { r: R - INSET }];
    el(inner[0], { class: 'inner', ...inner[1] }, pg);
    // The nyumba's inlay and roof mark: drawn on the square pit, shown only in the games that have houses.
    if (square) {
      el('rect', { class: 'inlay', x: -R + 5, y: -R + 5, width: 2 * R - 10, height: 2 * R - 10, rx: 6 }, pg);
      el('path', { class: 'roof', d: `M-9 ${-R + 20} L0 ${-R + 11} L9 ${-R + 20} Z` }, pg);
    }
    // The name on a tag in the cell's corner, the count under the heap (issue 34); read in this order ("A3 1").
    el('rect', { class: 'name-bg', x: -COL / 2, y: -CELL_H / 2 + 1, width: 24, height: 17, rx: 5 }, pg);
    el('text', { class: 'name', x: -COL / 2 + 12, y: -CELL_H / 2 + 14 }, pg).textContent = name;
    const stones = el('g', { class: 'stones' }, pg);
    const count = el('text', { class: 'count', y: R - 3 }, pg);
    pg.addEventListener('click', () => this.handlers.onPit(name));
    pg.addEventListener('keydown', (e) => this.keydown(e, name));
    this.pits.set(name, { g: pg, hole, stones, count, last: -1, seed });
  }

  keydown(e, name) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.handlers.onPit(name, true);
      return;
    }
    if (e.key === 'Escape') {
      this.handlers.onArrow(null);
      return;
    }
    const d = moves[e.key];
    if (!d) return;
    e.preventDefault();
    const focusable = [...this.pits.entries()].filter(([, p]) => p.g.getAttribute('tabindex') === '0');
    if (!focusable.length) return;
    const here = this.place(name);
    // Nearest focusable pit in the pressed direction; wrap around the row otherwise.
    let best = null;
    let bestScore = Infinity;
    for (const [n] of focusable) {
      if (n === name) continue;
      const p = this.place(n);
      const dx = p.col - here.col;
      const dy = p.row - here.row;
      if (d[0] && Math.sign(dx) !== d[0]) continue;
      if (d[1] && Math.sign(dy) !== d[1]) continue;
      const score = d[0] ? Math.abs(dx) + 4 * Math.abs(dy) : Math.abs(dy) * 2 + Math.abs(dx);
      if (score < bestScore) {
        bestScore = score;
        best = n;
      }
    }
    if (!best) {
      const order = focusable.map(([n]) => n).sort((a, b) => {
        const pa = this.place(a);
        const pb = this.place(b);
        return pa.row - pb.row || pa.col - pb.col;
      });
      const idx = order.indexOf(name);
      const step = d[0] + d[1] >= 0 ? 1 : -1;
      best = order[(idx + step + order.length) % order.length];
    }
    if (best) this.pits.get(best).g.focus();
  }

  /**
   * Draws a position.
   * opts: legal (Map pit -> moves, clickable), selected, last (Map pit -> 'start'|'sown'|'capture'), active
   * (pit), air (count), seat (this browser's side or 'spectator'), turn (the side whose half is lit, or null),
   * hands (whether the hands are drawn; by default when the game has them and one is not empty).
   */
  render(pos, opts = {}) {
    const hadFocus = this.focusInside();
    const legal = opts.legal || new Map();
    const last = opts.last || new Map();
    const houses = hasHouses(pos.variant);
    for (const [name, p] of this.pits) {
      const info = parsePit(name);
      const n = pos[info.side][info.row][info.index];
      if (p.last !== n) {
        p.stones.innerHTML = stonesMarkup(n, p.seed);
        p.count.textContent = String(n);
        p.last = n;
      }
      p.g.setAttribute('data-count', String(n));
      p.g.classList.toggle('empty', n === 0);
      const isNyumba = houses && info.row === 'front' && info.index === 4;
      p.g.classList.toggle('nyumba', isNyumba);
      p.g.classList.toggle('lost', isNyumba && !pos[info.side].house);
      if (p.hole.tagName === 'rect') {
        for (const shape of p.g.querySelectorAll('.hole, .rim')) shape.setAttribute('rx', isNyumba ? '10' : String(R));
        p.g.querySelector('.inner').setAttribute('rx', isNyumba ? '6' : String(R - INSET));
      }
      const playable = legal.has(name);
      p.g.classList.toggle('legal', playable);
      p.g.classList.toggle('selected', opts.selected === name);
      if (last.has(name)) p.g.dataset.last = last.get(name);
      else delete p.g.dataset.last;
      p.g.classList.toggle('active', opts.active === name);
      p.g.classList.toggle('takasia', pos.takasia === name);
      if (playable) {
        p.g.setAttribute('tabindex', '0');
        p.g.setAttribute('role', 'button');
      } else {
        p.g.removeAttribute('tabindex');
        p.g.setAttribute('role', 'img');
      }
      // Whole keys, which tests/rules/dictionaries.test.mjs finds.
      const cows = pos.variant === 'kimasai';
      const unit = playable ? (cows ? 'game.cowLabelPlay' : 'game.pitLabelPlay') : cows ? 'game.cowLabel' : 'game.pitLabel';
      let label = t(unit, { pit: name, n });
      if (isNyumba) label += `, ${t('game.nyumba')}${pos[info.side].house ? ` (${t('game.nyumbaOwned')})` : ''}`;
      if (pos.takasia === name) label += `, takasia`;
      p.g.setAttribute('aria-label', label);
    }
    this.svg.setAttribute('aria-label', t('game.board'));
    for (const side of ['south', 'north']) this.halves[side].classList.toggle('turn', opts.turn === side);
    this.renderHands(pos, opts);
    this.drawOverlay(pos, opts);
    this.describePits();
    this.keepFocus(hadFocus);
  }

  renderHands(pos, opts) {
    const kimasai = pos.variant === 'kimasai';
    const shown = opts.hands ?? (pos.variant !== 'kujifunza' && (pos.south.hand > 0 || pos.north.hand > 0));
    // Without hands the board is cropped to the wood: no empty trays ("In hand 0") where hands mean nothing.
    this.svg.setAttribute('viewBox', shown ? `0 0 ${W} ${H}` : `0 58 ${W} ${H - 116}`);
    for (const side of ['south', 'north']) {
      const h = this.hands[side];
      const n = pos[side].hand;
      h.g.setAttribute('data-count', String(n));
      if (shown) h.g.removeAttribute('display');
      else h.g.setAttribute('display', 'none');
      const name = t(`side.${side}`) + (side === opts.seat ? ` (${t('you')})` : '');
      h.label.textContent = `${name} · ${t(kimasai ? 'game.reserve' : 'game.hand')}`;
      h.count.textContent = String(n);
      h.help.textContent = t(kimasai ? 'help.reserve' : 'help.hand');
      h.g.setAttribute('aria-label', t(kimasai ? 'game.reserveOf' : 'game.handOf', { side: t(`side.${side}`), n }));
      h.g.setAttribute('role', 'img');
      if (h.shown !== n) {
        h.stones.innerHTML = handStones(n, h.y);
        h.shown = n;
      }
    }
  }

  drawOverlay(pos, opts) {
    this.overlay.innerHTML = '';
    if (pos.takasia && this.pits.has(pos.takasia)) {
      const { cx, cy } = this.place(pos.takasia);
      const d = 14;
      el('path', { class: 'takasia-x', d: `M${cx + R - 2 * d} ${cy - R} l${d} ${d} m0 -${d} l-${d} ${d}` }, this.overlay);
    }
    if (opts.air > 0 && opts.active && this.pits.has(opts.active)) {
      const { cx, cy } = this.place(opts.active);
      const y = cy < MID ? cy + R + 2 : cy - R - 2;
      el('circle', { class: 'air', cx, cy: y, r: 17 }, this.overlay);
      el('text', { class: 'air-text', x: cx, y: y + 6 }, this.overlay).textContent = String(opts.air);
    }
    if (opts.selected && opts.arrows && opts.arrows.length) this.drawArrows(opts.selected, opts.arrows);
  }

  drawArrows(pit, arrows) {
    const { cx, cy } = this.place(pit);
    for (const a of arrows) {
      const s = a.dir === 'L' ? -1 : 1;
      const g = el('g', { class: 'arrow', 'data-action': 'direction', 'data-dir': a.dir, role: 'button', tabindex: '0', 'aria-label': a.label, transform: `translate(${cx + s * ARROW_AT} ${cy})` }, this.overlay);
      el('circle', { class: 'arrow-hit', r: ARROW_HIT }, g);
      // A tab hiding no seed, count or name (issue 34).
      const inner = FACE_IN - ARROW_AT;
      const outer = FACE_OUT - ARROW_AT;
      el('rect', { class: 'arrow-face', x: s > 0 ? inner : -outer, y: FACE_TOP, width: outer - inner, height: FACE_BOTTOM - FACE_TOP, rx: 12 }, g);
      const mid = (s * (inner + outer)) / 2;
      const y = (FACE_TOP + FACE_BOTTOM) / 2;
      el('path', { d: `M${mid + s * 9} ${y} L${mid - s * 7} ${y - 16} L${mid - s * 7} ${y + 16} Z` }, g);
      el('title', {}, g).textContent = a.label;
      g.addEventListener('click', (e) => {
        e.stopPropagation();
        this.handlers.onArrow(a.dir);
      });
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.handlers.onArrow(a.dir);
        } else if (e.key === 'Escape') this.handlers.onArrow(null);
        else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          const want = e.key === 'ArrowLeft' ? 'L' : 'R';
          const target = this.overlay.querySelector(`[data-dir=${want}]`);
          if (target) target.focus();
        }
      });
    }
  }

  /** A short shake of a pit that was clicked and cannot be played, so the eye finds the message's pit. */
  deny(name) {
    const p = this.pits.get(name);
    if (!p) return;
    p.g.classList.remove('denied');
    void p.g.getBBox(); // restarts the CSS animation
    p.g.classList.add('denied');
    setTimeout(() => p.g.classList.remove('denied'), 700);
  }

  focusArrow() {
    const a = this.overlay.querySelector('.arrow');
    if (a) a.focus();
  }

  focusPit(name) {
    const p = this.pits.get(name);
    if (p && p.g.getAttribute('tabindex') === '0') p.g.focus();
  }
}
