// A player's profile, `/@/{id}` (ui.md "Additions of the third wave"): the name (as text only: a name is what a
// player wrote), since when they play, their rating in each variant they played rated games of (a "?" while it
// is provisional) with a small graph of it over time, and their games, newest first, 50 at a time ("More games").
// On the own profile (this browser's player, GET /api/players/me, is the page's): rename, download the data,
// delete the player, and the account's controls (passkeys, sign-in links, sign out: web/passkeys.js). An unknown or deleted id: "no such player".
import { $, initPage, currentPlayer, onPlayer, openNameDialog } from '/common.js';
import { ApiError, fetchPuzzleProgress, fetchMistakes } from '/api.js';
import { fetchPlayer, fetchPlayerGames, fetchRatingHistory, deletePlayer, EXPORT_URL } from '/shared/players-api.js';
import { t, lang, onLanguage } from '/i18n.js';
import { controlName } from '/shared/clock-format.js';
import { ratingGraph } from '/shared/rating-graph.js';

/** The variants, in the order the site lists them. */
const VARIANTS = ['kujifunza', 'kiswahili', 'kiswahili-malawi', 'kimasai'];
/** Games in one page of GET /api/players/{id}/games: a shorter page is the last. */
const PAGE = 50;

/** The page's player id, from the address (`/@/{id}`); empty when it cannot be read, which no player has. */
const id = (() => {
  try {
    return decodeURIComponent(location.pathname.replace(/^\/@\//, '').replace(/\/$/, ''));
  } catch {
    return '';
  }
})();

/** @type {any} the profile as the server gave it (null: none, or not loaded yet) */
let profile = null;
/** @type {Record<string, Array<{ at: number, rating: number, game: string }>>} */
let history = {};
/** @type {any[]} the games loaded so far, newest first */
let games = [];
/** @type {any} the player's puzzle progress (null: none, or not loaded) */
let puzzles = null;
/** @type {any} the own profile's mistakes as puzzles, `{ mistakes, unsolved }` (null: not loaded, or not own) */
let mistakes = null;
/** Whether the last page asked for was full (so there may be more). */
let more = false;

const dateOf = (ms) => new Date(ms).toLocaleDateString(lang(), { year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = (ms) => new Date(ms).toLocaleDateString(lang());

function showMissing() {
  $('[data-role=profile-loading]').hidden = true;
  $('[data-role=profile]').hidden = true;
  $('[data-role=profile-missing]').hidden = false;
  document.title = `${t('profile.missingTitle')} · Bao`;
}

function showError(e) {
  $('[data-role=profile-loading]').hidden = true;
  const box = $('[data-role=profile-error]');
  box.textContent = t('profile.failed', { code: e instanceof ApiError ? e.code : 'network' });
  box.hidden = false;
}

/** Whether the page is this browser's player's own profile. */
function isOwn() {
  const me = currentPlayer();
  return !!(me && profile && me.id === profile.id);
}

/** A rating as shown: rounded, with a "?" while provisional. */
function ratingText(r) {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

function renderHead() {
  const name = $('[data-role=player-name]');
  name.textContent = profile.name;
  name.dataset.player = profile.id;
  document.title = `${profile.name} · Bao`;
  $('[data-role=since]').textContent = [t('profile.since', { date: dateOf(profile.created) }), t('profile.games', { n: profile.games })].join(' · ');
  $('[data-role=games-title]').textContent = t('profile.gamesCount', { n: profile.games });
}

function renderRatings() {
  const box = $('[data-role=ratings]');
  const rated = VARIANTS.filter((v) => profile.ratings && profile.ratings[v] && profile.ratings[v].games > 0);
  box.replaceChildren(
    ...rated.map((v) => {
      const r = profile.ratings[v];
      const card = document.createElement('div');
      card.className = 'rating-card';
      card.dataset.role = 'rating';
      card.dataset.variant = v;
      card.dataset.rating = String(Math.round(r.rating));
      if (r.provisional) card.dataset.provisional = '';
      const head = document.createElement('h3');
      head.textContent = t(`variant.${v}`);
      const value = document.createElement('p');
      value.className = 'value';
      const num = document.createElement('strong');
      num.textContent = ratingText(r);
      if (r.provisional) num.title = t('profile.provisional');
      value.append(num, ' ', t('profile.ratedGames', { n: r.games }));
      const note = document.createElement('p');
      note.className = 'hint';
      note.textContent = r.provisional ? t('profile.provisional') : t('profile.deviation', { d: Math.round(r.deviation) });
      card.append(head, value, note);
      const points = Array.isArray(history[v]) ? history[v] : [];
      // A line needs two ratings: after one game the number says it all.
      const graph = points.length < 2 ? null : ratingGraph(
        points,
        t('profile.graph', { variant: t(`variant.${v}`), from: Math.round(points[0]?.rating ?? r.rating), to: Math.round(r.rating), n: points.length }),
      );
      if (graph) card.append(graph);
      const link = document.createElement('a');
      link.href = `/leaderboard?variant=${encodeURIComponent(v)}`;
      link.textContent = t('profile.leaderboardOf', { variant: t(`variant.${v}`) });
      card.append(link);
      return card;
    }),
  );
  $('[data-role=no-ratings]').hidden = rated.length > 0;
  $('[data-role=leaderboard-link]').hidden = rated.length > 0;
}

/** The seat the profile's player holds in a game, or null (a page of their games should always have one). */
function seatOf(g) {
  for (const side of ['south', 'north']) {
    const p = g.seats && g.seats[side] && g.seats[side].player;
    if (p && p.id === profile.id) return side;
  }
  return null;
}

/** The result as this player saw it (`won`, `lost`, `drawn`, `aborted`), or where the game stands. */
function standing(g, seat) {
  if (g.result) {
    if (g.result.reason === 'aborted') return 'aborted';
    if (!g.result.winner) return 'drawn';
    return seat && g.result.winner === seat ? 'won' : seat ? 'lost' : 'over';
  }
  return g.status === 'waiting' ? 'waiting' : 'playing';
}

/** The opponent: a link to their profile (their name as text), the computer and its level, or words. */
function opponent(g, seat) {
  const span = document.createElement('span');
  span.className = 'opponent';
  const other = g.seats ? g.seats[seat === 'north' ? 'south' : 'north'] : null;
  span.append(t('profile.vs'), ' ');
  if (!other || !other.taken) {
    span.append(t('profile.nobody'));
  } else if (other.kind === 'computer') {
    span.append(t('profile.computer', { level: /^\d$/.test(g.level) ? t('seat.level.n', { k: g.level }) : t(`seat.level.${g.level || 'medium'}`) }));
  } else if (other.player && other.player.deleted) {
    span.append(t('player.deleted'));
  } else if (other.player) {
    const a = document.createElement('a');
    a.href = `/@/${encodeURIComponent(other.player.id)}`;
    a.dataset.opponent = other.player.id;
    a.textContent = other.player.name;
    // Without their rating: a summary has today's, not the one the game was played at.
    span.append(a);
  } else {
    span.append(t('profile.guest'));
  }
  return span;
}

function gameItem(g) {
  const seat = seatOf(g);
  const li = document.createElement('li');
  const result = standing(g, seat);
  li.dataset.result = result;
  const a = document.createElement('a');
  a.href = `/g/${encodeURIComponent(g.id)}`;
  a.dataset.game = g.id;
  const res = document.createElement('strong');
  res.className = 'res';
  res.textContent = t(`profile.result.${result}`);
  const facts = document.createElement('span');
  facts.className = 'facts';
  facts.textContent = [t(`variant.${g.variant}`), controlName(g.clock), g.rated ? t('profile.rated') : t('profile.casual')].join(' · ');
  a.append(res, ' ', facts);
  const when = document.createElement('time');
  when.className = 'when';
  if (g.created) {
    when.dateTime = new Date(g.created).toISOString();
    when.textContent = shortDate(g.created);
  }
  li.append(a, ' ', opponent(g, seat), ' ', when);
  return li;
}

function renderGames() {
  $('[data-role=profile-games]').replaceChildren(...games.map(gameItem));
  $('[data-role=games-empty]').hidden = games.length > 0;
  $('[data-action=more-games]').hidden = !more;
}

/** The next page of games (the first when none is loaded); a game already listed is not listed twice. */
async function loadGames() {
  const button = $('button[data-action=more-games]');
  const error = $('[data-role=games-error]');
  button.disabled = true;
  error.hidden = true;
  try {
    const last = games[games.length - 1];
    const page = await fetchPlayerGames(id, last ? last.created : undefined, last ? last.id : undefined);
    const known = new Set(games.map((g) => g.id));
    const fresh = page.filter((g) => !known.has(g.id));
    games = games.concat(fresh);
    more = page.length >= PAGE && fresh.length > 0;
  } catch (e) {
    error.textContent = t('profile.gamesFailed', { code: e instanceof ApiError ? e.code : 'network' });
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
  renderGames();
}

/** The own profile's part: shown only to its player, with the account's controls mounted once. */
function renderOwn() {
  const own = isOwn();
  $('[data-role=own]').hidden = !own;
  $('[data-role=own-badge]').hidden = !own;
  if (!own) return;
  const exp = /** @type {HTMLAnchorElement} */ ($('a[data-role=export]'));
  exp.href = EXPORT_URL;
  exp.download = `bao-player-${profile.id}.json`;
  // The passkeys, sign-in links and signing out (web/passkeys.js: only the own profile loads it).
  const box = $('[data-role=account-controls]');
  import('/passkeys.js').then(({ mountAccountControls }) => mountAccountControls(box));
}

/** The puzzle rating, the solves and misses, the best streak and the counts by theme (a link opens the theme). */
function renderPuzzles() {
  const box = $('[data-role=profile-puzzles]');
  box.hidden = !puzzles;
  if (!puzzles) return;
  const c = puzzles.counts;
  $('[data-role=profile-puzzle-rating]').textContent = t('profile.puzzleSummary', {
    rating: Math.round(puzzles.rating.rating),
    solved: c.solved,
    failed: c.failed,
    streak: puzzles.best_streak,
  });
  const items = Object.entries(puzzles.themes || {}).map(([theme, n]) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/puzzles?theme=${encodeURIComponent(theme)}`;
    a.textContent = t(`puzzles.theme.${theme}`);
    li.append(a, ` ${t('profile.puzzleTheme', { solved: n.solved, failed: n.failed })}`);
    return li;
  });
  $('[data-role=profile-puzzle-themes]').replaceChildren(...items);
}

/**
 * The own profile's mistakes as puzzles (GET /api/mistakes: the blunders of the player's reviewed games where the
 * better move won by force or clearly), each a link to practise it on /puzzles, the solved ones ticked.
 */
function renderMistakes() {
  const box = $('[data-role=profile-mistakes]');
  box.hidden = !isOwn() || !mistakes;
  if (box.hidden) return;
  const list = mistakes.mistakes;
  $('[data-role=mistakes-summary]').textContent = list.length
    ? t('profile.mistakesSummary', { n: list.length, unsolved: mistakes.unsolved })
    : t('profile.mistakesNone');
  const items = list.map((m) => {
    const li = document.createElement('li');
    li.dataset.mistake = m.id;
    if (m.solved) li.dataset.solved = '';
    const a = document.createElement('a');
    a.href = `/puzzles?mistake=${encodeURIComponent(m.id)}`;
    a.textContent = t('profile.mistakeItem', { variant: t(`variant.${m.variant}`), ply: m.ply + 1, move: m.played });
    li.append(a, ` ${t(m.solved ? 'profile.mistakeSolved' : m.goal === 'win' ? 'profile.mistakeWin' : 'profile.mistakeAdvantage')}`);
    return li;
  });
  $('[data-role=mistake-list]').replaceChildren(...items);
}

/** Loads the own profile's mistakes once (nobody else may see them). */
async function loadMistakes() {
  if (!isOwn() || mistakes) return;
  try {
    mistakes = await fetchMistakes();
  } catch {
    mistakes = null;
  }
  renderMistakes();
}

function render() {
  if (!profile) return;
  renderHead();
  renderRatings();
  renderPuzzles();
  renderMistakes();
  renderGames();
  renderOwn();
}

function wire() {
  $('[data-action=more-games]').addEventListener('click', loadGames);
  $('[data-action=rename-player]').addEventListener('click', () => openNameDialog());
  const dialog = /** @type {HTMLDialogElement} */ ($('dialog[data-role=delete-dialog]'));
  $('[data-action=delete-player]').addEventListener('click', () => {
    $('[data-role=delete-error]').hidden = true;
    dialog.showModal();
  });
  $('[data-action=confirm-delete-player]').addEventListener('click', async () => {
    const error = $('[data-role=delete-error]');
    try {
      await deletePlayer();
    } catch (e) {
      error.textContent = t('profile.deleteFailed', { code: e instanceof ApiError ? e.code : 'network' });
      error.hidden = false;
      return;
    }
    // The profile is gone: the page says so, and the header has no player any more.
    location.reload();
  });
}

onLanguage(render);
onPlayer((me) => {
  if (!profile) return;
  // A rename (the header's button or this page's) shows at once.
  if (me && me.id === profile.id && me.name !== profile.name) profile = { ...profile, name: me.name };
  render();
  loadMistakes();
});
wire();
await initPage();
if (!id || id.includes('/')) {
  showMissing();
} else {
  let failed = false;
  try {
    const [p, h, z] = await Promise.all([
      fetchPlayer(id),
      fetchRatingHistory(id).catch(() => ({})),
      fetchPuzzleProgress(id).catch(() => null),
    ]);
    profile = p;
    history = h;
    puzzles = z;
  } catch (e) {
    failed = true;
    showError(e);
  }
  if (profile) {
    $('[data-role=profile-loading]').hidden = true;
    $('[data-role=profile]').hidden = false;
    render();
    await Promise.all([loadGames(), loadMistakes()]);
  } else if (!failed) {
    showMissing();
  }
}
