// The home page's list of this browser's games (`[data-role=my-games]`): the games whose seat tokens this browser
// keeps (web/shared/store.js), newest first, as POST /api/games/status tells where they stand (public facts, no token
// sent). Each is an `a[data-game=ID]` with the variant, whom it is against (`data-opponent`: a name,
// `computer:LEVEL`, or empty), the time control (`data-clock`, as `select[name=clock]` writes it), the date, whose
// turn it is, the clocks and the result, the date it began (relative: "2 days ago"), and `data-your-turn` when it is
// this browser's move. A game that is over, or one against the computer, can be taken off the list (its seat token
// forgotten: the list is this browser's).
import { t, lang } from '/i18n.js';
import { fetchStatuses } from '/api.js';
import { formatClock, controlName, controlValue } from '/shared/clock-format.js';
import { localGames, forgetLocalGame } from '/shared/local-games.js';

/** Ids per request: the endpoint's limit. */
const PER_CALL = 100;
/** Games listed at most (the newest). */
const SHOWN = 50;

/** Asks the server where this browser's games stand; resolves to [{ game, seat }] newest first. */
export async function loadMyGames() {
  const mine = storedGames().slice(0, SHOWN);
  const byId = new Map();
  for (let i = 0; i < mine.length; i += PER_CALL) {
    const ids = mine.slice(i, i + PER_CALL).map((g) => g.id);
    for (const g of await fetchStatuses(ids)) byId.set(g.id, g);
  }
  return mine.filter((m) => byId.has(m.id)).map((m) => ({ game: byId.get(m.id), seat: m.seat }));
}

/** Draws the list into `list` (a `ul`), with the games against the computer played in this browser (/local) first;
 * `box` is hidden when there is nothing to show. */
export function renderMyGames(box, list, games) {
  // A game sent for its review is listed as the server's (its seat token is kept), not twice.
  const locals = localGames().filter((g) => !g.uploaded);
  list.replaceChildren(...locals.map(localItem), ...games.map(({ game, seat }) => item(game, seat)));
  box.hidden = games.length === 0 && locals.length === 0;
}

/** A game of this browser's (web/shared/local-games.js): `a[data-game="local:ID"]` leading to /local?id=ID. */
function localItem(/** @type {import('/shared/local-games.js').LocalGame} */ g) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = `/local?id=${encodeURIComponent(g.id)}`;
  a.dataset.game = `local:${g.id}`;
  a.dataset.opponent = `computer:${g.level}`;
  a.dataset.clock = 'none';
  a.dataset.local = '';
  const pos = g.positions[g.positions.length - 1];
  a.toggleAttribute('data-your-turn', !g.result && !!pos && pos.to_move === g.seat);
  const name = document.createElement('strong');
  name.textContent = t(`variant.${g.variant}`);
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = g.result
    ? !g.result.winner
      ? t('mygames.drawn')
      : t(g.result.winner === g.seat ? 'mygames.won' : 'mygames.lost')
    : t(pos && pos.to_move === g.seat ? 'mygames.yourTurn' : 'mygames.theirTurn');
  const facts = document.createElement('span');
  facts.className = 'facts';
  facts.textContent = [t('mygames.vsComputer', { level: /^\d$/.test(g.level) ? t('level.n', { k: g.level }) : t(`level.${g.level}`) }), t('mygames.moves', { n: g.moves.length }), t('mygames.inBrowser')].join(' · ');
  const when = document.createElement('time');
  when.className = 'when';
  when.dateTime = new Date(g.created).toISOString();
  when.title = new Date(g.created).toLocaleString(lang());
  when.textContent = relativeDate(g.created);
  facts.append(' · ', when);
  a.append(name, ' ', where, ' ', facts);
  li.append(a);
  const forget = document.createElement('button');
  forget.type = 'button';
  forget.className = 'link';
  forget.dataset.action = 'forget-game';
  forget.dataset.game = `local:${g.id}`;
  forget.textContent = t('mygames.forget');
  forget.title = t('mygames.forgetHelp');
  forget.addEventListener('click', () => {
    forgetLocalGame(g.id);
    const list = li.parentElement;
    li.remove();
    if (list && list.parentElement && !list.children.length) list.parentElement.hidden = true;
  });
  li.append(forget);
  return li;
}

