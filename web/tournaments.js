// The tournaments page, `/tournaments`: the coming, running and recent arenas and Swiss events (GET
// /api/tournaments) with links to their pages, and a form that creates one (as this browser's player, made on
// the first click as in the lobby) and opens it.
import { $, $$, initPage, ensurePlayer } from '/common.js';
import { ApiError, fetchTournaments, createTournament } from '/api.js';
import { parseControl } from '/shared/clock-format.js';
import { t, onLanguage } from '/i18n.js';
import { tournamentName, tournamentState } from '/shared/tournament-words.js';

const ORDER = { started: 0, created: 1, finished: 2 };
/** @type {any[] | null} */
let list = null;

function render() {
  if (list === null) return;
  const items = [...list]
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.starts_at - b.starts_at)
    .map((v) => {
      const li = document.createElement('li');
      li.dataset.status = v.status;
      const a = document.createElement('a');
      a.href = `/t/${encodeURIComponent(v.id)}`;
      a.dataset.tournament = v.id;
      a.textContent = tournamentName(v);
      const state = document.createElement('span');
      state.className = 'state';
      state.textContent = `${tournamentState(v)} \u00b7 ${t('tournaments.players', { n: v.players })}`;
      li.append(a, state);
      return li;
    });
  $('[data-role=tournaments]').replaceChildren(...items);
  $('[data-role=tournaments-empty]').hidden = items.length > 0;
}

/** Shows the fields of the chosen kind (an arena's minutes, a Swiss event's rounds; correspondence for Swiss only). */
function kindChanged() {
  const form = /** @type {HTMLFormElement} */ ($('[data-role=new-tournament]'));
  const kind = /** @type {HTMLSelectElement} */ (form.elements.namedItem('kind')).value;
  for (const label of $$('[data-for-kind]')) {
    const on = label.getAttribute('data-for-kind') === kind;
    label.hidden = !on;
    const input = label.querySelector('input');
    if (input) input.disabled = !on;
  }
  const clock = /** @type {HTMLSelectElement} */ (form.elements.namedItem('clock'));
  for (const o of clock.querySelectorAll('option[data-swiss-only]')) {
    /** @type {HTMLOptionElement} */ (o).hidden = kind !== 'swiss';
    /** @type {HTMLOptionElement} */ (o).disabled = kind !== 'swiss';
  }
  if (clock.selectedOptions[0]?.disabled) clock.value = 'live:300+3';
}

function labelCorrespondence() {
  for (const o of $$('[data-role=new-tournament] option[data-swiss-only]')) {
    const days = Number(/** @type {HTMLOptionElement} */ (o).value.split(':')[1]);
    o.textContent = days === 1 ? t('clock.corr.one') : t('clock.corr', { n: days });
  }
}

async function create(ev) {
  ev.preventDefault();
  const form = /** @type {HTMLFormElement} */ (ev.target);
  const field = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value;
  const box = $('[data-role=new-tournament-error]');
  box.hidden = true;
  const kind = field('kind');
  /** @type {Record<string, unknown>} */
  const body = {
    kind,
    variant: field('variant'),
    clock: parseControl(field('clock')),
    starts_at: Date.now() + Number(field('starts_in')) * 60000,
  };
  if (kind === 'arena') body.minutes = Number(field('minutes'));
  else body.rounds = Number(field('rounds'));
  try {
    await ensurePlayer();
    const made = await createTournament(body);
    location.assign(made.url || `/t/${encodeURIComponent(made.id)}`);
  } catch (e) {
    const code = e instanceof ApiError ? e.code : 'network';
    box.textContent = code === 'rate_limited' ? t('tournaments.tooMany') : t('tournaments.failed', { code });
    box.hidden = false;
  }
}

onLanguage(() => {
  render();
  labelCorrespondence();
});
await initPage();
$('[data-role=new-tournament]').addEventListener('submit', create);
$('select[name=kind]').addEventListener('change', kindChanged);
kindChanged();
labelCorrespondence();
try {
  list = await fetchTournaments();
  render();
} catch (e) {
  const box = $('[data-role=new-tournament-error]');
  box.textContent = t('tournaments.failed', { code: e instanceof ApiError ? e.code : 'network' });
  box.hidden = false;
}
