// Language handling: every visible string comes from web/i18n/<lang>.js, or from web/i18n/pages/<page>/<lang>.js for
// a page with <body data-i18n-page="<page>"> (its own words: docs/architecture.md). Elements name their string with
// data-i18n="key" (text) or data-i18n-attr="attr:key;attr:key".

// English: every dictionary's fallback, and the page's words until its own have loaded.
import EN from '/i18n/en.js';

export const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const STORE = 'bao.lang';

let dict = {};
let fallback = EN;
let current = 'en';
/** Whether the page's own words have loaded. */
let loaded = false;
const listeners = [];

export function pickLanguage() {
  const saved = safeGet(STORE);
  if (saved && LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

export function lang() {
  return current;
}

/** The plural form of the count `n` in language `l` (Intl.PluralRules: `one` or `other` in the five languages). */
const rules = {};
function form(l, n) {
  if (typeof n !== 'number') return 'other';
  rules[l] ??= new Intl.PluralRules(l);
  return rules[l].select(n);
}

/** Looks a key up; `{name}` placeholders are filled from params. With a count `params.n` the key's form for it is
 * used when the language has one (`key.one`: "1 seed"); `key` itself is the `other` form. */
export function t(key, params = {}) {
  const f = form(current, params.n);
  let s = f === 'other' ? undefined : dict[`${key}.${f}`];
  if (s === undefined) s = dict[key];
  const e = form('en', params.n);
  if (s === undefined && e !== 'other') s = fallback[`${key}.${e}`];
  if (s === undefined) s = fallback[key];
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

export function has(key) {
  return dict[key] !== undefined || fallback[key] !== undefined;
}

export function onLanguage(fn) {
  listeners.push(fn);
}

export async function setLanguage(l, remember = false) {
  if (!LANGS.includes(l)) l = 'en';
  // Remembered at once: a page left before the dictionary has loaded must not forget the choice.
  if (remember) safeSet(STORE, l);
  const page = document.body.dataset.i18nPage;
  const [shared, own, ownEnglish] = await Promise.all([
    import(`/i18n/${l}.js`),
    page ? import(`/i18n/pages/${page}/${l}.js`) : null,
    page ? import(`/i18n/pages/${page}/en.js`) : null,
  ]);
  dict = { ...shared.default, ...own?.default };
  fallback = { ...EN, ...ownEnglish?.default };
  loaded = true;
  current = l;
  document.documentElement.lang = l;
  applyTranslations(document);
  for (const fn of listeners) fn(l);
}

// Until the page's own words have loaded, an element whose key only they have keeps the words it has.
export function applyTranslations(root) {
  const known = (key) => loaded || has(key);
  for (const el of root.querySelectorAll('[data-i18n]')) if (known(el.dataset.i18n)) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-html]')) if (known(el.dataset.i18nHtml)) el.innerHTML = t(el.dataset.i18nHtml);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':');
      if (attr && key && known(key.trim())) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  const title = document.body && document.body.dataset.titleKey;
  if (title && known(title)) document.title = t(title) + ' · Bao';
}

export function safeGet(k) {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
}

export function safeSet(k, v) {
  try {
    localStorage.setItem(k, v);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}
