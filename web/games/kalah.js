// Kalah: two rows of six pits and a store at each end; South (seat 0) sits at the bottom.
// The view's `board` holds 14 counts in sowing order: 0-5 South's pits 1-6, 6 South's store,
// 7-12 North's pits 1-6 (from North's left), 13 North's store. No rules here: the pits
// offered are exactly the legal moves given.
//
// In a container narrower than NARROW px (a phone held upright) the board stands on end:
// it is the wide board turned a quarter to the left, so sowing still runs counter-clockwise.
// South's pits go up the right-hand column (pit 1 at the bottom) to South's store at the top;
// North's go down the left-hand column (pit 1 at the top) to North's store at the bottom.
// The board is drawn again, from the last arguments, when the container crosses NARROW.
import {el, actionable, listen} from './svg.js';

export const seats = [{name: 'South', colour: '#2f6db0'}, {name: 'North', colour: '#b4532a'}];

const NARROW = 520; // px: containers narrower than this get the tall board
const HALF = 44; // a pit's radius, in board units, in both layouts

/**
 * Where the stones of a store go: rows across the store from its rounded ends inwards, each as
 * wide as the rounding allows, leaving its middle to the count. `long` and `short` are half the
 * store's length and width; `rows` the distances of the rows from the middle. [dx, dy] from the
 * store's centre; `lengthwise` is true for a store lying along x.
 */
function storeSpots(long, short, rows, lengthwise) {
  const spots = [];
  for (const along of rows) {
    const straight = long - short;
    const half = (along <= straight ? short : Math.sqrt(short ** 2 - (along - straight) ** 2)) - 9;
    const count = Math.floor((2 * half) / 13) + 1;
    for (const side of [-1, 1]) {
      for (let i = 0; i < count; i++) {
        const across = (i - (count - 1) / 2) * 13;
        spots.push(lengthwise ? [side * along, across] : [across, side * along]);
      }
    }
  }
  return spots;
}

/** The wide board: South's row along the bottom, its store on the right. */
const WIDE = {
  width: 840,
  height: 270,
  className: 'kalah',
  title: 'Kalah board: North\'s pits along the top, South\'s along the bottom',
  wood: {x: 4, y: 30, width: 832, height: 210, rx: 60},
  place(index) {
    if (index === 6) return {x: 770, y: 135, store: true};
    if (index === 13) return {x: 70, y: 135, store: true};
    return index < 6 ? {x: 170 + index * 100, y: 185} : {x: 170 + (12 - index) * 100, y: 85};
  },
  storeHole: (x, y) => ({x: x - 40, y: y - 93, width: 80, height: 186, rx: 40}),
  storeSpots: storeSpots(93, 40, [84, 71, 58, 45, 32], false),
  label(index, x, y, seat, store) {
    return {x, y: store ? (seat ? 20 : 262) : (seat ? 22 : 261), class: 'label'};
  },
};

// The tall board, in its own units: two columns 100 apart, pits 96 apart, flat stores.
const MIDDLE = 210, FIRST = 132, PITCH = 96;
const TALL = {
  width: 420,
  height: 744,
  className: 'kalah tall',
  title: 'Kalah board: South\'s pits up the right-hand side to South\'s store at the top, '
    + 'North\'s pits down the left-hand side to North\'s store at the bottom',
  wood: {x: MIDDLE - 106, y: 4, width: 212, height: 736, rx: 50},
  place(index) {
    if (index === 6) return {x: MIDDLE, y: 46, store: true};
    if (index === 13) return {x: MIDDLE, y: 698, store: true};
    return index < 6 ? {x: MIDDLE + 50, y: FIRST + (5 - index) * PITCH} : {x: MIDDLE - 50, y: FIRST + (index - 7) * PITCH};
  },
  storeHole: (x, y) => ({x: x - 94, y: y - 34, width: 188, height: 68, rx: 34}),
  storeSpots: storeSpots(94, 34, [85, 72, 59, 46, 33], true),
  label(index, x, y, seat, store) {
    // Pit numbers outside each column; the seat's name beside its store, on its own side.
    if (store) return {x: MIDDLE + (seat ? -116 : 116), y: y + 9, class: `label seat ${seat ? 'end' : 'start'}`};
    return {x: MIDDLE + (seat ? -130 : 130), y: y + 9, class: 'label'};
  },
};

