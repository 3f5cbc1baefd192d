// Rules pages: the texts come from web/i18n/rules/<lang>.js, every board and every number from
// web/rules-data.js, which crates/bao-core/tests/rules_pages.rs checks against the engine. Texts quote numbers
// only as {placeholders} filled from that file (tests/rules checks that no number is typed by hand).
import { initPage } from '/common.js';
import { t, onLanguage, lang } from '/i18n.js';
import DATA from '/rules-data.js';
import { fill, pageFacts, pageRules, marks, narrate, sayer } from '/rules-text.js';

const V = document.body.dataset.variant;
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A small board as a real table, seen from South; `m` marks pits (see marks() and the figure's `show`). A screen
 * reader reads it row by row: each row header names the side and the row, each cell the pit, its seeds and its
 * marks (the visible number and the coloured rings are hidden from it, the words say the same).
 */
function board(pos, m) {
  const houses = pos.variant === 'kiswahili' || pos.variant === 'kiswahili-malawi';
  const kimasai = pos.variant === 'kimasai';
  /** @type {[string, 'north' | 'south', 'back' | 'front', boolean][]} */
  const rows = [
    ['b', 'north', 'back', true],
    ['a', 'north', 'front', true],
    ['A', 'south', 'front', false],
    ['B', 'south', 'back', false],
  ];
  const hand = (s) => {
    const n = pos[s].hand;
    if (!pos.south.hand && !pos.north.hand) return '';
    return `<tr class="hand"><td colspan="9">${esc(t(kimasai ? 'game.reserveOf' : 'game.handOf', { side: t(`side.${s}`), n }))}</td></tr>`;
  };
  let html = `<table class="mini"><caption class="vh">${esc(t('rules.boardCaption'))}</caption><tbody>${hand('north')}`;
  rows.forEach(([letter, side, row, rev], r) => {
    if (r === 2) html += '<tr class="gap" aria-hidden="true"><td colspan="9"></td></tr>';
    const rowName = t(row === 'back' ? 'board.backRow' : 'board.frontRow', { side: t(`side.${side}`) });
    html += `<tr><th scope="row"><span aria-hidden="true">${letter}</span><span class="vh">${esc(rowName)}</span></th>`;
    for (let c = 0; c < 8; c++) {
      const idx = rev ? 7 - c : c;
      const name = letter + (idx + 1);
      const n = pos[side][row][idx];
      const cls = [];
      const words = [t(kimasai ? 'game.cowLabel' : 'game.pitLabel', { pit: name, n })];
      if (houses && row === 'front' && idx === 4) {
        cls.push('sq');
        if (pos[side].house) cls.push('own');
        words.push(pos[side].house ? `${t('game.nyumba')} (${t('game.nyumbaOwned')})` : t('game.nyumba'));
      }
      const mark = (on, c2, key) => {
        if (!on) return;
        cls.push(c2);
        words.push(t(key));
      };
      mark(m.show.has(name), 'hl', 'rules.markShow');
      mark(m.start === name, 'origin', 'mark.start');
      mark(m.sown.has(name), 'sown', 'mark.sown');
      mark(m.captured.has(name), 'cap', 'mark.capture');
      mark(pos.takasia === name, 'tks', 'rules.markTakasia');
      html += `<td class="${cls.join(' ')}" title="${name}: ${n}"><span class="vh">${esc(words.join(', '))}</span><span class="n" aria-hidden="true">${n || ''}</span></td>`;
    }
    html += '</tr>';
  });
  html += `${hand('south')}</tbody></table>`;
  return html;
}

/** The sixteen pits of South's ring with arrows running clockwise or anticlockwise. */
function ring(clockwise, label) {
  const order = clockwise ? DATA.ring.clockwise : [...DATA.ring.clockwise].reverse();
  const at = (name) => {
    const n = Number(name.slice(1));
    return { x: 26 + (n - 1) * 40, y: name[0] === 'A' ? 26 : 78 };
  };
  let arrows = '';
  for (let i = 0; i < 16; i++) {
    const a = at(order[i]);
    const b = at(order[(i + 1) % 16]);
    let d;
    if (a.y === b.y) {
      const dir = Math.sign(b.x - a.x);
      const x1 = a.x + dir * 14;
      const x2 = b.x - dir * 14;
      d = `M${x1} ${a.y} L${x2} ${b.y}`;
    } else {
      const side = a.x < 100 ? -1 : 1;
      const y1 = a.y + Math.sign(b.y - a.y) * 2;
      d = `M${a.x + side * 12} ${a.y + Math.sign(b.y - a.y) * 8} C${a.x + side * 34} ${y1} ${b.x + side * 34} ${b.y} ${b.x + side * 12} ${b.y - Math.sign(b.y - a.y) * 8}`;
    }
    arrows += `<path d="${d}" marker-end="url(#arrow-${clockwise ? 'cw' : 'acw'})"/>`;
  }
  const pits = DATA.ring.clockwise
    .map((name) => {
      const p = at(name);
      return `<circle cx="${p.x}" cy="${p.y}" r="13"/><text x="${p.x}" y="${p.y + 4}">${name}</text>`;
    })
    .join('');
  return `<svg class="ring" viewBox="-16 0 352 104" role="img" aria-label="${esc(label)}">
<defs><marker id="arrow-${clockwise ? 'cw' : 'acw'}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>
<g class="arrows">${arrows}</g><g class="pits">${pits}</g></svg>`;
}

/** @returns {import('/rules-text.js').Marks} */
const empty = () => ({ show: new Set(), sown: new Set(), captured: new Set(), start: null });

/** One figure: its board (or ring), the move's name, the caption, and for a move the account lap by lap. */
function figure(id, caption, facts, steps) {
  if (id === 'ring-cw' || id === 'ring-acw') {
    const text = fill(caption, facts);
    return `<figure class="fig ring-fig">${ring(id === 'ring-cw', text.replace(/<[^>]*>/g, ''))}<figcaption>${text}</figcaption></figure>`;
  }
  const fig = DATA.figures[id];
  if (!fig) return '';
  const text = fill(caption, { ...facts, ...(fig.facts || {}) });
  let m = empty();
  let head = '';
  let list = '';
  if (fig.move) {
    m = marks(fig.trace);
    m.show = new Set();
    head = `<div class="fig-head">${esc(t('rules.after', { move: fig.move }))}</div>`;
    const say = sayer(steps, fig.position.variant === 'kimasai');
    const lines = narrate(fig.trace, say, (s) => t(`side.${s}`));
    list = `<ol class="steps">${lines.map((l) => `<li>${l}</li>`).join('')}</ol>`;
  } else {
    m.show = new Set(fig.show || []);
  }
  return `<figure class="fig" id="fig-${id}">${head}${board(fig.position, m)}<figcaption>${text}</figcaption>${list}</figure>`;
}

async function render() {
  const mod = await import(`/i18n/rules/${lang()}.js`).catch(() => import('/i18n/rules/en.js'));
  const all = mod.default;
  const r = pageRules(all, V);
  const facts = pageFacts(DATA, V);
  const name = t(`variant.${V}`);
  const art = document.querySelector('[data-role=rules]');
  const h = (tag, text) => `<${tag}>${text}</${tag}>`;
  const tabs = VARIANTS.map(
    (x) => `<a href="/rules/${x}.html"${x === V ? ' aria-current="page"' : ''}>${t(`variant.${x}`)}</a>`,
  ).join('');
  let html = `<nav class="tabs" aria-label="${t('nav.rules')}">${tabs}</nav>`;
  html += `<h1>${t('rules.title', { variant: name })}</h1><p class="sub">${fill(r.sub || '', facts)}</p>`;
  let legend = false;
  for (const s of r.sections || []) {
    html += `<section id="${s.id}">${h('h2', fill(s.title, { ...facts, variant: name }))}${fill(s.html || '', facts)}`;
    if (s.figs && s.figs.length) {
      // One row per example: a board to play from, then the boards after its moves.
      const rows = [];
      for (const f of s.figs) {
        const fig = DATA.figures[f[0]];
        const last = rows.length ? rows[rows.length - 1] : null;
        const ringAfterRing = !fig && last && !DATA.figures[last[last.length - 1][0]];
        if (!last || !(fig ? fig.from : ringAfterRing)) rows.push([]);
        rows[rows.length - 1].push(f);
      }
      for (const row of rows) {
        html += `<div class="diagrams">${row.map(([id, caption]) => figure(id, caption, facts, all.steps)).join('')}</div>`;
      }
      if (!legend && s.figs.some(([id]) => DATA.figures[id])) {
        html += `<p class="hint">${t(V === 'kimasai' ? 'rules.legendCows' : 'rules.legend')}</p>`;
        legend = true;
      }
    }
    html += '</section>';
  }
  if (r.diff) {
    html += h('h2', t('rules.diff'));
    html += `<div class="table-scroll"><table class="diff"><thead><tr><th>${t('rules.rule')}</th><th>${t('rules.kalah')}</th><th>${name}</th></tr></thead><tbody>`;
    for (const [rule, kalah, bao] of r.diff) html += `<tr><th scope="row">${rule}</th><td>${kalah}</td><td>${fill(bao, facts)}</td></tr>`;
    html += '</tbody></table></div>';
  }
  html += h('h2', t('rules.history')) + fill(r.history || '', facts);
  if (r.sources) html += h('h2', t('rules.sources')) + `<ol class="sources">${r.sources.map((s) => `<li>${s}</li>`).join('')}</ol>`;
  html += `<p><a class="button" href="/?variant=${V}">${t('rules.play', { variant: name })}</a></p>`;
  html += `<h2>${t('rules.others')}</h2><ul>${VARIANTS.filter((x) => x !== V)
    .map((x) => `<li><a href="/rules/${x}.html">${t(`variant.${x}`)}</a></li>`)
    .join('')}</ul>`;
  art.innerHTML = html;
  document.title = `${t('rules.title', { variant: name })} · Bao`;
}

onLanguage(render);
initPage();
