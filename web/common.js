// What every page shares, written here once: the site header (navigation, this browser's player, language switch,
// theme toggle), the skip link, the footer (version) and translations. Every page's script imports this module, which runs before the
// page's own code: the header is there before that looks for it (`[data-role=rules-link]`, `select[name=lang]`).
import { LANGS, pickLanguage, setLanguage, applyTranslations, t, safeGet, safeSet, onLanguage } from '/i18n.js';
import { CLIENT_VERSION } from '/version.js';
import { fetchVersion, fetchMe, createPlayer, PLAYER } from '/api.js';
import { watchNetwork } from '/shared/offline.js';

/** The page's first element matching a selector, and all of them (types.d.ts: typed by the selector's tag). */
export const $ = /** @type {import('/types').First} */ ((sel) => document.querySelector(sel));
export const $$ = /** @type {import('/types').All} */ ((sel) => document.querySelectorAll(sel));

const THEME = 'bao.theme';
const LANG_NAMES = { en: 'English', sw: 'Kiswahili', nl: 'Nederlands', sv: 'Svenska', af: 'Afrikaans' };

// The navigation of every page: the `<body data-page>` marked aria-current, the address, the name.
const NAV = [
  ['home', '/', 'nav.play'],
  ['learn', '/learn', 'nav.learn'],
  ['puzzles', '/puzzles', 'nav.puzzles'],
  ['watch', '/watch', 'nav.watch'],
  ['leaderboard', '/leaderboard', 'nav.leaderboard'],
  ['tournaments', '/tournaments', 'nav.tournaments'],
  ['analysis', '/analysis', 'nav.analysis'],
  ['rules', '/rules/kujifunza.html', 'nav.rules'],
];

/** The skip link (to #main or `<body data-skip-to>`), the header and the footer, in English until the language loads. */
function renderChrome() {
  const b = document.body;
  const links = NAV.map(
    ([page, href, key]) =>
      `<a href="${href}" data-i18n="${key}"${page === 'rules' ? ' data-role="rules-link"' : ''}${page === b.dataset.page ? ' aria-current="page"' : ''}></a>`,
  );
  const langs = LANGS.map((l) => `<option value="${l}" lang="${l}">${LANG_NAMES[l]}</option>`);
  b.insertAdjacentHTML(
    'afterbegin',
    `<a class="skip" href="#${b.dataset.skipTo || 'main'}" data-i18n="nav.skip"></a><header class="site">` +
      '<a class="brand" href="/"><img class="logo" src="/logo.svg" alt="">Bao <span class="beta" data-i18n="beta"></span></a>' +
      `<nav>${links.join('')}</nav><div class="tools">` +
      '<span class="offline" data-role="offline" role="status" data-i18n="offline.note" data-i18n-attr="title:offline.title" hidden></span>' +
      `<a class="me" data-role="profile-link" hidden><span data-role="me" hidden></span></a>` +
      '<button type="button" class="link" data-action="rename" data-i18n="me.choose" hidden></button>' +
      '<button type="button" class="link" data-action="sign-in" data-i18n="signin.button" hidden></button>' +
      `<select name="lang" data-i18n-attr="aria-label:lang.label">${langs.join('')}</select>` +
      '<button type="button" class="icon" data-action="theme">☾</button></div></header>',
  );
  $('[data-action=rename]').addEventListener('click', openNameDialog);
  // Signing in with a passkey (loaded on the first click).
  $('[data-action=sign-in]').addEventListener('click', async (ev) => {
    const { signIn } = await import('/shared/sign-in.js');
    signIn(/** @type {HTMLButtonElement} */ (ev.currentTarget));
  });
  watchNetwork();
  b.insertAdjacentHTML('beforeend', '<footer class="site"><span data-role="version"></span><span data-i18n="footer.noReg"></span></footer>');
  applyTranslations(document);
  const lang = $('select[name=lang]');
  lang.addEventListener('change', () => setLanguage(lang.value, true));
  $('[data-action=theme]').addEventListener('click', () => {
    const next = effectiveTheme() === 'dark' ? 'light' : 'dark';
    safeSet(THEME, next);
    applyTheme(next);
    updateThemeButton();
  });
}

// ---- this browser's player (protocol.md, "Players"): a name, no registration ----

/** @type {{ id: string, name: string, passkeys?: number } | null} */
let me = null;
/** Whether the server was asked (until then neither the name nor the button is shown). */
let meKnown = false;

