// What the page knows about the game: only what the server confirmed (a snapshot, then each event in version
// order), plus the move sent and not yet confirmed, and which earlier position the player is looking at.
// No rules here: what may be played is the server's `legal` list.

export class GameState {
  constructor() {
    /** The game as the server last confirmed it: { variant, status, seats, position, moves, legal, result }. */
    this.game = null;
    /** The version of the last event applied (or of the snapshot). */
    this.v = 0;
    /** This browser's side: 'south', 'north' or 'spectator'. */
    this.you = 'spectator';
    this.presence = { south: false, north: false, watchers: 0 };
    /** history[n]: the position after n moves, as the server sent it (with its `stage`); older ones than the
     * snapshot carried are missing until fetched (see `missing`). */
    this.history = [];
    this.rematch = { mine: false, theirs: false, game: null };
    /** A rated game's `ratings` once over (`ended`'s or the snapshot's), or null; not in `game`, which snapshots replace. */
    this.ratings = null;
    /** The share link: the server's public address when it has one configured (behind a proxy). */
    this.shareUrl = '';
    /** The move sent and not yet confirmed: { ply, move }. */
    this.pending = null;
    /** The number of moves of the position being looked at, or null for the live board. */
    this.browsing = null;
    /** A move is being animated: the board shows the trace, not `game.position`. */
    this.animating = false;
    /** traces[ply]: the steps of move `ply` as the server's `moved` event gave them (moves seen by this page). */
    this.traces = [];
  }

  /** Whose turn it is for this browser: 'you', 'opponent', or 'none' (spectators, games not being played). */
  turn() {
    const g = this.game;
    if (!g || g.status !== 'playing' || g.result || this.you === 'spectator') return 'none';
    return g.position.to_move === this.you ? 'you' : 'opponent';
  }

  myTurn() {
    const g = this.game;
    return !!g && g.status === 'playing' && !g.result && this.you !== 'spectator' && g.position.to_move === this.you;
  }

  /** Whether this browser may send a move now. */
  canPlay() {
    return this.myTurn() && !this.pending && !this.animating && this.browsing === null;
  }

  /** The position on the board: the one browsed to, or the live one. */
  shownPosition() {
    return this.browsing === null ? this.game.position : this.history[this.browsing];
  }

  /** The number of moves up to the position shown. */
  shownPly() {
    return this.browsing === null ? this.game.moves.length : this.browsing;
  }

  /** Shows the position after `ply` moves (clamped; the last one is the live board). False when not possible now. */
  browse(ply) {
    const g = this.game;
    if (!g || this.animating) return false;
    ply = Math.max(0, Math.min(g.moves.length, ply));
    this.browsing = ply === g.moves.length ? null : ply;
    return true;
  }

  /** Takes a whole snapshot (GET /api/games/{id} or the socket's `snapshot`), replacing what the page had. */
  applySnapshot(snap) {
    if (snap.share_url) this.shareUrl = snap.share_url;
    this.game = {
      variant: snap.variant,
      status: snap.status,
      seats: snap.seats,
      position: withStage(snap.position, snap.stage),
      moves: snap.moves,
      legal: snap.legal,
      // Why each pit of the side to move cannot start a move (absent from servers that do not say).
      blocked: snap.blocked || {},
      result: snap.result,
      // The computer's level, and the clock (for its time control: the running times are clock.js's).
      level: snap.level || null,
      control: snap.clock || null,
      rated: snap.rated === true,
    };
    if (snap.ratings) this.ratings = snap.ratings;
    this.v = snap.v;
    // Traces of moves the snapshot still has stay (a takeback may have removed the last ones).
    if (this.traces.length > snap.moves.length) this.traces.length = snap.moves.length;
    this.history = [];
    this.addHistory(snap.history_from || 0, snap.history, snap.stages);
    this.presence = { south: snap.seats.south.online, north: snap.seats.north.online, watchers: snap.watchers };
    if (this.pending && this.pending.ply < snap.moves.length) this.pending = null;
    const by = snap.rematch.offered_by;
    this.rematch = { mine: !!by && by === this.you, theirs: !!by && by !== this.you, game: snap.rematch.game };
  }

  /** A `moved` event has been seen: the move it confirms is no longer pending. */
  confirmPending(ply) {
    if (this.pending && this.pending.ply === ply) this.pending = null;
  }

  /** Keeps the steps of a move (also from a resent `moved` event) for the narration and the marks on the board. */
  keepTrace(msg) {
    if (Array.isArray(msg.trace) && msg.trace.length && !msg.trace_truncated) this.traces[msg.ply] = { by: msg.by, move: msg.move, trace: msg.trace };
  }

  /** Takes the `moved` event that follows the page's version and move list. */
  applyMoved(msg) {
    const g = this.game;
    this.v = msg.v;
    g.position = withStage(msg.position, msg.stage);
    g.moves = [...g.moves, msg.move];
    g.legal = msg.legal;
    g.blocked = msg.blocked || {};
    g.result = msg.result;
    g.status = g.result ? 'finished' : 'playing';
    this.history[g.moves.length] = g.position;
  }

  /** Keeps positions the server sent: `positions[i]` is the one after `from + i` moves, `stages[i]` its stage. */
  addHistory(from, positions, stages) {
    positions.forEach((p, i) => {
      this.history[from + i] = withStage(p, stages && stages[i]);
    });
  }

  /** Whether the position after `ply` moves must still be fetched (older than the snapshot carried). */
  missing(ply) {
    return !!this.game && ply >= 0 && ply <= this.game.moves.length && !this.history[ply];
  }

  /** Takes `ended`: the result of a move, a resignation or anything else that ends the game. */
  applyEnded(msg) {
    this.v = msg.v;
    this.game.result = msg.result;
    this.game.status = 'finished';
    this.game.legal = [];
    this.game.blocked = {};
    this.pending = null;
    if (msg.ratings) this.ratings = msg.ratings;
  }

  /** Takes `presence`; also a resent one, which can only repeat what the page already has. */
  applyPresence(msg) {
    this.v = Math.max(this.v, msg.v);
    this.presence = { south: msg.south, north: msg.north, watchers: msg.watchers };
    this.game.seats = msg.seats;
  }

  /** Takes `rematch`: an offer, or the agreed new game (a resent one too: its token may not have been kept). */
  applyRematch(msg) {
    this.v = Math.max(this.v, msg.v);
    if (msg.game) this.rematch.game = msg.game;
    else if (msg.offered_by === this.you) this.rematch.mine = true;
    else if (msg.offered_by) this.rematch.theirs = true;
  }
}

/** The position with the stage the server named for it beside it (the position format itself has none). */
function withStage(pos, stage) {
  return stage ? { ...pos, stage } : pos;
}
