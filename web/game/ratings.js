// A rated game's rating changes in the result box (`ended`'s or the snapshot's `ratings`), each player's on a line
// of its own: "Amani: 1500 → 1512 (+12)". Loaded by view.js only for a rated game that has them.
import { t } from '/i18n.js';
import { sideName } from '/shared/words.js';

/** Fills `box` (`[data-role=rating-changes]`) from `state.ratings`; hides it when there is nothing to show. */
export function renderRatingChanges(box, state) {
  const r = state.ratings;
  const lines = ['south', 'north']
    .filter((side) => r && r[side] && Number.isFinite(r[side].before) && Number.isFinite(r[side].after))
    .map((side) => {
      const before = Math.round(r[side].before);
      const after = Math.round(r[side].after);
      const diff = after - before;
      const li = document.createElement('li');
      li.dataset.side = side;
      li.dataset.before = String(before);
      li.dataset.after = String(after);
      li.textContent = t('rating.change', { name: sideName(state, side), before, after, diff: diff > 0 ? `+${diff}` : diff < 0 ? `\u2212${-diff}` : '\u00b10' });
      return li;
    });
  box.querySelector('ul').replaceChildren(...lines);
  box.hidden = lines.length === 0;
}