/** Shows the player in the header (its name as text, never markup, linking to its profile), or the button to
 * choose a name. */
function renderMe() {
  if (!meKnown) return;
  const box = $('[data-role=me]');
  const link = $('a[data-role=profile-link]');
  const button = $('[data-action=rename]');
  box.hidden = !me;
  link.hidden = !me;
  if (me) link.href = `/@/${encodeURIComponent(me.id)}`;
  else link.removeAttribute('href');
  link.title = me ? t('me.profile') : '';
  box.textContent = me ? me.name : '';
  if (me) box.dataset.player = me.id;
  else delete box.dataset.player;
  button.dataset.i18n = me ? 'me.rename' : 'me.choose';
  button.textContent = t(button.dataset.i18n);
  button.title = me ? t('me.renameTitle') : t('me.chooseTitle');
  button.hidden = false;
  // Also for a player without a passkey: a second device's new player may switch to the passkey's.
  $('[data-action=sign-in]').hidden = !!(me && me.passkeys > 0);
}

/** @type {Array<(player: { id: string, name: string } | null) => void>} */
const playerListeners = [];

/** This browser's player, once known (null: none, or not asked yet). */
export function currentPlayer() {
  return me;
}

/** Calls `cb` whenever this browser's player is known or changes. */
export function onPlayer(cb) {
  playerListeners.push(cb);
}

function playerChanged() {
  renderMe();
  for (const cb of playerListeners) cb(me);
}

/**
 * This browser's player, made now when it has none (with a name the server gives: the lobby needs a player, and
 * still no registration).
 * @returns {Promise<{ id: string, name: string }>}
 */
export async function ensurePlayer() {
  await loadMe();
  if (me) return me;
  me = await createPlayer('');
  safeSet(PLAYER, me.id);
  playerChanged();
  return me;
}

/** The name dialog (web/shared/name-dialog.js, loaded on the first click: most visits never open it); also the
 * own profile's rename button. */
export async function openNameDialog() {
  const { openNameDialog: open } = await import('/shared/name-dialog.js');
  open(me, (player) => {
    me = player;
    playerChanged();
  });
}

/** @type {Promise<void> | null} settles once the server was asked for this browser's player */
let mePromise = null;

function loadMe() {
  if (mePromise) return mePromise;
  mePromise = (async () => {
    try {
      me = await fetchMe();
    } catch {
      me = null;
    }
    meKnown = true;
    playerChanged();
  })();
  return mePromise;
}

/** The browser's bar colour (`<meta name=theme-color>`, the header's) of each theme. */
const BAR = { light: '#fffaf0', dark: '#221c16' };

function applyTheme(theme) {
  const root = document.documentElement;
  const chosen = theme === 'light' || theme === 'dark';
  if (chosen) root.dataset.theme = theme;
  else delete root.dataset.theme;
  // The head's two colours follow the system's scheme; a chosen theme sets both.
  for (const m of document.querySelectorAll('meta[name=theme-color]')) {
    const own = /** @type {HTMLMetaElement} */ (m);
    own.content = BAR[chosen ? theme : own.media.includes('dark') ? 'dark' : 'light'];
  }
}

function effectiveTheme() {
  const set = document.documentElement.dataset.theme;
  if (set) return set;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function updateThemeButton() {
  const btn = $('[data-action=theme]');
  const dark = effectiveTheme() === 'dark';
  btn.textContent = dark ? '☀' : '☾';
  btn.setAttribute('aria-label', t(dark ? 'theme.toLight' : 'theme.toDark'));
  btn.title = btn.getAttribute('aria-label');
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
/** On a phone the menu is one row that scrolls sideways: scroll it so that the current page's link is in view. */
function showCurrentNavLink() {
  const nav = document.querySelector('header.site nav');
  const current = nav?.querySelector('[aria-current=page]');
  if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
  const n = nav.getBoundingClientRect();
  const c = current.getBoundingClientRect();
  if (c.left >= n.left && c.right <= n.right - 24) return;
  nav.scrollLeft += c.left - n.left - (n.width - c.width) / 2;
}

export async function initPage() {
  applyTheme(safeGet(THEME));
  onLanguage((l) => {
    $('select[name=lang]').value = l;
    updateThemeButton();
    renderFooter();
    renderMe();
  });
  await setLanguage(pickLanguage());
  showCurrentNavLink();
  loadVersion();
  loadMe();
}
