// Why a click on a pit, or a typed move, does nothing, in words. The rules' reasons are the server's (`blocked`
// per pit in the snapshot and each `moved` event, `reason` on an `illegal_move` error); the page adds only what
// needs no rules: whose pit it is, whose turn, whether the game is on. Unknown codes read as `not_legal`.
import { t, has } from '/i18n.js';
import { movePit, parsePit } from '/shared/pits.js';

/** "A6, A7 or A8" in the page's language. */
function orList(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t('why.or')} ${items[items.length - 1]}`;
}

/** The sentence for a reason code, naming the moves or start pits the server allows (its `legal` list). */
export function reasonText(code, legal, pit = '') {
  const key = has(`why.${code}`) ? `why.${code}` : 'why.not_legal';
  const pits = [...new Set(legal.map(movePit))];
  const fromPit = legal.filter((m) => movePit(m) === pit);
  return t(key, { pit, pits: orList(pits), moves: orList(fromPit.length ? fromPit : legal) });
}

/** What needs no rules: why nobody at this browser can play `pit` now, or '' when that is not the reason. */
function seatReason(state, pit) {
  const g = state.game;
  if (state.you === 'spectator') return t('why.spectator');
  if (g.result || g.status === 'finished') return t('why.game_over');
  if (g.status === 'waiting') return t('why.waiting');
  if (state.browsing !== null) return t('why.browsing');
  const p = parsePit(pit);
  if (p && p.side !== state.you) return t('why.opponent_pit');
  if (g.position.to_move !== state.you) return t('why.not_your_turn');
  return '';
}

/** Why the pit clicked cannot start a move ('' when the page does not know: then it says nothing). */
export function whyPit(state, pit) {
  const g = state.game;
  if (!g || state.animating || state.pending) return '';
  const seat = seatReason(state, pit);
  if (seat) return seat;
  const code = g.blocked && g.blocked[pit];
  return code ? reasonText(code, g.legal, pit) : '';
}

/** Why a typed move cannot be played, in words (never the raw list of every legal move). */
export function whyTyped(state, move) {
  const g = state.game;
  if (state.turn() === 'opponent') return t('why.not_your_turn');
  const pit = movePit(move);
  if (!pit) return t('why.not_a_move', { move });
  const seat = seatReason(state, pit);
  if (seat) return seat;
  const code = g.blocked && g.blocked[pit];
  if (code) return reasonText(code, g.legal, pit);
  // The pit can start a move, just not this one: the server's moves from it.
  if (g.legal.some((m) => movePit(m) === pit)) return reasonText('direction', g.legal, pit);
  return reasonText('not_legal', g.legal, pit);
}
