// A move shown seed by seed: the server's trace replayed on the board at the speed the player chose. The trace is
// only drawn; the page shows the server's position once the animation ends.
import { $ } from '/common.js';
import { safeGet, safeSet } from '/i18n.js';
import { movePit } from '/pits.js';
import { TraceReplay } from '/trace.js';

// Per speed: the pause for one seed, and the longest a whole move may take (ms).
const SPEEDS = { slow: [420, 14000], normal: [170, 6000], fast: [60, 2500], instant: [0, 0] };
const SPEED_KEY = 'bao.speed';
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class MoveAnimation {
  /** @param {import('/board.js').Board} board */
  constructor(board) {
    this.board = board;
    this.speedSelect = $('select[name=speed]');
    const saved = safeGet(SPEED_KEY);
    if (saved && SPEEDS[saved]) this.speedSelect.value = saved;
    this.speedSelect.addEventListener('change', () => safeSet(SPEED_KEY, this.speedSelect.value));
  }

  speed() {
    return reducedMotion.matches ? 'instant' : this.speedSelect.value;
  }

  /**
   * Shows the `moved` event `msg` played from the position `before`, as seen from `seat`. Stops early when
   * `hurry()` says a later move is waiting, so that the page catches up instead of falling behind the game.
   */
  async play(before, msg, seat, hurry) {
    checkTrace(before, msg);
    const [base, total] = SPEEDS[this.speed()] || SPEEDS.normal;
    if (!base || !msg.trace.length || document.hidden) return;
    const delay = Math.max(12, Math.min(base, total / msg.trace.length));
    const replay = new TraceReplay(before, msg.by, msg.trace);
    const last = new Set([movePit(msg.move)]);
    while (!replay.done() && !hurry()) {
      const step = replay.next();
      this.board.render(replay.pos, { active: replay.active, air: replay.air, last, seat });
      // A seed sown keeps the beat; lifts and captures are held longer, so the eye can follow them.
      await sleep(step.step === 'sow' || step.step === 'hand' ? delay : delay * 2.5);
    }
    await sleep(delay);
  }
}

/** Replays a whole trace without drawing and reports when it does not lead to the server's position. */
function checkTrace(before, msg) {
  const r = new TraceReplay(before, msg.by, msg.trace);
  while (!r.done()) r.next();
  for (const side of ['south', 'north']) {
    const a = r.pos[side];
    const b = msg.position[side];
    if (String(a.front) !== String(b.front) || String(a.back) !== String(b.back) || a.hand !== b.hand) {
      console.warn(`trace replay mismatch at ply ${msg.ply} (${msg.move}): ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      return;
    }
  }
}
