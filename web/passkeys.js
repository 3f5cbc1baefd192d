// The own profile's account controls (issue 33; web/profile.js mounts them in `[data-role=account-controls]`, on
// the own profile only): the player's passkeys (name, when added, when last used; rename; remove after asking),
// adding one (`[data-action=add-passkey]`, WebAuthn's registration ceremony), sign-in links (`[data-action=
// make-sign-in-link]` shows the new one in `[data-role=sign-in-link]` with a copy button; the links still usable,
// each revocable) and signing out on this device (`[data-action=sign-out]`, asked first, with a warning when the
// player has no passkey: then only a sign-in link brings it back). Everything the player wrote (the passkeys'
// names) is set as text. When this browser cannot make passkeys, or the site is reached by an address passkeys
// cannot be bound to, the part says why instead of offering a button that cannot work.
import { request, ApiError, PLAYER } from '/api.js';
import { t, lang, onLanguage } from '/i18n.js';

/** @typedef {{ id: string, name: string, created: number, last_used: number | null }} Passkey */
/** @typedef {{ id: string, created: number, expires: number, url?: string }} SignInLink */

const ME = '/api/players/me';

const state = {
  /** @type {HTMLElement | null} */ box: null,
  loaded: false,
  /** @type {string | null} why the account could not be loaded (a code), or null */
  loadError: null,
  /** @type {Passkey[]} */ passkeys: [],
  /** @type {SignInLink[]} */ links: [],
  /** @type {SignInLink | null} the link made last, with its URL (shown once: the server keeps only a hash) */
  fresh: null,
  /** Whether the server said passkeys cannot work at this address. */
  unavailable: false,
  /** @type {string | null} the passkey being renamed, and the one asked about removing */
  renaming: null,
  /** @type {string | null} */ removing: null,
  /** @type {string | null} the name typed for the passkey being renamed, kept when the server refused it */
  draft: null,
  confirmingSignOut: false,
  busy: false,
  /** @type {{ part: string, key: string, params?: Record<string, unknown>, error?: boolean } | null} */
  message: null,
  /** @type {string | null} a selector to focus after the next drawing */
  focus: null,
  /** @type {Array<{ section: HTMLElement, body: HTMLElement, msg: HTMLElement }>} the parts as drawn on the page */
  sections: [],
};

/** Why passkeys cannot be added here, as a dictionary key, or null when they can. */
function whyNoPasskeys() {
  const pkc = /** @type {any} */ (window.PublicKeyCredential);
  if (!pkc || typeof pkc.parseCreationOptionsFromJSON !== 'function' || !navigator.credentials) return 'account.noWebAuthn';
  // A passkey is bound to the site's name: an IP address (or the server's answer saying so) has none.
  const host = location.hostname;
  if (state.unavailable || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return 'account.needName';
  return null;
}

const when = (ms) => new Date(ms).toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short' });
const day = (ms) => new Date(ms).toLocaleDateString(lang(), { dateStyle: 'medium' });

/** An element with its class, attributes (`data-*` as dataset) and children (strings as text). */
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = String(v);
    else if (k.startsWith('data-')) e.setAttribute(k, String(v));
    else if (k === 'text') e.textContent = String(v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return e;
}

function button(action, key, { kind = '', params = {} } = {}) {
  const b = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: kind || undefined, 'data-action': action }, t(key, params)));
  b.disabled = state.busy;
  return b;
}

/** The message of a part (`passkeys`, `links`, `sign-out`), when it has one. */
function messageOf(part) {
  const m = state.message && state.message.part === part ? state.message : null;
  const p = el('p', { class: `msg${m && m.error ? ' error' : ''}`, role: 'status', 'data-role': `${part}-message` });
  if (m) p.textContent = t(m.key, m.params || {});
  return p;
}

function say(part, key, params = {}, error = false) {
  state.message = { part, key, params, error };
}

const codeOf = (e) => (e instanceof ApiError ? e.code : (e && e.name) || 'network');

// ---- drawing ----

