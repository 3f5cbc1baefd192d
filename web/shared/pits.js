// Pit names and move notation: geometry only, the client never judges legality.

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