function item(g, seat) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = `/g/${encodeURIComponent(g.id)}`;
  a.dataset.game = g.id;
  const opp = g.seats ? g.seats[seat === 'south' ? 'north' : 'south'] : null;
  a.dataset.opponent = !opp || !opp.taken ? '' : opp.kind === 'computer' ? `computer:${g.level || 'medium'}` : opp.player && !opp.player.deleted ? opp.player.name : '';
  a.dataset.clock = controlValue(g.clock);
  const yours = g.status === 'playing' && !g.result && g.to_move === seat;
  a.toggleAttribute('data-your-turn', yours);
  const name = document.createElement('strong');
  name.textContent = t(`variant.${g.variant}`);
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = standing(g, seat);
  const facts = document.createElement('span');
  facts.className = 'facts';
  facts.textContent = [against(opp, g), t('mygames.moves', { n: g.moves }), clocks(g, seat) || (g.clock ? '' : t('clock.none'))].filter(Boolean).join(' · ');
  a.append(name, ' ', where, ' ', facts);
  if (g.created) {
    // When it began, in words ("3 days ago"), the date itself on hover and for machines.
    const when = document.createElement('time');
    when.className = 'when';
    when.dateTime = new Date(g.created).toISOString();
    when.title = new Date(g.created).toLocaleString(lang());
    when.textContent = relativeDate(g.created);
    facts.append(' · ', when);
  }
  li.append(a);
  // A game that is over, and one against the computer (left unfinished, it would say "Your turn" for ever), can be
  // taken off the list; a game against a person in play stays (the opponent is waiting for it).
  const computer = opp && opp.taken && opp.kind === 'computer';
  if (g.result || computer) {
    const forget = document.createElement('button');
    forget.type = 'button';
    forget.className = 'link';
    forget.dataset.action = 'forget-game';
    forget.dataset.game = g.id;
    forget.textContent = t('mygames.forget');
    forget.title = t('mygames.forgetHelp');
    forget.addEventListener('click', () => {
      try {
        localStorage.removeItem(`bao.seat.${g.id}`);
      } catch {
        /* storage unavailable: nothing kept */
      }
      const list = li.parentElement;
      li.remove();
      if (list && list.parentElement && !list.children.length) list.parentElement.hidden = true;
    });
    li.append(forget);
  }
  return li;
}

/** `ms` (a Unix time) in words relative to now, in the page's language: "5 minutes ago", "yesterday", "last month". */
export function relativeDate(ms, now = Date.now()) {
  const secs = (ms - now) / 1000;
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const steps = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
    ['year', Infinity],
  ];
  let v = secs;
  /** @type {Intl.RelativeTimeFormatUnit} */
  let unit = 'second';
  for (const [u, size] of steps) {
    unit = u;
    if (Math.abs(v) < size) break;
    v /= size;
  }
  try {
    const rtf = new Intl.RelativeTimeFormat(lang(), { numeric: 'auto' });
    // Under a minute is "now" (the seconds would tick on a list that is not redrawn every second).
    return unit === 'second' ? rtf.format(0, 'second') : rtf.format(Math.round(v), unit);
  } catch {
    return new Date(ms).toLocaleDateString(lang());
  }
}

/** Whom the game is against, in words: the opponent's name, the computer and its level, or a guest. */
function against(opp, g) {
  if (!opp || !opp.taken) return '';
  if (opp.kind === 'computer') return t('mygames.vsComputer', { level: /^\d$/.test(g.level) ? t('level.n', { k: g.level }) : t(`level.${g.level || 'medium'}`) });
  if (opp.player) return t('mygames.vs', { name: opp.player.deleted ? t('player.deleted') : opp.player.name });
  return t('mygames.vsGuest');
}

/** "Your turn", "Opponent's turn", "Waiting for an opponent", or the result as this seat sees it. */
function standing(g, seat) {
  if (g.result) {
    if (g.result.reason === 'aborted') return t('mygames.aborted');
    if (!g.result.winner) return t('mygames.drawn');
    return t(g.result.winner === seat ? 'mygames.won' : 'mygames.lost');
  }
  if (g.status === 'waiting') return t('mygames.waiting');
  return t(g.to_move === seat ? 'mygames.yourTurn' : 'mygames.theirTurn');
}

/** The time left to each side ("you 4:48, opponent 5:00"), or the control when the server gives no times. */
function clocks(g, seat) {
  const c = g.clock;
  if (!c) return '';
  if (!Number.isFinite(c.south_ms) || !Number.isFinite(c.north_ms)) return controlName(c);
  const opp = seat === 'south' ? 'north' : 'south';
  // The running side's time went on since the server measured it (`at`); the list is redrawn when fetched again.
  const left = (side) => c[`${side}_ms`] - (c.running === side && Number.isFinite(c.at) ? Math.max(0, Date.now() - c.at) : 0);
  return t('mygames.clocks', { you: formatClock(left(seat), c.kind), them: formatClock(left(opp), c.kind) });
}

/** This browser's games (store.js's seat tokens), newest first: [{ id, seat, at }] (games kept before `at` was noted come last). */
function storedGames() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith('bao.seat.')) continue;
      try {
        const v = JSON.parse(localStorage.getItem(k));
        if (v && (v.seat === 'south' || v.seat === 'north')) out.push({ id: k.slice(9), seat: v.seat, at: Number(v.at) || 0 });
      } catch {
        /* a value this page did not write */
      }
    }
  } catch {
    /* storage unavailable */
  }
  return out.sort((a, b) => b.at - a.at);
}