function passkeyItem(/** @type {Passkey} */ pk) {
  const li = el('li', { 'data-passkey': pk.id });
  if (state.renaming === pk.id) {
    const input = /** @type {HTMLInputElement} */ (el('input', { type: 'text', name: 'passkey-name', maxlength: '40', autocomplete: 'off', 'aria-label': t('account.passkeyName') }));
    input.value = state.draft ?? pk.name;
    const form = el(
      'form',
      { class: 'pk-rename', 'data-role': 'rename-passkey-form' },
      input,
      el('div', { class: 'row' }, button('save-passkey-name', 'account.save', { kind: 'primary' }), button('cancel-passkey-name', 'account.cancel')),
    );
    form.querySelector('[data-action=save-passkey-name]').setAttribute('type', 'submit');
    li.append(form);
    return li;
  }
  const facts = [t('account.added', { date: day(pk.created) }), pk.last_used ? t('account.lastUsed', { date: when(pk.last_used) }) : t('account.neverUsed')];
  li.append(
    el('div', { class: 'pk-main' }, el('strong', { class: 'pk-name', 'data-role': 'passkey-name' }, pk.name), el('span', { class: 'hint' }, facts.join(' \u00b7 '))),
  );
  if (state.removing === pk.id) {
    li.append(
      el(
        'div',
        { class: 'confirm', 'data-role': 'remove-passkey-confirm' },
        el('p', {}, t(state.passkeys.length === 1 ? 'account.removeLast' : 'account.removeAsk', { name: pk.name })),
        button('confirm-remove-passkey', 'account.removeYes', { kind: 'danger' }),
        button('cancel-remove-passkey', 'account.removeNo'),
      ),
    );
  } else {
    li.append(el('div', { class: 'row' }, button('rename-passkey', 'account.rename'), button('remove-passkey', 'account.remove')));
  }
  return li;
}

function passkeysPart() {
  const why = whyNoPasskeys();
  return el(
    'section',
    { class: 'account-part', 'aria-labelledby': 'passkeys-title', 'data-role': 'passkeys-part' },
    el('h3', { id: 'passkeys-title' }, t('account.passkeys')),
    el('p', { class: 'hint' }, t('account.passkeysHint')),
    state.passkeys.length
      ? el('ul', { class: 'account-list', 'data-role': 'passkeys' }, ...state.passkeys.map(passkeyItem))
      : el('p', { class: 'hint', 'data-role': 'no-passkeys' }, t('account.noPasskeys')),
    why ? el('p', { class: 'note', 'data-role': 'passkeys-unavailable' }, t(why)) : el('div', { class: 'row' }, button('add-passkey', 'account.add', { kind: 'primary' })),
    messageOf('passkeys'),
  );
}

function linkItem(/** @type {SignInLink} */ link) {
  const li = el('li', { 'data-sign-in-link': link.id });
  const text = t('account.linkFacts', { made: when(link.created), until: when(link.expires) });
  li.append(
    el('div', { class: 'pk-main' }, el('span', {}, text), state.fresh && state.fresh.id === link.id ? el('span', { class: 'hint' }, t('account.linkAbove')) : null),
    el('div', { class: 'row' }, button('revoke-sign-in-link', 'account.revoke')),
  );
  return li;
}

function linksPart() {
  const fresh = state.fresh;
  let shown = null;
  if (fresh && fresh.url) {
    const input = /** @type {HTMLInputElement} */ (el('input', { type: 'text', readonly: true, 'data-role': 'sign-in-link', id: 'sign-in-link', spellcheck: 'false', autocomplete: 'off' }));
    input.value = fresh.url;
    shown = el(
      'div',
      { class: 'link-box', 'data-role': 'new-sign-in-link' },
      el('label', { for: 'sign-in-link' }, t('account.linkLabel')),
      el('div', { class: 'copy-row' }, input, button('copy-sign-in-link', 'share.copy')),
      el('p', { class: 'note' }, t('account.linkOnce', { until: when(fresh.expires) })),
    );
  }
  return el(
    'section',
    { class: 'account-part', 'aria-labelledby': 'links-title', 'data-role': 'links-part' },
    el('h3', { id: 'links-title' }, t('account.links')),
    el('p', { class: 'hint' }, t('account.linksHint')),
    el('div', { class: 'row' }, button('make-sign-in-link', 'account.makeLink')),
    shown,
    state.links.length ? el('ul', { class: 'account-list', 'data-role': 'sign-in-links' }, ...state.links.map(linkItem)) : null,
    messageOf('links'),
  );
}

