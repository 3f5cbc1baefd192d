// The home page's tournaments: up to three running or coming ones (GET /api/tournaments), each a link to its page,
// the section hidden when there are none. Loaded by web/home.js once the page is up.
import { $ } from '/common.js';
import { fetchTournaments } from '/api.js';
import { t, onLanguage } from '/i18n.js';
import { tournamentName, tournamentState } from '/shared/tournament-words.js';

const SHOWN = 3;
/** @type {any[]} */
let next = [];

function render() {
  const items = next.map((v) => {
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
  $('[data-role=next-tournaments]').replaceChildren(...items);
  $('[data-role=home-tournaments]').hidden = items.length === 0;
}

/** Fetches and shows the next tournaments; a failure leaves the section hidden (the page works without it). */
export async function showNextTournaments() {
  try {
    const all = await fetchTournaments();
    next = all
      .filter((v) => v.status !== 'finished')
      .sort((a, b) => (a.status === b.status ? a.starts_at - b.starts_at : a.status === 'started' ? -1 : 1))
      .slice(0, SHOWN);
  } catch {
    next = [];
  }
  render();
  onLanguage(render);
}
