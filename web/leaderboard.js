// The leaderboard, `/leaderboard?variant=V` (ui.md "Additions of the third wave"): the best established ratings of
// one variant, as GET /api/leaderboard gives them (the top 100 non-provisional players who played a rated game in
// the last 30 days), in order: rank, name (a link to the profile; the name as text only), rating, rated games.
// Links switch the variant; without one (or with one the site does not know) the first variant is shown.
import { $, $$, initPage } from '/common.js';
import { ApiError } from '/api.js';
import { fetchLeaderboard } from '/shared/players-api.js';
import { t, onLanguage } from '/i18n.js';

/** The variants, in the order the site lists them. */
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];

const asked = new URLSearchParams(location.search).get('variant');
const variant = VARIANTS.includes(asked) ? asked : VARIANTS[0];

/** @type {Array<{ player: { id: string, name: string }, rating: number, games: number }> | null} */
let rows = null;

function row(entry, i) {
  const tr = document.createElement('tr');
  const rank = document.createElement('td');
  rank.className = 'rank';
  rank.textContent = String(i + 1);
  const who = document.createElement('td');
  const a = document.createElement('a');
  a.href = `/@/${encodeURIComponent(entry.player.id)}`;
  a.dataset.player = entry.player.id;
  a.textContent = entry.player.name;
  who.append(a);
  const rating = document.createElement('td');
  rating.className = 'num';
  rating.textContent = String(Math.round(entry.rating));
  const games = document.createElement('td');
  games.className = 'num';
  games.textContent = String(entry.games);
  tr.append(rank, who, rating, games);
  return tr;
}

function render() {
  const name = t(`variant.${variant}`);
  document.title = `${t('leaderboard.titleOf', { variant: name })} · Bao`;
  $('[data-role=leaderboard-caption]').textContent = t('leaderboard.titleOf', { variant: name });
  for (const a of $$('[data-role=variant-tabs] a')) {
    if (a.dataset.variant === variant) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (rows === null) return;
  $('[data-role=leaderboard] tbody').replaceChildren(...rows.map(row));
  $('[data-role=leaderboard]').hidden = rows.length === 0;
  $('[data-role=leaderboard-empty]').hidden = rows.length > 0;
}

$('[data-role=leaderboard]').dataset.variant = variant;
onLanguage(render);
await initPage();
try {
  rows = await fetchLeaderboard(variant);
} catch (e) {
  const box = $('[data-role=leaderboard-error]');
  box.textContent = t('leaderboard.failed', { code: e instanceof ApiError ? e.code : 'network' });
  box.hidden = false;
  $('[data-role=leaderboard]').hidden = true;
}
$('[data-role=leaderboard-loading]').hidden = true;
render();