function signOutPart() {
  let ask = null;
  if (state.confirmingSignOut) {
    const key = state.passkeys.length ? 'account.signOutSafe' : state.links.length ? 'account.signOutLinkOnly' : 'account.signOutLoses';
    const risky = state.passkeys.length === 0;
    ask = el(
      'div',
      { class: `confirm${risky ? ' risky' : ''}`, 'data-role': 'sign-out-confirm' },
      el('p', {}, t(key)),
      button('confirm-sign-out', risky ? 'account.signOutAnyway' : 'account.signOutYes', { kind: 'danger' }),
      button('cancel-sign-out', 'account.signOutNo'),
    );
  }
  return el(
    'section',
    { class: 'account-part', 'aria-labelledby': 'sign-out-title', 'data-role': 'sign-out-part' },
    el('h3', { id: 'sign-out-title' }, t('account.signOutTitle')),
    el('p', { class: 'hint' }, t('account.signOutHint')),
    ask || el('div', { class: 'row' }, button('sign-out', 'account.signOut')),
    messageOf('sign-out'),
  );
}

function draw() {
  const box = state.box;
  if (!box) return;
  if (!state.loaded) {
    box.replaceChildren(el('p', { class: 'hint' }, t(state.loadError ? 'account.loadFailed' : 'account.loading', { code: state.loadError || '' })));
    return;
  }
  // Each part is drawn again inside a section that stays, beside its message, a live region that stays too (its
  // new words are announced; a live region put on the page with its words already in it often is not).
  const parts = [passkeysPart(), linksPart(), signOutPart()];
  if (!state.sections.length || !box.contains(state.sections[0].section)) {
    state.sections = parts.map((fresh) => {
      const section = /** @type {HTMLElement} */ (fresh.cloneNode(false));
      const body = el('div', { class: 'part-body' });
      const msg = el('p', { role: 'status', 'data-role': fresh.querySelector('p[role=status]').getAttribute('data-role') });
      section.append(body, msg);
      return { section, body, msg };
    });
    box.replaceChildren(...state.sections.map((s) => s.section));
  }
  parts.forEach((fresh, i) => {
    const { body, msg } = state.sections[i];
    const words = /** @type {HTMLElement} */ (fresh.querySelector('p[role=status]'));
    words.remove();
    msg.className = words.className;
    if (msg.textContent !== words.textContent) msg.textContent = words.textContent;
    body.replaceChildren(...fresh.childNodes);
  });
  if (state.focus) {
    const target = /** @type {HTMLElement | null} */ (box.querySelector(state.focus));
    state.focus = null;
    if (target) {
      target.focus();
      if (target instanceof HTMLInputElement) {
        target.select();
        // Its start (the site's address) in view, not its end, where selecting leaves it.
        target.scrollLeft = 0;
        requestAnimationFrame(() => {
          target.scrollLeft = 0;
        });
      }
    }
  }
}

// ---- what the buttons do ----

async function loadPasskeys() {
  const { data } = await request(`${ME}/passkeys`, { cache: 'no-store' });
  state.passkeys = Array.isArray(data) ? data : [];
}

async function loadLinks() {
  const { data } = await request(`${ME}/sign-in-links`, { cache: 'no-store' });
  state.links = Array.isArray(data) ? data : [];
  if (state.fresh && !state.links.some((l) => l.id === state.fresh.id)) state.fresh = null;
}

/** A selector for the button `b` of the part, as it will be drawn again (null: none to give). */
function selectorOf(b) {
  const action = b instanceof HTMLElement ? b.dataset.action : null;
  if (!action) return null;
  const item = /** @type {HTMLElement | null} */ (b.closest('[data-passkey], [data-sign-in-link]'));
  if (!item) return `[data-action=${action}]`;
  const [attr, value] = item.dataset.passkey ? ['data-passkey', item.dataset.passkey] : ['data-sign-in-link', item.dataset.signInLink];
  return `[${attr}="${CSS.escape(value)}"] [data-action=${action}]`;
}

/** Runs `job` with the buttons disabled, then draws again, the focus back on the button pressed (or where the
 * job put it). */
async function run(job) {
  if (state.busy) return;
  const back = state.box && state.box.contains(document.activeElement) ? selectorOf(document.activeElement) : null;
  state.busy = true;
  draw();
  try {
    await job();
  } finally {
    state.busy = false;
    if (!state.focus && back) state.focus = back;
    draw();
  }
}

