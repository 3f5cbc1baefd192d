// What every page shares: the header (language switch, theme toggle), the footer (version) and translations.
import { LANGS, pickLanguage, setLanguage, t, safeGet, safeSet, onLanguage } from '/i18n.js';
import { CLIENT_VERSION } from '/version.js';

/** The page's first element matching a CSS selector. */
export const $ = (sel) => document.querySelector(sel);

const THEME = 'bao.theme';
const LANG_NAMES = { en: 'English', sw: 'Kiswahili', nl: 'Nederlands', sv: 'Svenska', af: 'Afrikaans' };

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
  for (const sel of document.querySelectorAll('select[name=lang]')) {
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
  for (const btn of document.querySelectorAll('[data-action=theme]')) {
    const dark = effectiveTheme() === 'dark';
    btn.textContent = dark ? '☀' : '☾';
    btn.setAttribute('aria-label', t(dark ? 'theme.toLight' : 'theme.toDark'));
    btn.title = btn.getAttribute('aria-label');
  }
}

let versionInfo = null;

async function loadVersion() {
  try {
    const r = await fetch('/api/version', { headers: { accept: 'application/json' } });
    if (r.ok) versionInfo = await r.json();
  } catch {
    versionInfo = null;
  }
  renderFooter();
}

function renderFooter() {
  const el = document.querySelector('[data-role=version]');
  if (!el) return;
  if (versionInfo && (versionInfo.version || versionInfo.commit)) {
    const commit = String(versionInfo.commit || '?').slice(0, 7);
    el.textContent = t('footer.version', { version: versionInfo.version || CLIENT_VERSION, commit });
  } else {
    el.textContent = t('footer.client', { version: CLIENT_VERSION });
  }
}

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
