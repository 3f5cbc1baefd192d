// The page's socket to the server for one game (its HTTP requests are api.js's): the WebSocket, which is
// reconnected with backoff, kept alive with pings, and hands its messages on one at a time, in order, each
// event with its place against the version the page has applied (the one place that compares versions).

const PING_EVERY_MS = 20000;
// A socket silent for this long (two missed pongs) died without closing: it is given up and opened again.
const SILENT_MS = 45000;
// Messages that are not events of the game's log: they carry no event version to check (`said`, a quick message,
// is not kept or replayed either).
const NOT_EVENTS = new Set(['welcome', 'snapshot', 'error', 'said']);
// On opening the page, the first hello asks for the last few events again: their `moved` events carry the
// traces that mark and tell the last moves (a snapshot has positions, not traces).
const LOOKBACK = 6;

/**
 * Where an event stands against the last version the page applied: 'next' (apply it), 'seen' (a resend of
 * one applied already) or 'gap' (events were missed in between).
 */
function versionOrder(v, applied) {
  if (v === applied + 1) return 'next';
  return v > applied + 1 ? 'gap' : 'seen';
}

export class Connection {
  /**
   * @param {string} gameId
   * @param {object} hooks
   * @param {() => number} hooks.version the version of the last event the page applied
   * @param {(msg: import('/types').ServerMsg, order: 'next'|'seen'|'none') => Promise<void>} hooks.onMessage called for one message
   *   at a time (the next waits until it settles); `order` is the event's versionOrder, 'none' for the other messages
   * @param {() => void} hooks.onLost the socket closed or went silent; a new one is on its way
   */
  constructor(gameId, hooks) {
    this.gameId = gameId;
    this.hooks = hooks;
    this.token = null; // this browser's seat token, sent with every hello
    this.ws = null;
    this.welcomed = false;
    this.attempt = 0;
    this.reconnectTimer = null;
    this.lastHeard = 0;
    this.queue = [];
    this.draining = false;
    // The first hello looks back; events up to this version are then only resends asked for (see dispatch).
    this.lookback = LOOKBACK;
    this.lookedBackTo = 0;
    window.addEventListener('online', () => {
      if (!this.welcomed) {
        this.attempt = 0;
        this.connect();
      }
    });
  }

  /** Opens the socket and starts the pings that tell a dead socket from a quiet game. */
  start() {
    this.connect();
    setInterval(() => {
      if (!this.ws) return;
      if (Date.now() - this.lastHeard > SILENT_MS) this.lost();
      else this.send({ t: 'ping' });
    }, PING_EVERY_MS);
  }

  /** Opens a new socket in place of the current one (also after joining, so that the hello carries the token). */
  connect() {
    clearTimeout(this.reconnectTimer);
    this.close();
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const sock = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    this.ws = sock;
    sock.onopen = () => {
      this.lastHeard = Date.now();
      this.hello();
    };
    sock.onmessage = (e) => {
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.queue.push(msg);
      this.drain();
    };
    // An error is always followed by a close.
    sock.onclose = () => {
      if (this.ws === sock) this.lost();
    };
  }

  /** Sends a message now; false when the socket is not open (the caller decides whether that matters). */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Tells the server who we are and what we have: it answers with the events we missed, or a snapshot. */
  hello() {
    const have = this.hooks.version();
    const msg = { t: 'hello', v: have };
    if (this.lookback && have > 1) {
      msg.v = Math.max(1, have - this.lookback);
      this.lookedBackTo = have;
    }
    this.lookback = 0;
    if (this.token) msg.token = this.token;
    this.send(msg);
  }

  /** Whether a later move is already waiting, so that an animation can catch up instead of falling behind. */
  moveWaiting() {
    return this.queue.some((m) => m.t === 'moved');
  }

  /** Forgets the current socket: its late messages and its close are no longer heard. */
  close() {
    const sock = this.ws;
    this.ws = null;
    if (!sock) return;
    sock.onopen = sock.onmessage = sock.onclose = null;
    try {
      sock.close();
    } catch {
      /* already closed */
    }
  }

  lost() {
    this.close();
    this.welcomed = false;
    this.hooks.onLost();
    clearTimeout(this.reconnectTimer);
    // Exponential backoff with full jitter: 0.5 s, 1 s, 2 s … capped at 15 s.
    const cap = Math.min(15000, 500 * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 10);
    this.reconnectTimer = setTimeout(() => this.connect(), cap / 2 + Math.random() * (cap / 2));
  }

  async drain() {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length) {
        const msg = this.queue.shift();
        try {
          await this.dispatch(msg);
        } catch (e) {
          console.error('message failed', msg, e);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  async dispatch(msg) {
    if (msg.t === 'pong') return; // lastHeard is all a pong is for
    if (msg.t === 'welcome') {
      this.attempt = 0;
      this.welcomed = true;
    }
    const order = NOT_EVENTS.has(msg.t) ? 'none' : versionOrder(msg.v, this.hooks.version());
    // Events resent because the first hello looked back: only their traces are wanted (an old presence or
    // rematch event must not undo what the snapshot says).
    if (order === 'seen' && msg.v <= this.lookedBackTo && msg.t !== 'moved') return;
    if (order === 'gap') {
      this.hello(); // the server resends what we missed, or a snapshot
      return;
    }
    await this.hooks.onMessage(msg, order);
  }
}
