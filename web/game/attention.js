// Whose turn it is, where a player looks: <body data-turn="you|opponent|none"> (the page's styles light the
// mover's side from it), and, while the tab is in the background and it is this player's move, the tab's title
// and a favicon with a dot (both restored when the tab is shown again). When the turn comes to this player while
// the tab is hidden, a system notification says so too if the player turned them on (notify.js, loaded only then).
// (The turn's sound is played by messages.js with the move.)
import { $ } from '/common.js';
import { t, safeGet, onLanguage } from '/i18n.js';

// The logo with a red dot: "your move" in a row of tabs.
const DOT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="1" y="5" width="30" height="22" rx="4" fill="#b67a44" stroke="#5b3417" stroke-width="2"/><g fill="#5b3417"><circle cx="8" cy="11" r="3"/><circle cx="16" cy="11" r="3"/><circle cx="8" cy="21" r="3"/><circle cx="16" cy="21" r="3"/></g><circle cx="24" cy="10" r="8" fill="#d32f2f" stroke="#fff" stroke-width="2"/></svg>',
)}`;

export class Attention {
  /** @param {() => void} redraw called when the tab is hidden or shown again */
  constructor(redraw) {
    this.icon = document.querySelector('link[rel=icon]');
    this.plainIcon = this.icon ? this.icon.getAttribute('href') : null;
    this.turn = null;
    /** web/game/notify.js once loaded (a promise of it). */
    this.notifier = null;
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden && this.notifier) this.notifier.then((n) => n.dismiss());
      redraw();
    });
    const button = $('[data-action=notify]');
    button.hidden = typeof window.Notification !== 'function';
    if (button.hidden) return;
    const load = () => {
      this.notifier ||= import('/game/notify.js');
      return this.notifier;
    };
    button.addEventListener('click', () => load().then((n) => n.toggle()));
    // Turned on in an earlier visit (notify.js's NOTIFY_KEY): loaded now, to be ready when the turn comes.
    if (safeGet('bao.notify') === 'on') {
      load().then((n) => {
        n.showButton();
        onLanguage(() => n.showButton());
      });
    }
  }

  /** Shows `turn` ('you', 'opponent' or 'none') for the game of variant `variant`. */
  show(turn, variant) {
    document.body.dataset.turn = turn;
    const name = t(`variant.${variant}`);
    const call = turn === 'you' && document.hidden;
    document.title = call ? `● ${t('title.yourTurn')} · ${name}` : `${turn === 'you' ? '● ' : ''}${name} · Bao`;
    if (this.icon) {
      const want = call ? DOT_ICON : this.plainIcon;
      if (this.icon.getAttribute('href') !== want) this.icon.setAttribute('href', want);
    }
    const came = turn === 'you' && this.turn !== null && this.turn !== 'you';
    this.turn = turn;
    if (came && document.hidden && this.notifier) this.notifier.then((n) => n.notify(name));
  }
}
