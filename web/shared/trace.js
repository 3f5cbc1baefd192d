// Replays the server's move trace step by step for the animation. The result after the last step equals the
// server's new position; the page still shows the server's position once the animation ends.
import { parsePit, clonePos } from '/shared/pits.js';

/** A replay cursor: call next() for each step; `pos` and `air` describe what to draw after it. */
export class TraceReplay {
  constructor(before, by, trace) {
    this.pos = clonePos(before);
    this.by = by;
    this.trace = trace || [];
    this.i = 0;
    this.air = 0;
    this.active = null;
  }

  done() {
    return this.i >= this.trace.length;
  }

  add(name, delta) {
    const p = parsePit(name);
    if (!p) return;
    const row = this.pos[p.side][p.row];
    row[p.index] = Math.max(0, row[p.index] + delta);
  }

  /** Applies one step; returns it. */
  next() {
    const s = this.trace[this.i++];
    if (!s) return null;
    this.active = s.pit || null;
    switch (s.step) {
      case 'hand':
        this.pos[this.by].hand = Math.max(0, this.pos[this.by].hand - 1);
        this.add(s.pit, 1);
        break;
      case 'lift':
      case 'relay':
      case 'safari':
        this.add(s.pit, -s.count);
        this.air += s.count;
        if (s.step === 'safari' && parsePit(s.pit)) this.pos[parsePit(s.pit).side].house = false;
        break;
      case 'capture': {
        const p = parsePit(s.pit);
        if (p) {
          const row = this.pos[p.side][p.row];
          row[p.index] = Math.max(0, row[p.index] - s.count);
        }
        this.air += s.count;
        break;
      }
      case 'sow':
        this.add(s.pit, 1);
        this.air = Math.max(0, this.air - 1);
        break;
      case 'win':
        if (s.winner && this.pos[s.winner]) this.pos[s.winner].hand += this.air;
        this.air = 0;
        this.active = null;
        break;
      default:
        break; // nyumba_stop, takasia_stop and future steps only mark a pit
    }
    return s;
  }
}