/** Small stones around the count: a ring in a pit, rows either side of it in a store. */
function stones(count, x, y, store, layout) {
  const dots = [];
  const shown = Math.min(count, store ? layout.storeSpots.length : 18);
  for (let i = 0; i < shown; i++) {
    let dx, dy;
    if (store) {
      [dx, dy] = layout.storeSpots[i];
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

// Per container: the last arguments and the layout drawn, to draw again when it gets wider or narrower.
const drawn = new WeakMap();

function narrow(container) {
  const width = container.clientWidth;
  // A container not laid out (yet) has no width: judge by the window instead.
  return width > 0 ? width < NARROW : matchMedia(`(max-width: ${NARROW + 20}px)`).matches;
}

/** Draws the board again, in the other layout, when the container crosses NARROW; once per container. */
function watch(container, last) {
  let frame = 0;
  const check = () => {
    frame = 0;
    if (!container.isConnected || narrow(container) === last.narrow) return;
    const focused = container.contains(document.activeElement) ? document.activeElement : null;
    render(container, last.args, last.onMove);
    if (focused) {
      // A keyboard player keeps their place on the redrawn board.
      const offered = [...container.querySelectorAll('[data-move]')];
      const target = offered.find((node) => node.dataset.move === focused.dataset?.move) ?? offered[0] ?? container;
      target.focus();
    }
  };
  // Drawing waits for the next frame, so it never resizes the container inside the observer's callback.
  const schedule = () => { frame ||= requestAnimationFrame(check); };
  if (typeof ResizeObserver === 'function') new ResizeObserver(schedule).observe(container);
  else window.addEventListener('resize', schedule);
}

export function render(container, args, onMove) {
  let last = drawn.get(container);
  if (!last) {
    last = {};
    drawn.set(container, last);
    watch(container, last);
  }
  Object.assign(last, {args, onMove, narrow: narrow(container)});
  draw(container, args, onMove, last.narrow ? TALL : WIDE);
}

function draw(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove, layout) {
  const board = view?.board ?? Array(14).fill(null);
  const toMove = view?.to_move;
  const last = view?.last_move;
  const sowing = last?.sowing ?? [];
  const landed = sowing.length > 1 ? sowing[sowing.length - 1] : -1;
  const capture = new Set(last?.capture ?? []);
  const offered = new Set(interactive ? legalMoves : []);

  const svg = el('svg', {viewBox: `0 0 ${layout.width} ${layout.height}`, class: layout.className, role: 'group',
    'aria-label': layout.title});
  svg.append(el('rect', {...layout.wood, class: 'wood'}));

  for (let index = 0; index < 14; index++) {
    const {x, y, store} = layout.place(index);
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
      ? el('rect', {...layout.storeHole(x, y), class: 'hole'})
      : el('rect', {x: x - HALF, y: y - HALF, width: HALF * 2, height: HALF * 2, rx: HALF, class: 'hole'}));
    if (count !== null) {
      group.append(...stones(count, x, y, store, layout));
      group.append(el('text', {x, y: y + 13, class: 'count'}, count));
    }
    svg.append(group);
    svg.append(el('text', {...layout.label(index, x, y, seat, store), 'aria-hidden': 'true'},
      store ? seats[seat].name : pit));
  }

  // The sowing just made, pit by pit: a flash in each pit a stone fell in (motion.js).
  sowing.slice(1).forEach((index, step) => {
    const {x, y, store} = layout.place(index);
    svg.append(store ? el('rect', {...layout.storeHole(x, y), class: 'sow-step', opacity: 0, 'data-step': String(step)})
      : el('circle', {cx: x, cy: y, r: HALF, class: 'sow-step', opacity: 0, 'data-step': String(step)}));
  });
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
