// Isaac: a 10x10 board that is also the score track. Dark (seat 0) sits at the bottom, Light
// (seat 1) at the top. The track is read at the sides, so the cells stay clean: each row's first
// number for Dark at its left end (Dark counts left to right from a1 = 00) and for Light at its
// right end (Light counts right to left from j10 = 00); the two score counters are rings.
// Moves: "place 5 c3 h" (tap one end of the bar's place, then the other end), "remove c3" (tap
// a bar), "advance 7" (tap the cell the counter should stop on), "pass" (a button). No rules
// here: everything offered comes from the legal moves given.
import {el, actionable, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'Dark', colour: '#3b332c'}, {name: 'Light', colour: '#c8b27e'}];

const FILES = 'abcdefghij';
const CELL = 60, LEFT = 64, TOP = 70, WIDTH = 716, HEIGHT = 770;
const BAR = {fill: ['#3b332c', '#f3ead6'], stroke: ['#15110e', '#8c7350'], ink: ['#f3ead6', '#3b332c']};
const chosen = new WeakMap(); // container -> {key, from}: the first end picked, kept across re-renders

const squareIndex = (square) => (Number(square.slice(1)) - 1) * 10 + FILES.indexOf(square[0]);
const squareName = (index) => FILES[index % 10] + (Math.floor(index / 10) + 1);
const cellX = (index) => LEFT + (index % 10) * CELL;
const cellY = (index) => TOP + (9 - Math.floor(index / 10)) * CELL;

/** The cells of "place L SQ h|v", and its two ends. */
function placement(move) {
  const [, length, square, direction] = move.split(' ');
  const first = squareIndex(square), step = direction === 'v' ? 10 : 1;
  const cells = Array.from({length: Number(length)}, (_, k) => first + k * step);
  return {length: Number(length), cells, ends: [cells[0], cells[cells.length - 1]]};
}

const span = (cells) => `${squareName(cells[0])}–${squareName(cells[cells.length - 1])}`;

export const picksOf = (move) => (move.startsWith('place ') ? placement(move).ends.map(String) : []);

export function moveLabel(move) {
  if (move.startsWith('place ')) {
    const {length, cells} = placement(move);
    return `${length}-bar ${span(cells)}`;
  }
  if (move.startsWith('advance ')) return `counter +${move.slice(8)}`;
  return move;
}

export function hint(view, legalMoves) {
  if (legalMoves.length === 1 && legalMoves[0] === 'pass') {
    return view.phase === 'placement' ? 'None of your bars fits anywhere: pass.'
      : 'You cannot remove any bar: pass (you are out of the scoring).';
  }
  if (view.pending) return `Move your counter up to ${view.pending} cells: tap where it should stop.`;
  if (view.phase === 'placement') return 'Tap one end of the place for a bar, then the other end.';
  const shortest = view.shortest[view.to_move];
  return `Tap one of your bars to remove it${shortest ? ` (${shortest} cells or longer)` : ''}.`;
}

/** [x, y, width, height] of a bar lying on `cells` (ascending). */
function barBox(cells, vertical) {
  const x = cellX(cells[0]), y = cellY(vertical ? cells[cells.length - 1] : cells[0]);
  const long = cells.length * CELL - 12;
  return vertical ? [x + 14, y + 6, 32, long] : [x + 6, y + 14, long, 32];
}

/** A bar lying on `cells`, drawn with its value. */
function barShape(seat, cells, vertical, value, extra = {}) {
  const [x, y, width, height] = barBox(cells, vertical);
  return [
    el('rect', {x, y, width, height, rx: 11, fill: BAR.fill[seat], stroke: BAR.stroke[seat], 'stroke-width': 2.5, ...extra}),
    el('text', {x: x + width / 2, y: y + height / 2 + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 700,
      fill: BAR.ink[seat], 'pointer-events': 'none'}, value),
  ];
}

function counterRing(seat, index) {
  const cx = cellX(index) + CELL / 2, cy = cellY(index) + CELL / 2;
  // A counter slides from where it stood when the board was last drawn (motion.js); unmoved, it stays put.
  const spot = `counter${seat}`;
  return el('g', {'pointer-events': 'none', class: `counter counter-${seat}`, 'data-spot': spot, 'data-came-from': spot, 'data-steps': '2'},
    el('circle', {cx, cy, r: 25, fill: 'none', stroke: seat ? '#6d5536' : '#fffdf8', 'stroke-width': 11}),
    el('circle', {cx, cy, r: 25, fill: 'none', stroke: seat ? '#fffdf8' : '#111', 'stroke-width': 7}));
}

