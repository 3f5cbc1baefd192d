// Small sounds made on the spot with WebAudio (no audio files): a tick per seed sown, a knock for a capture, a
// two-note call when it becomes your turn, a chord at the end of the game, a low blip for a refused click.
// On by default; the toggle is kept in localStorage. Browsers let a page make sound only after the person has
// touched it, so the audio starts with the first click or key press.
import { $ } from '/common.js';
import { t, safeGet, safeSet, onLanguage } from '/i18n.js';

const KEY = 'bao.sound';
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

export class Sound {
  constructor() {
    this.on = safeGet(KEY) !== 'off';
    this.ctx = null;
    this.lastTick = 0;
    this.button = $('[data-action=sound]');
    this.button.addEventListener('click', () => this.toggle());
    onLanguage(() => this.showButton());
    this.showButton();
    const unlock = () => {
      this.start();
      if (this.ctx) {
        window.removeEventListener('pointerdown', unlock, true);
        window.removeEventListener('keydown', unlock, true);
      }
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
  }

  /** Creates (or wakes) the audio context; allowed only in answer to a click or key press. */
  start() {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext; // older Safari
    if (!Ctx) return;
    try {
      if (!this.ctx) this.ctx = new Ctx();
      if (this.ctx.state === 'suspended') this.ctx.resume().catch(() => {});
    } catch {
      this.ctx = null;
    }
  }

  toggle() {
    this.on = !this.on;
    safeSet(KEY, this.on ? 'on' : 'off');
    this.showButton();
    if (this.on) this.play('turn');
  }

  /** A toggle button: its name stays "Sound", aria-pressed and the icon say whether it is on. */
  showButton() {
    this.button.setAttribute('aria-pressed', String(this.on));
    this.button.replaceChildren(speaker(this.on), t('settings.sound'));
  }

  /** Plays one of SOUNDS, when sound is on and the page may make sound. */
  play(name) {
    const s = SOUNDS[name];
    const ctx = this.ctx;
    if (!s || !this.on || !ctx || ctx.state === 'closed') return;
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

/** A small speaker drawn in SVG (emoji fonts are not everywhere): with sound waves when on, crossed out when off. */
function speaker(on) {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'speaker');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', on ? 'M3 9h4l5-4v14l-5-4H3z M15 9a4 4 0 0 1 0 6 M17.5 6.5a7.5 7.5 0 0 1 0 11' : 'M3 9h4l5-4v14l-5-4H3z M15 9l6 6 M21 9l-6 6');
  svg.append(path);
  return svg;
}
