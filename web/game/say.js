// Quick messages: fixed phrases (`[data-action=say][data-phrase=P]`) for the players, each shown translated as a
// bubble (`[data-role=said][data-side=SIDE]`) next to its sender for a few seconds. No free text: nothing to moderate.
import { $, $$ } from '/common.js';
import { t, onLanguage } from '/i18n.js';

export const PHRASES = ['hello', 'good_luck', 'well_played', 'thanks', 'rematch'];
/** How long a bubble stays. */
const BUBBLE_MS = 6000;
/** The server's limit: one phrase per seat every 3 s. */
const REST_MS = 3000;

export class Say {
  /** @param {import('/types').Page} page */
  constructor(page) {
    this.page = page;
    this.timers = {};
    /** What each side said last, while its bubble shows: { phrase, until }. */
    this.said = {};
    this.resting = false;
    const row = $('[data-role=say]');
    for (const phrase of PHRASES) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.action = 'say';
      b.dataset.phrase = phrase;
      b.dataset.i18n = `say.${phrase}`;
      b.textContent = t(`say.${phrase}`);
      b.addEventListener('click', () => this.send(phrase));
      row.append(b);
    }
    onLanguage(() => this.render());
  }

  send(phrase) {
    if (this.resting) return;
    if (!this.page.connection.send({ t: 'say', phrase })) {
      this.page.view.toast(t('conn.reconnecting'));
      return;
    }
    this.resting = true;
    this.render();
    setTimeout(() => {
      this.resting = false;
      this.render();
    }, REST_MS);
  }

  /** Shows a `said` message next to its side. */
  onSaid(msg) {
    if (!['south', 'north'].includes(msg.side) || !PHRASES.includes(msg.phrase)) return;
    this.said[msg.side] = msg.phrase;
    // Heard by screen readers too (the bubble itself comes and goes).
    $('[data-role=said-live]').textContent = t('say.by', { side: t(`side.${msg.side}`), phrase: t(`say.${msg.phrase}`) });
    clearTimeout(this.timers[msg.side]);
    this.timers[msg.side] = setTimeout(() => {
      delete this.said[msg.side];
      this.render();
    }, BUBBLE_MS);
    this.render();
  }

  render() {
    const { state } = this.page;
    const seated = state.you === 'south' || state.you === 'north';
    const row = $('[data-role=say]');
    row.hidden = !seated || !state.game;
    for (const b of row.querySelectorAll('button')) b.disabled = this.resting;
    const bottom = state.you === 'north' ? 'north' : 'south';
    for (const el of $$('[data-role=said]')) {
      const side = el.dataset.slot === 'bottom' ? bottom : bottom === 'south' ? 'north' : 'south';
      el.dataset.side = side;
      const phrase = this.said[side];
      el.hidden = !phrase;
      const text = phrase ? t(`say.${phrase}`) : '';
      if (el.textContent !== text) el.textContent = text;
    }
  }
}