/** A seat's strip: name and score, its state, and its unplaced bars by length. */
function panel(view, seat, y, seatLabel) {
  const g = el('g', {class: 'panel', 'aria-hidden': 'true'});
  const toMove = view?.to_move === seat;
  g.append(el('circle', {cx: 42, cy: y + 20, r: 12, fill: BAR.fill[seat], stroke: BAR.stroke[seat], 'stroke-width': 2.5}));
  g.append(el('text', {x: 62, y: y + 29, 'font-size': 25, 'font-weight': toMove ? 800 : 600, fill: '#2a2520'},
    `${toMove ? '▶ ' : ''}${seatLabel(seat)}: ${view ? view.scores[seat] : 0}`));
  const notes = [];
  if (view) {
    if (view.passed[seat]) notes.push(view.phase === 'placement' ? 'cannot place' : 'out');
    if (view.phase === 'scoring' && view.shortest[seat]) notes.push(`removes ${view.shortest[seat]}+`);
    notes.push(`unplaced ${view.unplaced_cells[seat]}`);
  }
  g.append(el('text', {x: WIDTH - 10, y: y + 27, 'font-size': 17, 'text-anchor': 'end', fill: '#6d645a'}, notes.join(' · ')));
  const reserve = view?.reserve[seat] ?? [5, 4, 3, 2, 1];
  let x = 30;
  [3, 4, 5, 6, 7].forEach((length, k) => {
    const count = reserve[k];
    g.append(el('rect', {x, y: y + 40, width: length * 12, height: 16, rx: 5, fill: BAR.fill[seat], stroke: BAR.stroke[seat],
      'stroke-width': 2, opacity: count ? 1 : 0.25}));
    g.append(el('text', {x: x + length * 12 + 5, y: y + 54, 'font-size': 17, fill: count ? '#2a2520' : '#a99d8c'}, `×${count}`));
    x += length * 12 + 42;
  });
  return g;
}

/** A choice on one cell: a hit area, and a small dot (text null), nothing (''), or a disc with text. */
function cellChoice(cell, label, data, text, tint = false) {
  const x = cellX(cell), y = cellY(cell), cx = x + CELL / 2, cy = y + CELL / 2;
  return el('g', actionable(label, data),
    el('rect', {x, y, width: CELL, height: CELL, fill: tint ? '#1a5fd0' : 'transparent', 'fill-opacity': tint ? 0.12 : 1}),
    text === null ? el('circle', {cx, cy, r: 5, fill: '#1a5fd0', 'fill-opacity': 0.3})
      : text === '' ? null
      : [el('circle', {cx, cy, r: 17, fill: '#1a5fd0', 'fill-opacity': 0.75}),
        el('text', {x: cx, y: cy + 6, 'text-anchor': 'middle', 'font-size': String(text).length > 2 ? 14 : 17,
          'font-weight': 700, fill: '#fff'}, text)]);
}

