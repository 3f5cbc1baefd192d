// The installable app offline (issue 35): registers the service worker (web/sw.js, served as /sw.js with the
// build's file list), and shows `[data-role=offline]` (in the site header) while the network is gone: when the
// browser says so (navigator.onLine) or a request of web/api.js failed, until it is back or a request succeeds.

let failed = false;

function show() {
  const box = /** @type {HTMLElement | null} */ (document.querySelector('[data-role=offline]'));
  if (box) box.hidden = navigator.onLine && !failed;
}

/** Follows the network from now on; registers the service worker once the page has loaded (its install fetches
 * the app's files, which should not compete with the page's own). */
export function watchNetwork() {
  addEventListener('online', () => {
    failed = false;
    show();
  });
  addEventListener('offline', show);
  addEventListener('bao:network', (e) => {
    failed = !(/** @type {CustomEvent<boolean>} */ (e).detail);
    show();
  });
  show();
  if (!('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
