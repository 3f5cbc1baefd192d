// Types of the web client for the type check only (tests/typecheck: tsc --checkJs). No page loads this file: the
// JSDoc of the modules refers to it (`import('/types').PickState`), so these declarations cost the pages no bytes.

import type { GameState } from '/game/state.js';
import type { GameView } from '/game/view.js';
import type { Connection } from '/game/connection.js';
import type { Takeback } from '/game/takeback.js';
import type { Say } from '/game/say.js';
import type { MovePicker } from '/shared/move-picker.js';
import type { MoveAnimation } from '/shared/animation.js';
import type { Sound } from '/shared/sound.js';

/**
 * The element a CSS selector names by its tag (`select[name=x]` is an HTMLSelectElement), else an HTMLElement:
 * `$` and `$$` (common.js) look for the pages' own HTML markup (the board's SVG pits are cast where needed).
 */
export type ElementOf<S extends string> = S extends keyof HTMLElementTagNameMap
  ? HTMLElementTagNameMap[S]
  : S extends `${infer T extends keyof HTMLElementTagNameMap}${'[' | '.' | ':' | '#'}${string}`
    ? HTMLElementTagNameMap[T]
    : HTMLElement;

/** `$` (common.js): the page's first element matching `sel`, typed by its tag or by the variable it is given to. */
export type First = <S extends string, E extends Element = ElementOf<S>>(sel: S) => E;
/** `$$` (common.js): every element of the page matching `sel`, typed as by `$`. */
export type All = <S extends string, E extends Element = ElementOf<S>>(sel: S) => NodeListOf<E>;

/**
 * What the move picker (shared/move-picker.js) and why.js read of a page's state: the game page's GameState
 * (game/state.js), or the AnalysedState of a board driven by analyses (shared/analysed-state.js).
 */
export interface PickState {
  /** The game as the server describes it (position, legal, blocked, status, result), or null. */
  game: any;
  /** The side this browser plays, or 'spectator'. */
  you: string;
  /** The ply shown while looking back at the game, or null. */
  browsing: number | null;
  /** The move sent and not yet confirmed, or null. */
  pending: unknown;
  /** Whether a move is being drawn. */
  animating: boolean;
  /** Whether a move may be picked now. */
  canPlay(): boolean;
  /** Whether the side to move is this browser's. */
  myTurn(): boolean;
  /** Whose turn it is, for this browser. */
  turn(): string;
}

/** One step of a move's trace (docs/protocol.md): `step` names it (`lift`, `sow`, `capture`, …), at `pit`. */
export interface TraceStep {
  step: string;
  pit?: string;
  count?: number;
  [field: string]: any;
}

/** A message of the server on the game's socket (docs/protocol.md): `t` names it, `v` is an event's version. */
export interface ServerMsg {
  t: string;
  v?: number;
  [field: string]: any;
}

/** The game page's parts, as game.js wires them (game/messages.js, game/takeback.js, game/say.js, game/review.js). */
export interface Page {
  gameId: string;
  state: GameState;
  view: GameView;
  picker: MovePicker;
  animation: MoveAnimation;
  connection: Connection;
  sound: Sound;
  /** The clocks: game/clock.js's Clocks once the first clock has come (game.js's lazyClocks until then). */
  clocks: { take(clock: object | null | undefined): void; render(): void };
  takeback: Takeback;
  say: Say;
}

declare global {
  /** web/sw.js's build (version and kept addresses with their hashes): the server writes it in place of this name. */
  const JSON_BUILD: { version: string; files: Record<string, string> };
}