/** The cells, the line last scored, both track numberings, the coordinates, the removed bar. */
function ground(view, removal, picked) {
  const g = el('g', {'aria-hidden': 'true'});
  const lineCells = new Set(removal?.line_cells ?? []);
  for (let index = 0; index < 100; index++) {
    const x = cellX(index), y = cellY(index);
    let fill = (index + Math.floor(index / 10)) % 2 ? '#efe2c4' : '#e8d8b5';
    if (lineCells.has(index)) fill = '#f6e7a6';
    if (index === picked) fill = '#cfe0f6';
    g.append(el('rect', {x, y, width: CELL, height: CELL, fill, stroke: '#b59c74', 'stroke-width': 1}));
  }
  if (view) { // the track: each row's first number, Dark's at its left end, Light's at its right end
    for (let row = 0; row < 10; row++) {
      const y = cellY(row * 10) + CELL / 2 + 7;
      const [dark, light] = [view.numbers[0][row * 10], view.numbers[1][row * 10 + 9]].map((n) => String(n).padStart(2, '0'));
      g.append(el('text', {x: LEFT - 6, y, 'font-size': 19, 'font-weight': 700, 'text-anchor': 'end', fill: BAR.fill[0]}, dark),
        el('text', {x: LEFT + 606, y, 'font-size': 19, 'font-weight': 700, fill: '#8c7350'}, light));
    }
  }
  g.append(el('rect', {x: LEFT, y: TOP, width: 600, height: 600, fill: 'none', stroke: '#6d5536', 'stroke-width': 4}));
  for (let i = 0; i < 10; i++) {
    const label = {'text-anchor': 'middle', fill: '#6d5536'};
    g.append(el('text', {x: LEFT + i * CELL + CELL / 2, y: TOP + 620, 'font-size': 16, ...label}, FILES[i]),
      el('text', {x: 14, y: TOP + (9 - i) * CELL + CELL / 2 + 5, 'font-size': 13, ...label}, i + 1));
  }
  if (removal && view.last_moves.at(-1)?.startsWith('remove ')) { // the bar just removed fades out (motion.js)
    g.append(el('g', {'data-leaving': '', opacity: 0}, ...barShape(removal.seat, removal.cells, removal.vertical, removal.value, {})));
  }
  if (removal) {
    const [x, y, width, height] = barBox(removal.cells, removal.vertical);
    g.append(el('rect', {x, y, width, height, rx: 11, fill: 'none', stroke: BAR.stroke[removal.seat], 'stroke-width': 3,
      'stroke-dasharray': '6 6'}));
  }
  return g;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const moves = interactive ? legalMoves : [];
  const seat = view?.to_move ?? 0;
  const removal = view?.last_removal ?? null;

  // Placement: each end of a legal place leads to its other end.
  const ends = new Map(); // cell -> Map(other end -> move)
  for (const move of moves.filter((m) => m.startsWith('place '))) {
    const {ends: [a, b]} = placement(move);
    for (const [from, to] of [[a, b], [b, a]]) {
      if (!ends.has(from)) ends.set(from, new Map());
      ends.get(from).set(to, move);
    }
  }
  const key = moves.join(',');
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, from: ends.size === 1 ? [...ends.keys()][0] : null};
  chosen.set(container, state);
  const targets = state.from === null ? new Map() : ends.get(state.from) ?? new Map();
  const removable = new Map(moves.filter((m) => m.startsWith('remove ')).map((m) => [m.slice(7), m]));

  const svg = el('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'isaac-board', role: 'group',
    'aria-label': 'Isaac board, also the score track: Dark sits at the bottom (rank 1), Light at the top (rank 10)'});

  // Bars: the removable ones are buttons; the one placed last is outlined.
  const placed = (view?.last_moves ?? []).filter((m) => m.startsWith('place ')).map((m) => m.split(' ')[2]);
  const arrived = view?.last_moves?.at(-1)?.startsWith('place ') ? placed.at(-1) : null; // grows in (motion.js)
  const bars = el('g');
  for (const piece of view?.pieces ?? []) {
    const move = removable.get(piece.square);
    const where = `${seatLabel(piece.seat)}'s ${piece.length}-bar ${span(piece.cells)}, value ${piece.value}`;
    const group = el('g', move
      ? actionable(`Remove ${where}`, {'data-move': move, class: 'bar removable'})
      : {role: 'img', 'aria-label': where, class: 'bar', 'data-arriving': piece.square === arrived ? '0' : null});
    const outline = move ? {stroke: '#f2b705', 'stroke-width': 5}
      : placed.includes(piece.square) ? {stroke: '#1a5fd0', 'stroke-width': 5} : {};
    group.append(...barShape(piece.seat, piece.cells, piece.vertical, piece.value, outline));
    bars.append(group);
  }

  const counters = el('g', {'aria-hidden': 'true'});
  (view?.counters ?? [0, 99]).forEach((cell, owner) => { if (cell !== null) counters.append(counterRing(owner, cell)); });

  // Choices on top: first ends of a place, then its other ends, or the counter's stops.
  const marks = el('g');
  for (const [cell] of ends) {
    if (targets.has(cell)) continue;
    const picked = cell === state.from;
    const label = picked ? `${squareName(cell)}: picked, tap again to drop it` : `${squareName(cell)}: start a bar here`;
    marks.append(cellChoice(cell, label, {'data-from': String(cell), 'aria-pressed': String(picked), class: 'start'},
      state.from === null ? null : ''));
  }
  for (const [cell, move] of targets) {
    const {length, cells} = placement(move);
    marks.append(cellChoice(cell, `Place a ${length}-bar on ${span(cells)}`, {'data-move': move, class: 'target'}, length));
  }
  const buttons = [];
  const score = view?.scores?.[seat] ?? 0;
  for (const move of moves.filter((m) => m.startsWith('advance '))) {
    const steps = Number(move.slice(8));
    const cell = view.numbers[seat].indexOf(score + steps);
    if (cell < 0) { // past the last cell: the game ends
      buttons.push([move, `Advance ${steps} to ${score + steps}: win`]);
    } else {
      const label = steps ? `Advance your counter ${steps} to ${score + steps} (${squareName(cell)})` : 'Leave your counter where it is';
      marks.append(cellChoice(cell, label, {'data-move': move, class: 'target'}, steps ? `+${steps}` : '0', true));
    }
  }
  if (moves.includes('pass')) buttons.push(['pass', 'Pass']);

  svg.append(panel(view, 1, 0, seatLabel), panel(view, 0, 700, seatLabel), ground(view, removal, state.from), bars, counters, marks);
  const parts = [svg];
  if (view) {
    const notes = [view.phase === 'placement' ? 'Placement phase.' : 'Scoring phase.'];
    if (removal) {
      const factor = removal.multiplier > 1 ? ` × ${removal.multiplier}` : '';
      const bars = `${removal.count} bar${removal.count === 1 ? '' : 's'}`;
      notes.push(`${seatLabel(removal.seat)} removed ${span(removal.cells)}: ${bars} on ${removal.line}`
        + ` × ${removal.value}${factor} = ${removal.points}.`);
    }
    parts.push(Object.assign(document.createElement('p'), {className: 'muted small isaac-notes', textContent: notes.join(' ')}));
  }
  for (const [move, label] of buttons) {
    const button = Object.assign(document.createElement('button'), {type: 'button', className: 'move-button', textContent: label});
    button.dataset.move = move;
    parts.push(button);
  }
  container.replaceChildren(...parts);

  listenWithPick(container, {
    onMove,
    pick: (from) => { state.from = toggled(state.from, Number(from), ends.size > 1); },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: () => container.querySelector('[data-move]'),
  });
}
