// Clocks in words, shared by the home page's list of games and the game page: the time left as a live clock
// shows it (m:ss, tenths in the last 10 s, h:mm:ss past an hour) or, for days per move, in days and hours.
import { t } from '/i18n.js';

/** Below this a live clock shows tenths of a second. */
export const LOW_MS = 10000;

/** `ms` of time left on a clock of `kind` ('live' or 'correspondence') as shown on the page. */
export function formatClock(ms, kind) {
  ms = Math.max(0, Math.floor(ms));
  if (kind === 'correspondence' && ms >= 3600000) {
    const h = Math.floor(ms / 3600000);
    if (h >= 24) return t('clock.days', { d: Math.floor(h / 24), h: h % 24 });
    return t('clock.hours', { h, m: Math.floor((ms % 3600000) / 60000) });
  }
  if (kind === 'live' && ms < LOW_MS) return `0:0${(ms / 1000).toFixed(1)}`.replace(/^0:0(\d\d)/, '0:$1');
  const s = Math.ceil(ms / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** A time control in words: "5 min + 3 s", "3 days per move" ({kind, initial_s, increment_s} or {kind, days}). */
export function controlName(c) {
  if (!c) return t('clock.none');
  if (c.kind === 'correspondence') return t('clock.corr', { n: c.days });
  const min = c.initial_s % 60 === 0 ? String(c.initial_s / 60) : (c.initial_s / 60).toFixed(1);
  return t('clock.live', { min, inc: c.increment_s });
}

/** A clock object as a `<select name=clock>` value (`none`, `live:300+3`, `corr:3`): the inverse of parseControl. */
export function controlValue(c) {
  if (!c) return 'none';
  return c.kind === 'correspondence' ? `corr:${c.days}` : `live:${c.initial_s}+${c.increment_s}`;
}

/** A `<select name=clock>` value (`none`, `live:300+3`, `corr:3`) as the `clock` of POST /api/games. */
export function parseControl(value) {
  let m = /^live:(\d+)\+(\d+)$/.exec(value);
  if (m) return { kind: 'live', initial_s: Number(m[1]), increment_s: Number(m[2]) };
  m = /^corr:(\d+)$/.exec(value);
  if (m) return { kind: 'correspondence', days: Number(m[1]) };
  return null;
}
