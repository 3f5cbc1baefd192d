// The sounds of web/shared/sound.js, made on the spot with WebAudio (no audio files): loaded only once the page
// may make sound (after the first click or key press), so that the game page's first load stays small.

// Each sound: notes as [frequency Hz, start s, length s], the wave, and its loudness (0..1).
const SOUNDS = {
  sow: { notes: [[1250, 0, 0.025]], wave: 'triangle', gain: 0.05 },
  capture: { notes: [[330, 0, 0.07], [220, 0.05, 0.09]], wave: 'triangle', gain: 0.16 },
  turn: { notes: [[660, 0, 0.09], [880, 0.1, 0.14]], wave: 'sine', gain: 0.2 },
  end: { notes: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.3]], wave: 'sine', gain: 0.2 },
  deny: { notes: [[196, 0, 0.08]], wave: 'square', gain: 0.05 },
  offer: { notes: [[784, 0, 0.1], [784, 0.16, 0.1]], wave: 'sine', gain: 0.18 },
  // The last seconds of a live clock: a short high pip each second.
  low: { notes: [[1568, 0, 0.06]], wave: 'square', gain: 0.06 },
};
// Ticks closer together than this are merged: a fast relay chain is a patter, not a buzz.
const TICK_GAP_S = 0.045;

/** Plays SOUNDS on one audio context. */
export class Synth {
  /** @param {AudioContext} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    this.lastTick = 0;
  }

  /** Plays the sound `name` now (an unknown name plays nothing). */
  play(name) {
    const s = SOUNDS[name];
    const ctx = this.ctx;
    if (!s || ctx.state === 'closed') return;
    const now = ctx.currentTime;
    if (name === 'sow') {
      if (now - this.lastTick < TICK_GAP_S) return;
      this.lastTick = now;
    }
    for (const [freq, at, len] of s.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = s.wave;
      osc.frequency.setValueAtTime(freq, now + at);
      // A quick rise and an exponential fall: a blip, not a beep.
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(s.gain, now + at + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(now + at);
      osc.stop(now + at + len + 0.02);
    }
  }
}
