// Kalah: two rows of six pits and a store at each end; South (seat 0) sits at the bottom.
// The view's `board` holds 14 counts in sowing order: 0-5 South's pits 1-6, 6 South's store,
// 7-12 North's pits 1-6 (from North's left), 13 North's store. No rules here: the pits
// offered are exactly the legal moves given.
import {el, actionable, listen} from './svg.js';

export const seats = [{name: 'South', colour: '#2f6db0'}, {name: 'North', colour: '#b4532a'}];

const WIDTH = 840, HEIGHT = 270, TOP = 85, BOTTOM = 185, HALF = 44;

/** Board index -> centre of its place on the board. */
function place(index) {
  if (index === 6) return {x: 770, y: 135, store: true};
  if (index === 13) return {x: 70, y: 135, store: true};
  return index < 6 ? {x: 170 + index * 100, y: BOTTOM} : {x: 170 + (12 - index) * 100, y: TOP};
}

// Where the stones of a store go: rows above and below its count, from the ends inwards,
// each as wide as the rounded store allows. [dx, dy] from the store's centre.
const STORE_SPOTS = [];
for (const dy of [84, 71, 58, 45, 32]) {
  const half = (dy <= 53 ? 40 : Math.sqrt(1600 - (dy - 53) ** 2)) - 9;
  const count = Math.floor((2 * half) / 13) + 1;
  for (const side of [-1, 1]) {
    for (let i = 0; i < count; i++) STORE_SPOTS.push([(i - (count - 1) / 2) * 13, side * dy]);
  }
}

/** Small stones around the count: a ring in a pit, rows above and below it in a store. */
function stones(count, x, y, store) {
  const dots = [];
  const shown = Math.min(count, store ? STORE_SPOTS.length : 18);
  for (let i = 0; i < shown; i++) {
    let dx, dy;
    if (store) {
      [dx, dy] = STORE_SPOTS[i];
    } else {
      const a = (i / Math.max(shown, 8)) * 2 * Math.PI - Math.PI / 2;
      dx = 33 * Math.cos(a);
      dy = 33 * Math.sin(a);
    }
    dots.push(el('circle', {cx: (x + dx).toFixed(1), cy: (y + dy).toFixed(1), r: 5.5, class: `stone s${i % 4}`}));
  }
  return dots;
}

export function moveLabel(move) {
  return move === 'swap' ? 'swap sides' : `pit ${move}`;
}

export function hint(view, legalMoves) {
  return legalMoves.includes('swap') ? 'Sow a pit, or swap sides (pie rule).' : 'Choose a pit to sow.';
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const board = view?.board ?? Array(14).fill(null);
  const toMove = view?.to_move;
  const last = view?.last_move;
  const sowing = last?.sowing ?? [];
  const landed = sowing.length > 1 ? sowing[sowing.length - 1] : -1;
  const capture = new Set(last?.capture ?? []);
  const offered = new Set(interactive ? legalMoves : []);

  const svg = el('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'kalah', role: 'group',
    'aria-label': 'Kalah board: North\'s pits along the top, South\'s along the bottom'});
  svg.append(el('rect', {x: 4, y: 30, width: WIDTH - 8, height: 210, rx: 60, class: 'wood'}));

  for (let index = 0; index < 14; index++) {
    const {x, y, store} = place(index);
    const seat = index < 7 ? 0 : 1;
    const count = board[index];
    const pit = store ? null : String((index % 7) + 1);
    const move = pit && seat === toMove && offered.has(pit) ? pit : null;
    const classes = ['place'];
    if (sowing.slice(1).includes(index)) classes.push('sown');
    if (index === sowing[0]) classes.push('origin');
    if (index === landed) classes.push('landed');
    if (capture.has(index)) classes.push('captured');
    if (move) classes.push('legal');

    const where = store ? `${seatLabel(seat)}'s store` : `${seatLabel(seat)}'s pit ${pit}`;
    const amount = count === null ? '' : `: ${count} stone${count === 1 ? '' : 's'}`;
    const attrs = move
      ? actionable(`Sow ${where}${amount}`, {'data-move': move, class: classes.join(' ')})
      : {class: classes.join(' '), role: 'img', 'aria-label': where + amount};
    const group = el('g', attrs);
    group.append(store
      ? el('rect', {x: x - 40, y: 42, width: 80, height: 186, rx: 40, class: 'hole'})
      : el('rect', {x: x - HALF, y: y - HALF, width: HALF * 2, height: HALF * 2, rx: HALF, class: 'hole'}));
    if (count !== null) {
      group.append(...stones(count, x, y, store));
      group.append(el('text', {x, y: y + 13, class: 'count'}, count));
    }
    svg.append(group);
    svg.append(el('text', {x, y: store ? (seat ? 20 : 262) : (seat ? 22 : 261), class: 'label', 'aria-hidden': 'true'},
      store ? seats[seat].name : pit));
  }

  const parts = [svg];
  if (offered.has('swap')) {
    parts.push(Object.assign(document.createElement('button'), {
      type: 'button', className: 'move-button', textContent: 'Swap sides (pie rule)',
    }));
    parts[1].dataset.move = 'swap';
  }
  container.replaceChildren(...parts);
  listen(container, (target) => onMove(target.dataset.move));
}
