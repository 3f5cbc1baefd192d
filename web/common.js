// What every page shares, written here once: the site header (the navigation, the language switch, the theme
// toggle), the skip link, the footer (version) and translations. Every page's script imports this module, which
// runs before the page's own code: the header is in the page before that looks for it (`[data-role=rules-link]`,
// `select[name=lang]`).
import { LANGS, pickLanguage, setLanguage, t, safeGet, safeSet, onLanguage } from '/i18n.js';
import { CLIENT_VERSION } from '/version.js';
import { fetchVersion } from '/api.js';

/**
 * The element type a CSS selector names by its tag (`select[name=lang]` is an HTMLSelectElement), else
 * HTMLElement: the pages look only for their own HTML markup (the board's SVG pits are looked for by type).
 * @template {string} S
 * @typedef {S extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[S]
 *   : S extends `${infer T extends keyof HTMLElementTagNameMap}${'[' | '.' | ':' | '#'}${string}` ? HTMLElementTagNameMap[T]
 *   : HTMLElement} ElementOf
 */

/**
 * The page's first element matching a CSS selector, typed by the selector's tag or by the variable it is given to
 * (a `@type {HTMLButtonElement}` variable for a button found by its data-action).
 * @template {string} S
 * @template {Element} [E=ElementOf<S>]
 * @param {S} sel
 * @returns {E}
 */
export const $ = (sel) => /** @type {E} */ (document.querySelector(sel));

/**
 * Every element of the page matching a CSS selector, typed as `$` types one.
 * @template {string} S
 * @template {Element} [E=ElementOf<S>]
 * @param {S} sel
 * @returns {NodeListOf<E>}
 */
export const $$ = (sel) => document.querySelectorAll(sel);

const THEME = 'bao.theme';
const LANG_NAMES = { en: 'English', sw: 'Kiswahili', nl: 'Nederlands', sv: 'Svenska', af: 'Afrikaans' };

/**
 * The site's navigation, the same on every page and in this order. `page` is the `<body data-page>` of the pages
 * it leads to (that link is marked `aria-current="page"` there); `role` a hook a page updates (the game page
 * points the rules link at its game's rules).
 */
const NAV = [
  { page: 'home', href: '/', key: 'nav.play' },
  { page: 'learn', href: '/learn', key: 'nav.learn' },
  { page: 'puzzles', href: '/puzzles', key: 'nav.puzzles' },
  { page: 'analysis', href: '/analysis', key: 'nav.analysis' },
  { page: 'rules', href: '/rules/kujifunza.html', key: 'nav.rules', role: 'rules-link' },
];

/** Builds an element: `tag` with attributes `attrs` and children (elements or text). */
function el(/** @type {string} */ tag, /** @type {Record<string, string>} */ attrs = {}, /** @type {(Node|string)[]} */ ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/**
 * Puts the skip link and the site header at the top of the page and the footer at its end, once. The skip link
 * leads to `#main`, or to the element `<body data-skip-to>` names (the game page's board). The words are English
 * until the page's language is loaded (i18n.js's fallback dictionary is there from the start).
 */
function renderChrome() {
  const body = document.body;
  if (body.querySelector(':scope > header.site')) return;
  const here = body.dataset.page;
  const text = (/** @type {string} */ key) => el('span', { 'data-i18n': key }, t(key));
  const links = NAV.map(({ page, href, key, role }) => {
    const a = el('a', { href, 'data-i18n': key, 'data-nav': page }, t(key));
    if (role) a.dataset.role = role;
    if (page === here) a.setAttribute('aria-current', 'page');
    return a;
  });
  const beta = text('beta');
  beta.className = 'beta';
  const header = el(
    'header',
    { class: 'site' },
    el('a', { class: 'brand', href: '/' }, el('img', { class: 'logo', src: '/logo.svg', alt: '' }), 'Bao ', beta),
    el('nav', {}, ...links),
    el(
      'div',
      { class: 'tools' },
      el('select', { name: 'lang', 'data-i18n-attr': 'aria-label:lang.label', 'aria-label': t('lang.label') }),
      el('button', { type: 'button', class: 'icon', 'data-action': 'theme' }, '☾'),
    ),
  );
  const skip = el('a', { class: 'skip', href: `#${body.dataset.skipTo || 'main'}`, 'data-i18n': 'nav.skip' }, t('nav.skip'));
  body.prepend(skip, header);
  body.append(el('footer', { class: 'site' }, el('span', { 'data-role': 'version' }), text('footer.noReg')));
}

function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
}

function effectiveTheme() {
  const set = document.documentElement.dataset.theme;
  if (set) return set;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function setupHeader() {
  for (const sel of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll('select[name=lang]'))) {
    sel.innerHTML = '';
    for (const l of LANGS) {
      const o = document.createElement('option');
      o.value = l;
      o.textContent = LANG_NAMES[l];
      o.lang = l;
      sel.append(o);
    }
    sel.addEventListener('change', () => setLanguage(sel.value, true));
  }
  for (const btn of document.querySelectorAll('[data-action=theme]')) {
    btn.addEventListener('click', () => {
      const next = effectiveTheme() === 'dark' ? 'light' : 'dark';
      safeSet(THEME, next);
      applyTheme(next);
      updateThemeButtons();
    });
  }
}

function updateThemeButtons() {
  for (const btn of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-action=theme]'))) {
    const dark = effectiveTheme() === 'dark';
    btn.textContent = dark ? '☀' : '☾';
    btn.setAttribute('aria-label', t(dark ? 'theme.toLight' : 'theme.toDark'));
    btn.title = btn.getAttribute('aria-label');
  }
}

let versionInfo = null;

async function loadVersion() {
  try {
    versionInfo = await fetchVersion();
  } catch {
    versionInfo = null;
  }
  renderFooter();
}

function renderFooter() {
  const box = document.querySelector('[data-role=version]');
  if (!box) return;
  if (versionInfo && (versionInfo.version || versionInfo.commit)) {
    const commit = String(versionInfo.commit || '?').slice(0, 7);
    box.textContent = t('footer.version', { version: versionInfo.version || CLIENT_VERSION, commit });
  } else {
    box.textContent = t('footer.client', { version: CLIENT_VERSION });
  }
}

renderChrome();

/** Starts the page: theme, language (the browser's by default, or the remembered choice), footer. */
export async function initPage() {
  applyTheme(safeGet(THEME));
  setupHeader();
  onLanguage(() => {
    updateThemeButtons();
    renderFooter();
  });
  await setLanguage(pickLanguage());
  loadVersion();
}
