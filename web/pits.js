// Pit names and position lookups. This is geometry only: the client never judges legality.

export const SIDES = ['south', 'north'];

/** "A6" -> {side:'south', row:'front', index:5} */
export function parsePit(name) {
  const m = /^([ABab])([1-8])$/.exec(name || '');
  if (!m) return null;
  const letter = m[1];
  return {
    side: letter === 'A' || letter === 'B' ? 'south' : 'north',
    row: letter === 'A' || letter === 'a' ? 'front' : 'back',
    index: Number(m[2]) - 1,
  };
}

export function pitName(side, row, index) {
  const l = row === 'front' ? 'a' : 'b';
  return (side === 'south' ? l.toUpperCase() : l) + (index + 1);
}

export function allPits() {
  const out = [];
  for (const side of SIDES) for (const row of ['front', 'back']) for (let i = 0; i < 8; i++) out.push(pitName(side, row, i));
  return out;
}

export function countAt(pos, name) {
  const p = parsePit(name);
  return pos[p.side][p.row][p.index];
}

export function other(side) {
  return side === 'south' ? 'north' : 'south';
}

/** The start pit of a move in notation ("A8R+" -> "A8"). */
export function movePit(move) {
  const m = /^([ABab][1-8])/.exec(move || '');
  return m ? m[1] : null;
}

export function clonePos(pos) {
  return JSON.parse(JSON.stringify(pos));
}

export function hasHouses(variant) {
  return variant === 'kiswahili' || variant === 'kiswahili-malawi';
}

/** The starting position of a variant (set-up data only, as in the rules), so the move list can show move 0. */
export function initialPosition(variant) {
  const z = () => [0, 0, 0, 0, 0, 0, 0, 0];
  const side = (front, back, hand, house) => ({ front, back, hand, house });
  let mk;
  if (variant === 'kujifunza') mk = () => side([2, 2, 2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2, 2, 2], 0, false);
  else if (variant === 'kiswahili') mk = () => side([0, 0, 0, 0, 6, 2, 2, 0], z(), 22, true);
  else if (variant === 'kiswahili-malawi') mk = () => side([0, 0, 0, 0, 8, 2, 2, 0], z(), 20, true);
  else if (variant === 'kimasai') mk = () => side([1, 1, 1, 1, 1, 1, 1, 1], z(), 24, false);
  else return null;
  return { variant, to_move: 'south', south: mk(), north: mk(), takasia: null, result: null };
}
