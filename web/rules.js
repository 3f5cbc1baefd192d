// Rules pages: the text comes from web/i18n/rules/<lang>.js, the small board diagrams from the positions below
// (worked out with the project's `bao` command, so they agree with the engine).
import { initPage } from '/common.js';
import { t, onLanguage, lang } from '/i18n.js';

const V = document.body.dataset.variant;

const Z8 = [0, 0, 0, 0, 0, 0, 0, 0];
const side = (front, back = Z8, hand = 0, house = false) => ({ front, back, hand, house });
const two = [2, 2, 2, 2, 2, 2, 2, 2];

export const DIAGRAMS = {
  'kuj-start': { variant: 'kujifunza', south: side(two, two), north: side(two, two), hl: ['A7'] },
  'kuj-a7l': {
    variant: 'kujifunza',
    south: side([2, 2, 2, 2, 3, 3, 1, 3], two),
    north: side([2, 2, 2, 0, 2, 2, 2, 2], two),
    hl: ['A6', 'A5', 'A8', 'A7'],
    cap: ['a4'],
  },
  'swa-start': { variant: 'kiswahili', south: side([0, 0, 0, 0, 6, 2, 2, 0], Z8, 22, true), north: side([0, 0, 0, 0, 6, 2, 2, 0], Z8, 22, true), hl: ['A6'] },
  'swa-a6l': { variant: 'kiswahili', south: side([0, 0, 1, 1, 7, 0, 2, 0], Z8, 21, true), north: side([0, 0, 0, 0, 6, 2, 2, 0], Z8, 22, true), hl: ['A5', 'A4', 'A3'] },
  'swa-cap-before': { variant: 'kiswahili', south: side([0, 0, 0, 0, 7, 0, 2, 1], Z8, 10, true), north: side([0, 0, 2, 1, 8, 1, 0, 1], Z8, 10, true), hl: ['A5'], cap: ['a4'] },
  'swa-cap-after': { variant: 'kiswahili', south: side([1, 0, 0, 0, 8, 0, 2, 1], Z8, 9, true), north: side([0, 0, 2, 0, 8, 1, 0, 1], Z8, 10, true), hl: ['A1', 'A5'], cap: ['a4'] },
  'mal-start': { variant: 'kiswahili-malawi', south: side([0, 0, 0, 0, 8, 2, 2, 0], Z8, 20, true), north: side([0, 0, 0, 0, 8, 2, 2, 0], Z8, 20, true), hl: ['A5'] },
  'mas-start': { variant: 'kimasai', south: side([1, 1, 1, 1, 1, 1, 1, 1], Z8, 24), north: side([1, 1, 1, 1, 1, 1, 1, 1], Z8, 24), hl: ['A3'] },
  'mas-a3': { variant: 'kimasai', south: side([1, 1, 0, 0, 2, 0, 2, 0], [0, 0, 0, 0, 0, 0, 1, 1], 24), north: side([1, 1, 1, 1, 1, 1, 1, 1], Z8, 24), hl: ['A4', 'A6', 'A8', 'B8', 'B7'] },
};

/** A small board as an HTML table, seen from South. */
export function diagram(d) {
  const houses = d.variant === 'kiswahili' || d.variant === 'kiswahili-malawi';
  const rows = [
    ['b', d.north.back, true],
    ['a', d.north.front, true],
    ['A', d.south.front, false],
    ['B', d.south.back, false],
  ];
  const hand = (s, n) => `<tr><th colspan="10">${t(d.variant === 'kimasai' ? 'game.reserveOf' : 'game.handOf', { side: t(`side.${s}`), n })}</th></tr>`;
  let html = '<table class="mini" role="img"><tbody>';
  if (d.north.hand) html += hand('north', d.north.hand);
  rows.forEach(([letter, counts, rev], r) => {
    if (r === 2) html += '<tr class="gap"><td colspan="10"></td></tr>';
    html += `<tr><th>${letter}</th>`;
    for (let c = 0; c < 8; c++) {
      const idx = rev ? 7 - c : c;
      const name = letter + (idx + 1);
      const cls = [];
      if (houses && (letter === 'a' || letter === 'A') && idx === 4) cls.push('sq');
      if ((d.hl || []).includes(name)) cls.push('hl');
      if ((d.cap || []).includes(name)) cls.push('cap');
      html += `<td class="${cls.join(' ')}" title="${name}">${counts[idx] || ''}</td>`;
    }
    html += '</tr>';
  });
  if (d.south.hand) html += hand('south', d.south.hand);
  html += '</tbody></table>';
  return html;
}

async function render() {
  const mod = await import(`/i18n/rules/${lang()}.js`).catch(() => import('/i18n/rules/en.js'));
  const all = mod.default;
  const r = { ...(all[V.startsWith('kiswahili') ? 'kiswahili' : V] || {}), ...(all[V] || {}) };
  const name = t(`variant.${V}`);
  const art = document.querySelector('[data-role=rules]');
  const h = (tag, text) => `<${tag}>${text}</${tag}>`;
  const tabs = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai']
    .map((x) => `<a href="/rules/${x}.html"${x === V ? ' aria-current="page"' : ''}>${t(`variant.${x}`)}</a>`)
    .join('');
  let html = `<nav class="tabs" aria-label="${t('nav.rules')}">${tabs}</nav>`;
  html += `<h1>${t('rules.title', { variant: name })}</h1><p class="sub">${r.sub || ''}</p>`;
  html += h('h2', t('rules.what', { variant: name })) + (r.what || '');
  html += h('h2', t('rules.board')) + (r.board || '');
  html += h('h2', t('rules.move')) + (r.move || '');
  if (r.diagrams && r.diagrams.length) {
    html += '<div class="diagrams">';
    for (const [id, caption] of r.diagrams) html += `<figure>${diagram(DIAGRAMS[id])}<figcaption>${caption}</figcaption></figure>`;
    html += `</div><p class="hint">${t('rules.legend')}</p>`;
  }
  if (r.more) html += r.more;
  if (r.diff) {
    html += h('h2', t('rules.diff'));
    html += `<div class="table-scroll"><table class="diff"><thead><tr><th>${t('rules.rule')}</th><th>${t('rules.kalah')}</th><th>${name}</th></tr></thead><tbody>`;
    for (const [rule, kalah, bao] of r.diff) html += `<tr><th scope="row">${rule}</th><td>${kalah}</td><td>${bao}</td></tr>`;
    html += '</tbody></table></div>';
  }
  html += h('h2', t('rules.history')) + (r.history || '');
  if (r.sources) html += h('h2', t('rules.sources')) + `<ol class="sources">${r.sources.map((s) => `<li>${s}</li>`).join('')}</ol>`;
  html += `<p><a class="button" href="/?variant=${V}">${t('rules.play', { variant: name })}</a></p>`;
  html += `<h2>${t('rules.others')}</h2><ul>${['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai']
    .filter((x) => x !== V)
    .map((x) => `<li><a href="/rules/${x}.html">${t(`variant.${x}`)}</a></li>`)
    .join('')}</ul>`;
  art.innerHTML = html;
  document.title = `${t('rules.title', { variant: name })} · Bao`;
}

onLanguage(render);
initPage();
