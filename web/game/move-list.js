// The move list: every move the server confirmed, numbered in pairs, each a button that shows the position after
// it. It is rebuilt only when the moves, the position shown or the language change.
import { $ } from '/common.js';
import { t } from '/i18n.js';

/** Draws the move list of `state`; clicking a move calls browse(number of moves up to it). */
export function renderMoveList(state, browse) {
  const moves = state.game.moves;
  const list = $('[data-role=moves]');
  const current = state.shownPly();
  const key = { n: String(moves.length), cur: String(current), lang: document.documentElement.lang };
  if (Object.entries(key).some(([k, v]) => list.dataset[k] !== v)) {
    list.replaceChildren(...moves.flatMap((mv, i) => entry(mv, i, i + 1 === current, browse)));
    Object.assign(list.dataset, key);
    if (state.browsing === null && list.querySelector('.current')) list.scrollTop = list.scrollHeight;
  }
  $('[data-role=moves-empty]').hidden = moves.length > 0;
}

/** The list items of move `i` (0-based): its number before South's moves, then the move's button. */
function entry(mv, i, current, browse) {
  const items = [];
  if (i % 2 === 0) {
    const num = document.createElement('li');
    num.className = 'num';
    num.setAttribute('aria-hidden', 'true');
    num.textContent = `${i / 2 + 1}.`;
    items.push(num);
  }
  const li = document.createElement('li');
  li.className = 'mv';
  li.dataset.move = mv;
  li.dataset.ply = String(i);
  if (current) li.classList.add('current');
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = mv;
  b.setAttribute('aria-label', `${i + 1}. ${t(`side.${i % 2 === 0 ? 'south' : 'north'}`)} ${mv}`);
  b.addEventListener('click', () => browse(i + 1));
  li.append(b);
  items.push(li);
  return items;
}
