// Small sounds made on the spot with WebAudio (no audio files): a tick per seed sown, a knock for a capture, a
// two-note call when it becomes your turn, a chord at the end of the game, a low blip for a refused click.
// On by default; the toggle is kept in localStorage. Browsers let a page make sound only after the person has
// touched it, so the audio starts with the first click or key press.
import { $ } from '/common.js';
import { t, safeGet, safeSet, onLanguage } from '/i18n.js';

const KEY = 'bao.sound';

export class Sound {
  constructor() {
    this.on = safeGet(KEY) !== 'off';
    this.ctx = null;
    /** @type {Promise<import('/shared/synth.js').Synth | null> | null} the sounds, once the audio has started */
    this.synth = null;
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

  /** Creates (or wakes) the audio context; allowed only in answer to a click or key press. The sounds
   * themselves (web/shared/synth.js) are loaded then, not with the page: no page can make sound before. */
  start() {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext; // older Safari
    if (!Ctx) return;
    try {
      if (!this.ctx) this.ctx = new Ctx();
      if (this.ctx.state === 'suspended') this.ctx.resume().catch(() => {});
    } catch {
      this.ctx = null;
    }
    if (this.ctx && !this.synth) {
      this.synth = import('/shared/synth.js').then((m) => new m.Synth(this.ctx)).catch(() => null);
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

  /** Plays one of synth.js's sounds by name, when sound is on and the page may make sound. */
  play(name) {
    const ctx = this.ctx;
    if (!this.on || !ctx || ctx.state === 'closed' || !this.synth) return;
    this.synth.then((synth) => synth && synth.play(name));
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
