// System notifications for "your turn" (the Notification API), loaded only once the player has turned them on or
// clicks `[data-action=notify]`: the browser's permission is asked only after that click, and the choice is kept
// in localStorage (`bao.notify`).
import { $ } from '/common.js';
import { t, safeGet, safeSet } from '/i18n.js';

const NOTIFY_KEY = 'bao.notify';
let shown = null; // the notification on screen

/** Whether the player wants notifications and the browser allows them. */
export function wanted() {
  return typeof window.Notification === 'function' && Notification.permission === 'granted' && safeGet(NOTIFY_KEY) === 'on';
}

/** A click on the button: asks the browser's permission (only ever here), or turns notifications off. */
export async function toggle() {
  if (wanted()) {
    safeSet(NOTIFY_KEY, 'off');
  } else {
    let p = Notification.permission;
    if (p === 'default') {
      try {
        p = await Notification.requestPermission();
      } catch {
        p = 'denied';
      }
    }
    safeSet(NOTIFY_KEY, p === 'granted' ? 'on' : 'off');
  }
  showButton();
}

/** aria-pressed says whether notifications are on; a note says when the browser blocks them. */
export function showButton() {
  $('[data-action=notify]').setAttribute('aria-pressed', String(wanted()));
  $('[data-role=notify-note]').textContent = Notification.permission === 'denied' ? t('notify.denied') : '';
}

/** "Your turn" for the game of variant `name`, closed again when the tab is shown: through the service worker
 * (registration.showNotification: Android's Chrome has no `new Notification()`), else the page's own. */
export async function notify(name) {
  if (!wanted()) return;
  const title = t('notify.title');
  const options = { body: t('notify.body', { variant: name }), tag: location.pathname, icon: '/icons/icon-192.png' };
  dismiss();
  const reg = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (reg?.active) {
    try {
      await reg.showNotification(title, { ...options, data: { url: location.href } });
      return;
    } catch {
      // Fall back to the page's own notification below.
    }
  }
  try {
    const n = new Notification(title, options);
    n.onclick = () => {
      window.focus();
      n.close();
    };
    shown = n;
  } catch {
    // Some browsers allow notifications only from a service worker, and there is none: the title and icon say it.
    shown = null;
  }
}

/** The tab is shown again: the notification has done its work (the worker's too). */
export function dismiss() {
  if (shown) shown.close();
  shown = null;
  navigator.serviceWorker
    ?.getRegistration()
    .then((reg) => reg?.getNotifications({ tag: location.pathname }))
    .then((list) => list?.forEach((n) => n.close()))
    .catch(() => {});
}
