// The dialog that names this browser's player (the header's `[data-action=rename]`, web/common.js): a new player
// with the name given (or one the server gives, when it is left empty), or a new name for the player it has.
import { t, applyTranslations, safeSet } from '/i18n.js';
import { PLAYER } from '/api.js';
import { createPlayer, renamePlayer, ApiError } from '/api.js';

/** The player the dialog was opened for, and what to call with the saved one. */
/** @type {{ id: string, name: string } | null} */
let current = null;
/** @type {(player: { id: string, name: string }) => void} */
let done = () => {};

/**
 * Opens the dialog for `me` (null: no player yet); `saved` gets the player once the server has taken the name.
 * @param {{ id: string, name: string } | null} me @param {(player: { id: string, name: string }) => void} saved
 */
export function openNameDialog(me, saved) {
  let dialog = /** @type {HTMLDialogElement | null} */ (document.querySelector('dialog[data-role=name-dialog]'));
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.dataset.role = 'name-dialog';
    // Its look in a file of its own, not in style.css: most pages never open it.
    const look = document.createElement('link');
    look.rel = 'stylesheet';
    look.href = '/shared/name-dialog.css';
    document.head.append(look);
    dialog.innerHTML =
      '<form method="dialog"><label><span data-i18n="me.label"></span> <input name="player-name" maxlength="40" autocomplete="nickname"></label>' +
      '<p class="rules" data-i18n="me.rules"></p><p class="msg" data-role="name-error" role="alert"></p>' +
      '<div class="result-actions"><button type="submit" class="primary" data-action="save-name" data-i18n="me.save"></button>' +
      '<button type="button" data-action="cancel-name" data-i18n="me.cancel"></button></div></form>';
    document.body.append(dialog);
    applyTranslations(dialog);
    const d = dialog;
    d.querySelector('[data-action=cancel-name]')?.addEventListener('click', () => d.close());
    d.querySelector('form')?.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const input = /** @type {HTMLInputElement} */ (d.querySelector('input[name=player-name]'));
      const error = /** @type {HTMLElement} */ (d.querySelector('[data-role=name-error]'));
      const name = input.value;
      error.textContent = '';
      try {
        const player = current ? await renamePlayer(name) : await createPlayer(name.trim() === '' ? '' : name);
        current = player;
        // Not the key (an HttpOnly cookie): only that this browser has a player, so that pages ask for it.
        safeSet(PLAYER, player.id);
        done(player);
        d.close();
      } catch (e) {
        error.textContent = e instanceof ApiError && e.code === 'bad_name' ? t('me.badName') : t('me.failed');
      }
    });
  }
  current = me;
  done = saved;
  const input = /** @type {HTMLInputElement} */ (dialog.querySelector('input[name=player-name]'));
  input.value = me ? me.name : '';
  input.placeholder = me ? '' : t('me.placeholder');
  /** @type {HTMLElement} */ (dialog.querySelector('[data-role=name-error]')).textContent = '';
  dialog.showModal();
  input.focus();
}

