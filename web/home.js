// Home page: choose a game and an opponent; the server creates the game and hands out a seat token,
// which stays in this browser (localStorage, keyed by game id) and never goes into a URL.
import { $, $$, initPage } from '/common.js';
import { createGame, fetchLevels } from '/api.js';
import { t, onLanguage } from '/i18n.js';
import { storeToken } from '/shared/store.js';
import { controlName, parseControl } from '/shared/clock-format.js';
import { loadMyGames, renderMyGames } from '/my-games.js';
import { startLobby } from '/lobby.js';

const variantSel = $('select[name=variant]');
const levelSel = $('select[name=level]');
const seatSel = $('select[name=seat]');
const clockSel = $('select[name=clock]');
const message = $('[data-role=message]');

function showVariant() {
  const v = variantSel.value;
  showLevels();
  $('[data-role=variant-desc]').textContent = t(`variant.${v}.desc`);
  $('a[data-role=variant-rules]').href = `/rules/${v}.html`;
  for (const li of $$('.variants li')) li.classList.toggle('selected', li.dataset.variant === v);
}

async function create(opponent) {
  const body = { variant: variantSel.value, opponent };
  const clock = parseControl(clockSel.value);
  if (clock) body.clock = clock;
  if (opponent === 'computer') {
    body.level = levelSel.value;
    body.seat = seatSel.value;
  } else {
    body.seat = seatSel.value;
  }
  message.className = 'message';
  message.textContent = t('home.creating');
  for (const b of $$('button[data-action^=play-]')) b.disabled = true;
  try {
    const data = await createGame(body);
    storeToken(data.id, data.token, data.seat, true);
    location.assign(data.url || `/g/${encodeURIComponent(data.id)}`);
  } catch (e) {
    message.className = 'message error';
    message.textContent = t('home.error', { msg: e.message });
    for (const b of $$('button[data-action^=play-]')) b.disabled = false;
  }
}

/** The levels' ratings per variant, once `GET /api/levels` has answered: `{ [level]: { [variant]: rating } }`. */
let ratings = {};

/** The level chooser's options in the page's language: "Level 3 · about 1450", the rating the level measured in
 * the chosen variant (none for a variant not measured, or before the ratings came). */
function showLevels() {
  for (const o of levelSel.options) {
    const k = o.dataset.level;
    const name = /^\d$/.test(o.value) ? '' : t(`level.${o.value}`);
    const level = name ? t('home.levelNamed', { k, name }) : t('home.levelOption', { k });
    const r = ratings[k] && ratings[k][variantSel.value];
    o.textContent = r ? t('home.levelAbout', { level, rating: Math.round(r.rating / 50) * 50 }) : level;
  }
}

async function loadLevels() {
  try {
    const body = await fetchLevels();
    ratings = Object.fromEntries(body.levels.map((l) => [String(l.number), l.ratings]));
  } catch {
    return;
  }
  showLevels();
}

/** The time controls' names in the page's language. */
function showClocks() {
  for (const o of clockSel.options) o.textContent = controlName(parseControl(o.value));
}

/** Games this browser played: listed again as their status comes; kept quiet when the server cannot say. */
let myGames = [];
async function showMyGames() {
  try {
    myGames = await loadMyGames();
  } catch {
    /* no network: the games kept in this browser (/local) are listed all the same */
  }
  // The list's words are the home page's own (web/i18n/pages/home/): drawn once they have loaded.
  await started;
  drawMyGames();
}
function drawMyGames() {
  renderMyGames(document.querySelector('[data-role=my-games-box]'), document.querySelector('[data-role=my-games]'), myGames);
}
// Fresh whenever the page is looked at again (a turn may have come meanwhile), and once a minute while it is.
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) showMyGames();
});
setInterval(() => {
  if (!document.hidden) showMyGames();
}, 60000);

variantSel.addEventListener('change', showVariant);
for (const li of $$('.variants li')) {
  li.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('a')) return;
    variantSel.value = li.dataset.variant;
    showVariant();
  });
}
$('[data-action=play-friend]').addEventListener('click', () => create('friend'));
$('[data-action=play-computer]').addEventListener('click', () => create('computer'));
// The game in this browser (/local) opens its form with the game and strength chosen here.
const local = /** @type {HTMLAnchorElement} */ ($('a[data-action=play-local]'));
const pointLocal = () => {
  local.href = `/local?variant=${encodeURIComponent(variantSel.value)}&level=${encodeURIComponent(levelSel.value)}`;
};
for (const ev of ['click', 'auxclick', 'focus', 'pointerenter']) local.addEventListener(ev, pointLocal);
const wanted = new URLSearchParams(location.search).get('variant');
if (wanted && [...variantSel.options].some((o) => o.value === wanted)) variantSel.value = wanted;
onLanguage(() => {
  showVariant();
  showClocks();
  drawMyGames();
});
const started = initPage();
showMyGames();
started.then(loadLevels);
started.then(startLobby);
// The next tournaments (running, then coming), in a module of their own loaded after the page is up.
started.then(() => import('/home-tournaments.js')).then((m) => m.showNextTournaments());
