// A tournament in words, shared by /tournaments and /t/{id}: its name ("Arena · Bao la Kujifunza · 5 min + 3 s")
// and its state ("Starts at 18:30", "Round 2 of 5", "Ends at 19:30", "Finished").
import { t, lang } from '/i18n.js';
import { controlName } from '/shared/clock-format.js';

/** The time of day (or the date and time when not today) of Unix ms `at`, in the page's language. */
export function when(at) {
  const d = new Date(at);
  const today = new Date().toDateString() === d.toDateString();
  const opts = today ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(lang(), /** @type {Intl.DateTimeFormatOptions} */ (opts)).format(d);
}

/** The words of each kind (spelt out, so that each key is named where it is used). */
const KINDS = { arena: 'tournaments.arena', swiss: 'tournaments.swiss' };

/** "Arena · Bao la Kujifunza · 5 min + 3 s". */
export function tournamentName(v) {
  return [t(KINDS[v.kind] || KINDS.arena), t(`variant.${v.variant}`), controlName(v.clock)].join(' \u00b7 ');
}

/** Where the tournament stands, in one sentence. */
export function tournamentState(v) {
  if (v.status === 'finished') return t('tournaments.finished');
  if (v.status === 'created') return t('tournaments.startsAt', { when: when(v.starts_at) });
  if (v.kind === 'swiss') return t('tournaments.round', { round: v.round ?? 0, rounds: v.rounds ?? 0 });
  return t('tournaments.endsAt', { when: when(v.ends_at ?? v.starts_at) });
}
