// Signing in with a passkey, from the header's `[data-action=sign-in]` of every page (web/common.js loads this
// module on the first click): the discoverable ceremony of the sign-in API (issue 33; no name asked: the
// authenticator offers the passkeys it has for this site), then the own profile of the player signed in as. What
// goes wrong is said in words under the header, never as an error dump; choosing no passkey changes nothing. Its
// words (web/i18n/sign-in/<lang>.js) and look (sign-in.css) come with it: the pages do not carry them.
import { request, ApiError, PLAYER } from '/api.js';
import { lang, safeSet } from '/i18n.js';

/** @type {{ lang: string, words: Record<string, string> } | null} */
let dictionary = null;

/** This module's words in the page's language (English for a key it lacks). */
async function loadWords() {
  const l = lang();
  if (dictionary && dictionary.lang === l) return;
  const [mine, en] = await Promise.all([import(`/i18n/sign-in/${l}.js`).catch(() => null), import('/i18n/sign-in/en.js')]);
  dictionary = { lang: l, words: { ...en.default, ...mine?.default } };
}

/** The line under the header that says how signing in goes (made, with its look, on first use). */
function say(key, params = {}, error = false) {
  let box = /** @type {HTMLElement | null} */ (document.querySelector('[data-role=sign-in-message]'));
  if (!box) {
    const look = document.createElement('link');
    look.rel = 'stylesheet';
    look.href = '/shared/sign-in.css';
    document.head.append(look);
    box = document.createElement('p');
    box.dataset.role = 'sign-in-message';
    box.className = 'sign-in-msg';
    box.setAttribute('role', 'status');
    document.querySelector('header.site')?.after(box);
  }
  box.classList.toggle('error', error);
  const words = dictionary ? dictionary.words : {};
  box.textContent = (words[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
  box.hidden = false;
}

/** Whether the browser has the JSON forms of WebAuthn's options (the ceremonies here need them). */
export function passkeysSupported() {
  const pkc = /** @type {any} */ (window.PublicKeyCredential);
  return !!(pkc && typeof pkc.parseRequestOptionsFromJSON === 'function' && typeof pkc.parseCreationOptionsFromJSON === 'function' && navigator.credentials);
}

/** The words for a refusal of a sign-in (`e`: an ApiError, or the DOMException of the ceremony). */
export function signInProblem(e) {
  if (e instanceof ApiError) {
    if (e.code === 'passkeys_unavailable') return ['signin.unavailable', {}];
    if (e.code === 'bad_passkey') return ['signin.unknown', {}];
    if (e.code === 'rate_limited') return ['signin.slow', {}];
    // An expired ceremony (`gone`) is one to start again, like any other refusal.
    return ['signin.failed', { code: e.code }];
  }
  // The person closed the browser's dialog, or chose nothing (or no passkey of this site is there).
  if (e && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return ['signin.cancelled', {}];
  if (e && e.name === 'SecurityError') return ['signin.unavailable', {}];
  return ['signin.failed', { code: (e && e.name) || 'error' }];
}

let busy = false;

/** Runs the ceremony; on success this browser is the passkey's player and the page goes to its profile. */
export async function signIn(button) {
  if (busy) return;
  await loadWords().catch(() => {});
  if (!passkeysSupported()) {
    say('signin.unsupported', {}, true);
    return;
  }
  busy = true;
  if (button) button.disabled = true;
  say('signin.working');
  try {
    const { data: begun } = await request('/api/sign-in/passkey/begin', { body: {} });
    const pkc = /** @type {any} */ (window.PublicKeyCredential);
    const publicKey = pkc.parseRequestOptionsFromJSON(begun.options.publicKey);
    const credential = /** @type {any} */ (await navigator.credentials.get({ publicKey }));
    if (!credential) throw new DOMException('no credential', 'NotAllowedError');
    const { data: player } = await request('/api/sign-in/passkey', { body: { ceremony: begun.ceremony, credential: credential.toJSON() } });
    if (!player?.id) throw new ApiError('bad_answer');
    // Not the key (the server set it as an HttpOnly cookie): only that this browser has a player.
    safeSet(PLAYER, player.id);
    location.assign(`/@/${encodeURIComponent(player.id)}`);
  } catch (e) {
    const [key, params] = signInProblem(e);
    say(key, params, key !== 'signin.cancelled');
    busy = false;
    if (button) button.disabled = false;
  }
}