/** The words for a failed registration ceremony or its answer. */
function addProblem(e) {
  if (e instanceof ApiError) {
    if (e.code === 'passkeys_unavailable') {
      state.unavailable = true;
      return null; // the part now says why instead of offering the button
    }
    if (e.code === 'gone') return ['account.addSlow', {}];
    if (e.code === 'bad_passkey') return ['account.addBad', {}];
    return ['account.addFailed', { code: e.code }];
  }
  if (e && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return ['account.addCancelled', {}];
  if (e && e.name === 'InvalidStateError') return ['account.addDuplicate', {}];
  if (e && (e.name === 'SecurityError' || e.name === 'NotSupportedError')) {
    state.unavailable = e.name === 'SecurityError';
    return e.name === 'SecurityError' ? null : ['account.addFailed', { code: e.name }];
  }
  return ['account.addFailed', { code: codeOf(e) }];
}

function addPasskey() {
  return run(async () => {
    state.message = null;
    try {
      const { data: begun } = await request(`${ME}/passkeys/begin`, { body: {} });
      const pkc = /** @type {any} */ (window.PublicKeyCredential);
      const publicKey = pkc.parseCreationOptionsFromJSON(begun.options.publicKey);
      const credential = /** @type {any} */ (await navigator.credentials.create({ publicKey }));
      if (!credential) throw new DOMException('no credential', 'NotAllowedError');
      const { data: added } = await request(`${ME}/passkeys`, { body: { ceremony: begun.ceremony, name: null, credential: credential.toJSON() } });
      if (added?.id) state.passkeys = [...state.passkeys.filter((p) => p.id !== added.id), added];
      else await loadPasskeys();
      say('passkeys', 'account.addedOne', { name: added?.name || '' });
    } catch (e) {
      const problem = addProblem(e);
      if (problem) say('passkeys', problem[0], problem[1], problem[0] !== 'account.addCancelled');
    }
  });
}

function savePasskeyName(id, name) {
  return run(async () => {
    try {
      const { data } = await request(`${ME}/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });
      state.passkeys = state.passkeys.map((p) => (p.id === id ? { ...p, ...data } : p));
      state.renaming = null;
      state.draft = null;
      state.message = null;
      state.focus = `[data-passkey="${CSS.escape(id)}"] [data-action=rename-passkey]`;
    } catch (e) {
      say('passkeys', e instanceof ApiError && e.code === 'bad_name' ? 'account.badName' : 'account.renameFailed', { code: codeOf(e) }, true);
      // The name typed stays, to be corrected.
      state.draft = name;
      state.focus = `[data-passkey="${CSS.escape(id)}"] input[name=passkey-name]`;
      if (e instanceof ApiError && e.status === 404) {
        state.renaming = null;
        await loadPasskeys().catch(() => {});
      }
    }
  });
}

function removePasskey(id) {
  return run(async () => {
    try {
      await request(`${ME}/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
      state.message = null;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) say('passkeys', 'account.removeFailed', { code: codeOf(e) }, true);
    }
    state.removing = null;
    await loadPasskeys().catch(() => {});
    state.focus = '[data-action=add-passkey]';
  });
}

function makeLink() {
  return run(async () => {
    state.message = null;
    try {
      const { data } = await request(`${ME}/sign-in-links`, { body: {} });
      if (!data?.url) throw new ApiError('bad_answer');
      state.fresh = data;
      await loadLinks().catch(() => {});
      if (!state.links.some((l) => l.id === data.id)) state.links = [...state.links, data];
      state.focus = 'input[data-role=sign-in-link]';
    } catch (e) {
      // The server keeps a few good links at once (five): then one is to be revoked first.
      const full = e instanceof ApiError && e.status === 400 && state.links.length > 0;
      say('links', full ? 'account.tooManyLinks' : 'account.linkFailed', { code: codeOf(e) }, true);
    }
  });
}

async function copyLink() {
  const input = /** @type {HTMLInputElement | null} */ (state.box?.querySelector('input[data-role=sign-in-link]'));
  if (!input) return;
  try {
    await navigator.clipboard.writeText(input.value);
    say('links', 'share.copied');
  } catch {
    say('links', 'share.copyFailed', {}, true);
  }
  // Copied: the button again; not copied: the link, selected, for the person to copy.
  state.focus = state.message?.error ? 'input[data-role=sign-in-link]' : '[data-action=copy-sign-in-link]';
  draw();
}

function revokeLink(id) {
  return run(async () => {
    try {
      await request(`${ME}/sign-in-links/${encodeURIComponent(id)}`, { method: 'DELETE' });
      say('links', 'account.revoked');
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) say('links', 'account.revokeFailed', { code: codeOf(e) }, true);
    }
    if (state.fresh && state.fresh.id === id) state.fresh = null;
    await loadLinks().catch(() => {});
    state.focus = '[data-action=make-sign-in-link]';
  });
}

