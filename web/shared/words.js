// The page's sentences about the game in the page's language: whose turn it is, who played what, the result and
// the stage. They only put into words what the state holds.
import { t } from '/i18n.js';

/** "North", with "(computer)" and "(you)" where they apply. */
/**
 * Who holds a seat, as the game page shows them: the player's name (as text), the computer and its level, or the
 * side; "(you)" for this browser's seat.
 */
export function sideName(state, side) {
  const seat = state.game.seats[side];
  let s;
  if (seat && seat.player) s = seat.player.deleted ? t('player.deleted') : seat.player.name;
  else if (seat && seat.kind === 'computer') s = `${t('side.' + side)} (${t('computer')}${state.game.level ? ', ' + (/^\d$/.test(state.game.level) ? t('seat.level.n', { k: state.game.level }) : t(`seat.level.${state.game.level}`)) : ''})`;
  else s = t(`side.${side}`);
  if (side === state.you) s += ` (${t('you')})`;
  return s;
}


/** The status line: waiting for a second player, whose turn it is, or the result. */
export function statusLine(state) {
  const g = state.game;
  if (g.status === 'waiting') return t('game.waiting');
  if (g.result) return `${resultHeading(state)} ${because(g.result)}`;
  return turnLine(state, g.position.to_move);
}

/** "Your turn (South)." or "North (computer) to move." */
function turnLine(state, side) {
  return side === state.you ? t('game.yourTurn', { side: t(`side.${side}`) }) : t('game.toMove', { side: sideName(state, side) });
}

/**
 * What a `moved` event announces as soon as it arrives (before the animation): who played which move, what it
 * captured, and whose turn it is next. A move that ends the game says no more: the result follows.
 */
export function movedLine(state, msg) {
  const who = msg.by === state.you ? t('game.playedYou', { move: msg.move }) : t('game.played', { side: t(`side.${msg.by}`), move: msg.move });
  const next = msg.result ? '' : turnLine(state, msg.position.to_move);
  return [who, capturesLine(msg, state.game.variant), next].filter(Boolean).join(' ');
}

/** The captures of a move's trace in words ("Captured: 2 seeds from a7."), or '' when it captured nothing. */
export function capturesLine(msg, variant) {
  const cows = variant === 'kimasai';
  const items = (msg.trace || [])
    .filter((s) => s.step === 'capture' && s.count > 0)
    .map((s) => t(cows ? 'game.captureItemCows' : 'game.captureItem', { n: s.count, pit: s.pit }));
  return items.length ? t(cows ? 'game.capturedCows' : 'game.captured', { list: items.join(', ') }) : '';
}

/** What the status line says while a move is shown: "North plays a5L…" (a click or key skips it). */
export function showingLine(state, msg) {
  return msg.by === state.you ? t('game.showingYou', { move: msg.move }) : t('game.showing', { side: t(`side.${msg.by}`), move: msg.move });
}

/** The result as this browser's seat sees it: "You win!", "You lose.", for a spectator "South wins", or "Draw". */
export function resultHeading(state) {
  const r = state.game.result;
  if (r.reason === 'aborted') return t('result.aborted');
  if (!r.winner) return t('result.draw');
  if (state.you === r.winner) return t('result.youWin');
  if (state.you !== 'spectator') return t('result.youLose');
  return t('result.wins', { side: t(`side.${r.winner}`) });
}

/** The line under the result heading: "South wins. Reason: resignation." */
export function resultDetail(state) {
  const r = state.game.result;
  if (!r.winner) return because(r);
  return `${t('result.wins', { side: t(`side.${r.winner}`) })}. ${because(r)}`;
}

function because(result) {
  const key = `reason.${result.reason}`;
  const reason = t(key) === key ? t('reason.other', { reason: result.reason }) : t(key);
  return t('result.because', { reason });
}

/**
 * The stage the server names for the side to move (nothing when it names none, and nothing in Bao la Kujifunza,
 * which has one stage only), and the takasia'd pit.
 */
export function stageText(pos) {
  const parts = [];
  if (pos.stage && pos.variant !== 'kujifunza') parts.push(t(`game.stage.${pos.stage}`));
  if (pos.takasia) parts.push(t('game.takasia', { pit: pos.takasia }));
  return parts.join(' · ');
}

/** The explanation of the stage shown (and of the hands where they matter), for the stage's help button. */
export function stageHelp(pos) {
  if (!pos.stage || pos.variant === 'kujifunza') return '';
  const key = `help.stage.${pos.stage}`;
  return t(key) === key ? '' : t(key);
}
