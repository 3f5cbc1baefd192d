// Language handling: every visible string comes from a dictionary in web/i18n/<lang>.js.
// Elements name their string with data-i18n="key" (text) or data-i18n-attr="attr:key;attr:key".

// English: every dictionary's fallback, and the page's words until its own have loaded.
import EN from '/i18n/en.js';

export const LANGS = ['en', 'sw', 'nl', 'sv', 'af'];
const STORE = 'bao.lang';

let dict = {};
const fallback = EN;
let current = 'en';
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

/** Looks a key up; `{name}` placeholders are filled from params. With `params.n` of 1 the key's `.one`
 * form is used when the language has one ("1 seed"). */
export function t(key, params = {}) {
  let s = params.n === 1 ? dict[`${key}.one`] : undefined;
  if (s === undefined) s = dict[key];
  if (s === undefined && params.n === 1) s = fallback[`${key}.one`];
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
  const mod = await import(`/i18n/${l}.js`);
  dict = mod.default;
  current = l;
  document.documentElement.lang = l;
  applyTranslations(document);
  for (const fn of listeners) fn(l);
}

export function applyTranslations(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-html]')) el.innerHTML = t(el.dataset.i18nHtml);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':');
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  if (document.body && document.body.dataset.titleKey) document.title = t(document.body.dataset.titleKey) + ' · Bao';
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
