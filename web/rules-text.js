// Pure helpers of the rules pages (no imports, so tests/rules can load this file as it is): filling the texts'
// {placeholders} from web/rules-data.js, the marks a board shows after a move, and the step-by-step account
// of a move, built from its trace (spec/position.md, the engine's own record of the move).

/** The {name} placeholders of a text (names may hold letters, digits, dots and dashes). */
export function placeholders(text) {
  return [...String(text).matchAll(/\{([\w.-]+)\}/g)].map((m) => m[1]);
}

/** Replaces each {name} found in `facts`; leaves the others as they are. */
export function fill(text, facts) {
  return String(text).replace(/\{([\w.-]+)\}/g, (m, k) => (facts[k] !== undefined ? String(facts[k]) : m));
}

/**
 * The numbers a page's texts may quote: the page's variant facts by their names, every variant's facts as
 * `variant.name` (`kiswahili-malawi` also as `malawi.name`).
 */
export function pageFacts(data, variant) {
  const out = { ...(data.facts[variant] || {}) };
  for (const [v, list] of Object.entries(data.facts)) {
    for (const [k, n] of Object.entries(list)) {
      out[`${v}.${k}`] = n;
      if (v === 'kiswahili-malawi') out[`malawi.${k}`] = n;
    }
  }
  return out;
}

/**
 * The rules of a page from a language's rules dictionary: the variant's own, except for the Malawi opening,
 * which is Bao la Kiswahili with the Malawi sections' fields on top of those with the same id.
 */
export function pageRules(all, variant) {
  const own = all[variant] || {};
  if (variant !== 'kiswahili-malawi') return own;
  const base = all.kiswahili;
  const caption = (id) => {
    for (const s of base.sections) for (const [fid, c] of s.figs || []) if (fid === id) return c;
    return undefined;
  };
  // A figure without a caption takes Bao la Kiswahili's caption of that figure; `@id`, that of figure `id`.
  const figs = (list) =>
    list.map(([id, c]) => [id, c === undefined ? caption(id) : c.startsWith('@') ? caption(c.slice(1)) : c]);
  const mine = new Map((own.sections || []).map((s) => [s.id, s.figs ? { ...s, figs: figs(s.figs) } : s]));
  const sections = base.sections.map((s) => ({ ...s, ...(mine.get(s.id) || {}) }));
  for (const s of own.sections || []) if (!base.sections.some((b) => b.id === s.id)) sections.push(s);
  return { ...base, ...own, sections };
}

/** A front pit's opposite number (`A3` faces `a6`). */
export function facing(pit) {
  const n = Number(pit.slice(1));
  if (pit[0] === 'A') return `a${9 - n}`;
  if (pit[0] === 'a') return `A${9 - n}`;
  return null;
}

/**
 * The marks of a small board: the pits shown in the text (`show`), a move's start pit, the pits that received
 * seeds, the captured pits, and the last pit sown.
 * @typedef {{ show?: Set<string>, start: string | null, sown: Set<string>, captured: Set<string>, last?: string | null }} Marks
 */

/**
 * What the board after a move marks: the start pit, the pits that received seeds, the captured pits.
 * @returns {Marks}
 */
export function marks(trace) {
  const out = { start: null, sown: new Set(), captured: new Set(), last: null };
  for (const s of trace || []) {
    if ((s.step === 'hand' || s.step === 'lift') && !out.start) out.start = s.pit;
    if (s.step === 'sow') {
      out.sown.add(s.pit);
      out.last = s.pit;
    }
    if (s.step === 'capture') out.captured.add(s.pit);
  }
  return out;
}

/**
 * A lookup for the step texts of one language: `say(key, params)` picks `key.cows` in Kimasai and `key.one`
 * when `params.n` is 1 (falling back to the plain key), fills {what} with the counted seeds or cows and the
 * other {params}.
 */
export function sayer(steps, kimasai) {
  const pick = (key, n) => {
    const tries = [];
    if (kimasai) tries.push(n === 1 ? `${key}.cows.one` : `${key}.cows`, `${key}.cows`);
    tries.push(n === 1 ? `${key}.one` : key, key);
    for (const k of tries) if (steps[k] !== undefined) return steps[k];
    return undefined;
  };
  return (/** @type {string} */ key, /** @type {Record<string, any>} */ params = {}) => {
    const tpl = pick(key, params.n);
    if (tpl === undefined) return `[${key}]`;
    const p = { ...params };
    if (p.n !== undefined) p.what = fill(pick('seeds', p.n) || '{n}', { n: p.n });
    return fill(tpl, p);
  };
}

/**
 * The move of a figure, lap by lap, as sentences: `say` from sayer(), `side(name)` the name of a side.
 * Each lap is the step that fills the hand with seeds (lift, relay, capture, safari) and the sowing after it.
 */
export function narrate(trace, say, side) {
  const lines = [];
  const steps = trace || [];
  let i = 0;
  const sows = () => {
    const pits = [];
    while (i < steps.length && steps[i].step === 'sow') pits.push(steps[i++].pit);
    return pits;
  };
  let lastPit = null;
  while (i < steps.length) {
    const s = steps[i++];
    if (s.step === 'hand') {
      lines.push(say('hand', { pit: s.pit }));
      continue;
    }
    if (s.step === 'lift' || s.step === 'relay' || s.step === 'safari' || s.step === 'capture') {
      const pits = sows();
      const key = s.step === 'lift' && s.tax ? 'tax' : s.step === 'capture' && !pits.length ? 'captureLast' : s.step;
      lines.push(say(key, { pit: s.pit, n: s.count, pits: pits.join(', '), into: s.into, own: facing(s.pit) }));
      if (pits.length) lastPit = pits[pits.length - 1];
      const next = steps[i];
      // The lap ended in an empty pit: nothing follows, or only the end of the game.
      if (pits.length && (!next || next.step === 'win')) lines.push(say('end', { pit: lastPit }));
      continue;
    }
    if (s.step === 'nyumba_stop') lines.push(say('stop', { pit: s.pit }));
    else if (s.step === 'takasia_stop') lines.push(say('takasiaStop', { pit: s.pit }));
    else if (s.step === 'win') {
      const loser = s.winner === 'south' ? 'north' : 'south';
      lines.push(say('win', { winner: side(s.winner), loser: side(loser) }));
      const prev = steps[i - 2];
      if (prev && prev.step === 'capture') lines.push(say('kept', { n: prev.count, winner: side(s.winner) }));
    }
  }
  return lines;
}
