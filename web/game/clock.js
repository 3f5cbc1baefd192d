// The game's clocks, as the server keeps them: `[data-role=clock][data-side=south|north]` with `data-ms` (the time
// left, counted down on the page) and `data-running` on the side whose time runs. The server is the only
// timekeeper; the page counts down from the last clock it sent, measured at the server's `at`, corrected for the
// difference between this computer's clock and the server's, so the countdown does not drift. In the last 10 s of
// a live clock it turns red, and the player whose time it is hears a pip each second.
import { $$ } from '/common.js';
import { t, onLanguage } from '/i18n.js';
import { other } from '/shared/pits.js';
import { formatClock, controlName, LOW_MS } from '/shared/clock-format.js';

/** How often the countdown is redrawn (a timer: requestAnimationFrame stops in a background tab). */
const TICK_MS = 100;
/** A measured offset further than this from the kept one means this computer's clock was set: start again. */
const RESET_OFFSET_MS = 30000;

export class Clocks {
  /**
   * @param {import('/game/state.js').GameState} state
   * @param {import('/shared/sound.js').Sound} sound
   */
  constructor(state, sound) {
    this.state = state;
    this.sound = sound;
    /** The last clock the server sent (`null`: the game has none). */
    this.clock = null;
    /** The server's clock less this computer's, in ms: the largest seen (the one with the least delay). */
    this.offset = null;
    this.timer = null;
    this.lastPip = null;
    this.els = [...$$('[data-role=clock]')];
    onLanguage(() => this.render());
  }

  /** Takes a clock from the server (a snapshot, `moved`, `ended`, `undone`); `undefined` leaves it as it is. */
  take(clock) {
    if (clock === undefined) return;
    this.clock = clock;
    if (clock && Number.isFinite(clock.at)) {
      // `at` was measured before the message left the server: at - now is at most the true offset, and closest
      // to it for the message that travelled fastest.
      const seen = clock.at - Date.now();
      if (this.offset === null || seen > this.offset || this.offset - seen > RESET_OFFSET_MS) this.offset = seen;
    }
    this.render();
  }

  /** The time left to `side` now, in ms. */
  left(side) {
    const c = this.clock;
    const ms = c[`${side}_ms`];
    if (c.running !== side || !Number.isFinite(c.at)) return ms;
    return Math.max(0, ms - (Date.now() + (this.offset || 0) - c.at));
  }

  /** Redraws both clocks; keeps the countdown going while one runs. */
  render() {
    const c = this.clock;
    const over = !this.state.game || !!this.state.game.result;
    const bottom = this.state.you === 'north' ? 'north' : 'south';
    for (const el of this.els) {
      el.hidden = !c;
      if (!c) continue;
      const side = el.dataset.slot === 'bottom' ? bottom : other(bottom);
      el.dataset.side = side;
      const ms = Math.round(this.left(side));
      const running = c.running === side && !over;
      el.dataset.ms = String(ms);
      el.toggleAttribute('data-running', running);
      el.toggleAttribute('data-low', c.kind === 'live' && running && ms < LOW_MS);
      const text = formatClock(ms, c.kind);
      const shown = el.querySelector('.time');
      if (shown.textContent !== text) shown.textContent = text;
      el.setAttribute('aria-label', t('clock.of', { side: t(`side.${side}`), time: text }));
      el.title = controlName(c);
      if (running && c.kind === 'live' && side === this.state.you) this.warn(ms);
    }
    const ticking = !!c && !!c.running && !over;
    if (ticking && !this.timer) this.timer = setInterval(() => this.render(), TICK_MS);
    if (!ticking && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** A pip for each second of the last ten of this player's own live clock. */
  warn(ms) {
    if (ms >= LOW_MS || ms <= 0) {
      this.lastPip = null;
      return;
    }
    const second = Math.ceil(ms / 1000);
    if (second !== this.lastPip) {
      this.lastPip = second;
      this.sound.play('low');
    }
  }
}