function signOut() {
  return run(async () => {
    try {
      await request(`${ME}/sign-out`, { body: {} });
    } catch (e) {
      // Already signed out elsewhere (the key no longer works): this browser has no player either way.
      if (!(e instanceof ApiError && e.status === 401)) {
        say('sign-out', 'account.signOutFailed', { code: codeOf(e) }, true);
        return;
      }
    }
    try {
      localStorage.removeItem(PLAYER);
    } catch {
      // nothing kept to forget
    }
    location.assign('/');
  });
}

/** One listener for the whole part: the buttons are drawn again after every change. */
function onClick(ev) {
  const target = /** @type {HTMLElement} */ (ev.target);
  const b = /** @type {HTMLButtonElement | null} */ (target.closest('button[data-action]'));
  if (!b || b.disabled) return;
  const item = /** @type {HTMLElement | null} */ (b.closest('[data-passkey], [data-sign-in-link]'));
  const pid = item?.dataset.passkey;
  const lid = item?.dataset.signInLink;
  const pkSel = (sel) => `[data-passkey="${CSS.escape(pid)}"] ${sel}`;
  switch (b.dataset.action) {
    case 'add-passkey':
      addPasskey();
      return;
    case 'rename-passkey':
      state.renaming = pid;
      state.draft = null;
      state.removing = null;
      state.message = null;
      state.focus = pkSel('input[name=passkey-name]');
      break;
    case 'cancel-passkey-name':
      state.renaming = null;
      state.draft = null;
      state.message = null;
      state.focus = pkSel('[data-action=rename-passkey]');
      break;
    case 'save-passkey-name':
      return; // the form's submit
    case 'remove-passkey':
      state.removing = pid;
      state.renaming = null;
      state.focus = pkSel('[data-action=cancel-remove-passkey]');
      break;
    case 'cancel-remove-passkey':
      state.removing = null;
      state.focus = pkSel('[data-action=remove-passkey]');
      break;
    case 'confirm-remove-passkey':
      removePasskey(pid);
      return;
    case 'make-sign-in-link':
      makeLink();
      return;
    case 'copy-sign-in-link':
      copyLink();
      return;
    case 'revoke-sign-in-link':
      revokeLink(lid);
      return;
    case 'sign-out':
      state.confirmingSignOut = true;
      state.message = null;
      state.focus = '[data-action=cancel-sign-out]';
      break;
    case 'cancel-sign-out':
      state.confirmingSignOut = false;
      state.focus = '[data-action=sign-out]';
      break;
    case 'confirm-sign-out':
      signOut();
      return;
    default:
      return;
  }
  draw();
}

function onSubmit(ev) {
  const form = /** @type {HTMLFormElement} */ (ev.target);
  if (form.dataset.role !== 'rename-passkey-form') return;
  ev.preventDefault();
  const item = /** @type {HTMLElement | null} */ (form.closest('[data-passkey]'));
  const input = /** @type {HTMLInputElement} */ (form.querySelector('input[name=passkey-name]'));
  const name = input.value.trim();
  if (!item) return;
  if (!name) {
    say('passkeys', 'account.badName', {}, true);
    draw();
    return;
  }
  savePasskeyName(item.dataset.passkey, name);
}

function onKey(ev) {
  // Escape leaves a rename or a question unanswered, as Cancel does.
  if (ev.key !== 'Escape') return;
  const cancel = /** @type {HTMLElement | null} */ (
    (/** @type {HTMLElement} */ (ev.target)).closest('[data-passkey], [data-role=sign-out-part]')?.querySelector('[data-action^=cancel-]')
  );
  if (cancel) {
    ev.preventDefault();
    cancel.click();
  }
}

/**
 * Shows the account's controls in `container` (the own profile's `[data-role=account-controls]`); called again
 * (each time the profile draws itself) it only draws them in the page's language.
 * @param {HTMLElement} container
 */
export function mountAccountControls(container) {
  if (state.box === container) {
    draw();
    return;
  }
  state.box = container;
  container.addEventListener('click', onClick);
  container.addEventListener('submit', onSubmit);
  container.addEventListener('keydown', onKey);
  onLanguage(draw);
  draw();
  Promise.all([loadPasskeys(), loadLinks()])
    .then(() => {
      state.loaded = true;
    })
    .catch((e) => {
      state.loadError = codeOf(e);
    })
    .finally(draw);
}
