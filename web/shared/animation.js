// A move shown seed by seed: the server's trace replayed on the board at the speed the player chose. The trace is
// only drawn; the page shows the server's position once the animation ends. A typical move takes under a second
// at the default speed; a long relay chain is compressed so that no move takes more than a few seconds; a click,
// a tap or a key skips to the end.
import { $ } from '/common.js';
import { safeGet, safeSet } from '/i18n.js';
import { TraceReplay } from '/shared/trace.js';
import { moveMarks } from '/shared/narration.js';

// Per speed: the time for one seed sown, and the longest a whole move may take (ms). Lifts and captures take
// HOLD beats, so the eye can follow them.
const SPEEDS = { slow: [260, 6000], normal: [60, 2800], fast: [35, 1400], instant: [0, 0] };
const HOLD = 2.5;
// The first beats of a move go at the full speed; beyond them a long relay chain speeds up (each further beat
// takes LATER of one), so a typical move stays under a second and a long one is compressed before the cap.
const FULL_BEATS = 10;
const LATER = 0.25;

/** How long a move of `beats` beats is shown (ms) at a speed of `base` ms per beat, never over `cap`. */
export function plannedMs(beats, base, cap) {
  const full = Math.min(beats, FULL_BEATS);
  return Math.min(cap, full * base + (beats - full) * base * LATER);
}
const SPEED_KEY = 'bao.speed';
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

export class MoveAnimation {
  /**
   * @param {import('/shared/board.js').Board} board
   * @param {{ play: (name: string) => void }} sound the page's Sound, or a silent one
   */
  constructor(board, sound) {
    this.board = board;
    this.sound = sound;
    this.skip = null; // while a move is shown: ends it at once
    this.speedSelect = $('select[name=speed]');
    const saved = safeGet(SPEED_KEY);
    if (saved && SPEEDS[saved]) this.speedSelect.value = saved;
    this.speedSelect.addEventListener('change', () => safeSet(SPEED_KEY, this.speedSelect.value));
    // Any click, tap or key (in the capture phase, before the page's own handlers) finishes the move shown.
    const skip = () => this.skip && this.skip();
    window.addEventListener('pointerdown', skip, true);
    window.addEventListener('keydown', skip, true);
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
    const [base, cap] = SPEEDS[this.speed()] || SPEEDS.normal;
    document.body.dataset.animMs = '0';
    if (!base || !msg.trace.length || document.hidden) return;
    // When each step is due (in beats), and the beat that fits the move into `cap`.
    const due = [];
    let beats = 0;
    for (const s of msg.trace) {
      due.push(beats);
      beats += s.step === 'sow' || s.step === 'hand' ? 1 : HOLD;
    }
    const beat = plannedMs(beats, base, cap) / beats;
    // The planned length of this move, for the browser tests (which check the schedule, not the wall clock).
    document.body.dataset.animMs = String(Math.round(beats * beat));
    const replay = new TraceReplay(before, msg.by, msg.trace);
    const marks = new Map();
    const hands = before.variant !== 'kujifunza' && (before.south.hand > 0 || before.north.hand > 0);
    const t0 = performance.now();
    let skipped = false;
    const wake = { fn: null };
    this.skip = () => {
      skipped = true;
      if (wake.fn) wake.fn();
    };
    try {
      while (!replay.done() && !skipped && !hurry()) {
        // Every step that is due by now is applied, then drawn once: a fast chain skips frames, not time.
        const now = (performance.now() - t0) / beat;
        let step = null;
        while (!replay.done() && due[replay.i] <= now) {
          step = replay.next();
          this.mark(marks, step, msg.move);
        }
        if (step) {
          this.board.render(replay.pos, { active: replay.active, air: replay.air, last: marks, seat, hands, turn: msg.by });
          this.sound.play(step.step === 'capture' ? 'capture' : 'sow');
        }
        const next = replay.done() ? beats : due[replay.i];
        await new Promise((r) => {
          wake.fn = r;
          setTimeout(r, Math.max(0, t0 + next * beat - performance.now()));
        });
      }
      if (!skipped && !hurry()) await new Promise((r) => setTimeout(r, Math.min(beat, 120)));
    } finally {
      this.skip = null;
    }
  }

  /** The marks of the move so far, as the finished move will have them (moveMarks), step by step. */
  mark(marks, step, move) {
    if (!step || !step.pit) return;
    const kind = moveMarks(move, [step]).get(step.pit);
    if (kind && marks.get(step.pit) !== 'capture' && marks.get(step.pit) !== 'start') marks.set(step.pit, kind);
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
