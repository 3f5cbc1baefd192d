// The games being played now that are listed (docs/protocol.md, `GET /api/games/live`): one card each, with a
// small board, the players, the game and the clock; a click opens the game as a spectator. Asked again every few
// seconds while the page is looked at: the boards follow the games.
import { $, initPage } from '/common.js';
import { request } from '/api.js';
import { t, onLanguage } from '/i18n.js';
import { Board } from '/shared/board.js';
import { controlName } from '/shared/clock-format.js';

const box = /** @type {HTMLElement} */ ($('[data-role=live-games]'));
const empty = /** @type {HTMLElement} */ ($('[data-role=live-empty]'));
/** How often the list is asked for again (ms). */
const EVERY_MS = 4000;

/** @type {Map<string, { card: HTMLAnchorElement, board: Board, game: any }>} */
const cards = new Map();
let games = [];

/** A seat's player as text: their name, the computer, or nobody named. */
function seatName(seat) {
  if (seat.player) return seat.player.deleted ? t('watch.deleted') : seat.player.name;
  return seat.kind === 'computer' ? t('watch.computer') : t('watch.anonymous');
}

function card(g) {
  let c = cards.get(g.id);
  if (!c) {
    const a = document.createElement('a');
    a.className = 'live-card';
    a.dataset.game = g.id;
    a.href = `/g/${encodeURIComponent(g.id)}`;
    const host = document.createElement('div');
    host.className = 'mini-board';
    // A picture of the game inside its link: not a board to play on, nothing in it to focus.
    host.inert = true;
    const names = document.createElement('p');
    names.className = 'names';
    const facts = document.createElement('p');
    facts.className = 'facts';
    a.append(host, names, facts);
    const board = new Board(host, { onPit: () => {}, onArrow: () => {} });
    board.setCoords(false);
    c = { card: a, board, game: g };
    cards.set(g.id, c);
  }
  c.game = g;
  c.board.render(g.position, {});
  const [names, facts] = c.card.querySelectorAll('p');
  names.textContent = t('watch.versus', { south: seatName(g.seats.south), north: seatName(g.seats.north) });
  facts.textContent = [t(`variant.${g.variant}`), controlName(g.clock), t('watch.moves', { n: g.moves })].join(' · ');
  return c.card;
}

function render() {
  const seen = new Set(games.map((g) => g.id));
  for (const id of [...cards.keys()]) if (!seen.has(id)) cards.delete(id);
  box.replaceChildren(...games.map(card));
  empty.hidden = games.length > 0;
}

async function refresh() {
  try {
    const { data } = await request('/api/games/live?limit=30', { cache: 'no-store' });
    games = Array.isArray(data) ? data : [];
  } catch {
    return;
  }
  render();
}

onLanguage(render);
await initPage();
await refresh();
setInterval(() => {
  if (!document.hidden) refresh();
}, EVERY_MS);
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) refresh();
});
