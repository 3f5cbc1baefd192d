// The page of a sign-in link, `/signin#ID.SECRET` (issue 33): a link made on the own profile of a player's other
// device. The secret is only in the address's fragment (never sent to the server by the browser, nor in a
// Referer); the page takes it out of the address bar at once, so that it stays neither in the history nor on the
// screen, and gives it to POST /api/sign-in/link. Then this browser is that player: the page says so and opens
// the player's profile. A link used, expired, revoked or unknown (410) no longer works, and the page says that
// plainly. Only text is shown, never markup (the player's name is what a player wrote).
import { $, initPage } from '/common.js';
import { request, ApiError, PLAYER } from '/api.js';
import { t, safeSet, onLanguage } from '/i18n.js';

/** How long the page says whose player this is before it opens the profile (ms). */
const SHOW_MS = 1200;

// Read and removed before anything else: the secret leaves the address bar even if the request never ends.
const link = (() => {
  try {
    return decodeURIComponent(location.hash.replace(/^#/, '')).trim();
  } catch {
    return location.hash.replace(/^#/, '').trim();
  }
})();
if (location.hash) history.replaceState(null, '', location.pathname);

/** @type {{ key: string, params?: Record<string, unknown>, next?: string, error?: boolean }} what the page says */
let shown = { key: link ? 'linkpage.working' : 'linkpage.empty', next: link ? undefined : 'linkpage.emptyNext', error: !link };
/** @type {{ id: string, name: string } | null} */
let player = null;

function render() {
  const status = $('[data-role=signin-status]');
  delete status.dataset.i18n;
  status.textContent = t(shown.key, shown.params || {});
  status.classList.toggle('error', !!shown.error);
  const next = $('[data-role=signin-next]');
  next.textContent = shown.next ? t(shown.next) : '';
  next.hidden = !shown.next;
  const profile = /** @type {HTMLAnchorElement} */ ($('a[data-role=signin-profile]'));
  profile.hidden = !player;
  if (player) profile.href = `/@/${encodeURIComponent(player.id)}`;
  $('[data-role=signin-actions]').hidden = shown.key === 'linkpage.working';
  document.body.dataset.state = player ? 'done' : shown.key === 'linkpage.working' ? 'working' : 'failed';
}

async function signIn() {
  try {
    const { data } = await request('/api/sign-in/link', { body: { link } });
    if (!data?.id) throw new ApiError('bad_answer');
    player = data;
    // Not the key (the server set it as an HttpOnly cookie): only that this browser has a player.
    safeSet(PLAYER, data.id);
    shown = { key: 'linkpage.done', params: { name: data.name } };
    render();
    setTimeout(() => location.replace(`/@/${encodeURIComponent(data.id)}`), SHOW_MS);
  } catch (e) {
    const code = e instanceof ApiError ? e.code : 'network';
    // Used, expired, revoked, or never made (a link cut short when it was copied looks like that too).
    if (code === 'gone' || (e instanceof ApiError && (e.status === 400 || e.status === 404))) shown = { key: 'linkpage.gone', next: 'linkpage.goneNext', error: true };
    else if (code === 'rate_limited') shown = { key: 'linkpage.slow', error: true };
    else shown = { key: 'linkpage.failed', params: { code }, error: true };
    render();
  }
}

onLanguage(render);
await initPage();
render();
if (link) await signIn();
