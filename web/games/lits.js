// Battle of LITS: a 10x10 board (file a on the left, rank 1 at the bottom) with X and O symbols,
// and a shared pool of L, I, T and S tetrominoes. A move is "L:a1,a2,a3,b1" or "swap".
// A piece is chosen square by square: after each tap only the squares that still lead to some
// offered move are marked; when the four chosen squares are an offered move, a preview and a
// "Place" button (which carries data-move) appear, with "Clear" to start again. No rules here:
// the marked squares are only a filter over the legal moves given.
import {el, actionable, keyboardFocus, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'Blue', colour: '#1d3557'}, {name: 'Purple', colour: '#9b2d86'}];

const FILES = 'abcdefghij';
const LETTERS = ['L', 'I', 'T', 'S'];
const PIECE_FILL = {L: '#e4715f', I: '#f2c53d', T: '#5aae62', S: '#4f8bcf'};
const PIECE_EDGE = '#2e261f';
const CELL = 100, LEFT = 44, TOP = 130, BOARD = 10 * CELL;
const WIDTH = LEFT + BOARD + 6, HEIGHT = TOP + BOARD + 46;
// Each letter's picture in the pool, as [file, rank-from-top] squares.
const POOL_SHAPES = {L: [[0, 0], [0, 1], [0, 2], [1, 2]], I: [[0, 0], [0, 1], [0, 2], [0, 3]],
  T: [[0, 0], [1, 0], [2, 0], [1, 1]], S: [[1, 0], [2, 0], [0, 1], [1, 1]]};
const chosen = new WeakMap(); // container -> {key, offers, picked}: kept across re-renders

const squareName = (index) => FILES[index % 10] + (Math.floor(index / 10) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 10 * (Number(name.slice(1)) - 1);
const corner = (index) => ({x: LEFT + (index % 10) * CELL, y: TOP + (9 - Math.floor(index / 10)) * CELL});

/** "L:a1,a2,a3,b1" -> {move, letter, squares}; null for "swap". */
function parse(move) {
  const [letter, list] = move.split(':');
  return list ? {move, letter, squares: list.split(',')} : null;
}

export const picksOf = (move) => (move.includes(':') ? move.split(':')[1].split(',') : []); // its squares

export function moveLabel(move) {
  const placement = parse(move);
  return placement ? `${placement.letter} ${placement.squares.join(' ')}` : 'swap sides';
}

export function hint(view, legalMoves) {
  const swap = legalMoves.includes('swap') ? ', or swap sides (pie rule)' : '';
  return `Tap four squares to lay a piece${swap}.`;
}

function symbolMark(symbol, x, y, colour, covered) {
  const attrs = covered
    ? {stroke: '#ffffff', 'stroke-opacity': '0.75', 'stroke-width': 6, fill: 'none', 'stroke-linecap': 'round'}
    : {stroke: colour, 'stroke-width': 9, fill: 'none', 'stroke-linecap': 'round'};
  if (symbol === 'O') return el('circle', {cx: x, cy: y, r: 23, ...attrs});
  return el('path', {d: `M${x - 21} ${y - 21}L${x + 21} ${y + 21}M${x + 21} ${y - 21}L${x - 21} ${y + 21}`, ...attrs});
}

/** Line segments along the outside of a set of squares (by index). */
function outline(indexes) {
  const inside = new Set(indexes);
  let path = '';
  for (const index of indexes) {
    const {x, y} = corner(index);
    const file = index % 10;
    if (file === 0 || !inside.has(index - 1)) path += `M${x} ${y}V${y + CELL}`;
    if (file === 9 || !inside.has(index + 1)) path += `M${x + CELL} ${y}V${y + CELL}`;
    if (index >= 90 || !inside.has(index + 10)) path += `M${x} ${y}H${x + CELL}`;
    if (index < 10 || !inside.has(index - 10)) path += `M${x} ${y + CELL}H${x + CELL}`;
  }
  return path;
}

/** The strip above the board: each seat's symbol and uncovered count, and the pool. */
function header(view, seatLabel) {
  const group = el('g', {'aria-hidden': 'true'});
  const symbols = view?.seat_symbols ?? ['X', 'O'];
  for (const seat of [0, 1]) {
    const x = seat === 0 ? 4 : WIDTH - 254;
    const active = view && view.to_move === seat;
    group.append(el('rect', {x, y: 8, width: 250, height: 104, rx: 16, fill: active ? '#fff6d8' : '#fffdf8',
      stroke: active ? '#f2b705' : '#d8ccb6', 'stroke-width': active ? 6 : 3}));
    group.append(symbolMark(symbols[seat], x + 50, 60, seats[seat].colour, false));
    group.append(el('text', {x: x + 92, y: 48, 'font-size': 30, fill: '#5b4630'}, seatLabel(seat)));
    group.append(el('text', {x: x + 92, y: 96},
      el('tspan', {'font-size': 48, 'font-weight': 700, fill: seats[seat].colour}, view ? String(view.uncovered[seat]) : '–'),
      el('tspan', {'font-size': 28, fill: '#6d645a'}, view ? ` / ${view.totals[seat]}` : '')));
  }
  LETTERS.forEach((letter, i) => {
    const count = view?.pool?.[letter] ?? 5;
    const x = 290 + i * 122;
    const fill = count ? PIECE_FILL[letter] : '#cfc6b8';
    for (const [dx, dy] of POOL_SHAPES[letter]) {
      group.append(el('rect', {x: x + dx * 20, y: 20 + dy * 20 + (letter === 'I' ? 0 : 10), width: 20, height: 20,
        fill, stroke: PIECE_EDGE, 'stroke-width': 2}));
    }
    group.append(el('text', {x: x + 66, y: 80, 'font-size': 44, 'font-weight': 700, fill: count ? '#2a2520' : '#9a8f80'},
      `${count}`));
  });
  return group;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const moves = interactive ? legalMoves : [];
  const key = moves.join(' ');
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, offers: moves.map(parse).filter(Boolean), picked: []};
  chosen.set(container, state);
  const picked = state.picked;

  // The offered placements that contain every chosen square, and the squares that extend them.
  const fitting = state.offers.filter((offer) => picked.every((name) => offer.squares.includes(name)));
  const extend = new Set(fitting.flatMap((offer) => offer.squares).filter((name) => !picked.includes(name)));
  const complete = picked.length === 4 ? fitting.find((offer) => offer.squares.length === 4) : null;

  const cells = view?.cells ?? Array(100).fill('');
  const symbols = view?.symbols ?? Array(100).fill('');
  const owners = view?.seat_symbols ?? ['X', 'O'];
  const lastCells = view?.last_move === 'swap' ? [] : view?.last_cells ?? [];

  const svg = el('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'lits-board', role: 'group',
    'aria-label': 'Battle of LITS board: file a on the left, rank 1 at the bottom'});
  svg.append(header(view, seatLabel));
  svg.append(el('rect', {x: LEFT - 4, y: TOP - 4, width: BOARD + 8, height: BOARD + 8, fill: PIECE_EDGE, rx: 6}));

  const squares = el('g', {'aria-hidden': 'true'});
  const marks = el('g', {'aria-hidden': 'true'});
  const actions = el('g');
  const chosenGroup = el('g'); // after the candidates, so the first [data-from] always adds a square
  for (let index = 0; index < 100; index++) {
    const name = squareName(index);
    const {x, y} = corner(index);
    const letter = cells[index];
    const isPicked = picked.includes(name);
    let fill = letter ? PIECE_FILL[letter] : (Math.floor(index / 10) + index) % 2 ? '#f5eddb' : '#efe5cf';
    if (isPicked) fill = complete ? PIECE_FILL[complete.letter] : '#b9cff3';
    const arriving = lastCells.indexOf(index); // the piece just laid grows in, square by square (motion.js)
    squares.append(el('rect', {x, y, width: CELL, height: CELL, fill, stroke: '#cdbf9f', 'stroke-width': 2,
      'data-arriving': arriving < 0 ? null : String(arriving)}));
    const symbol = symbols[index];
    if (symbol) {
      const owner = owners.indexOf(symbol);
      marks.append(symbolMark(symbol, x + CELL / 2, y + CELL / 2, seats[owner].colour, Boolean(letter) || (isPicked && Boolean(complete))));
    }
    if (isPicked || extend.has(name)) {
      const what = letter ? `covered by ${letter}` : symbol ? `empty, ${symbol} symbol` : 'empty';
      const label = isPicked ? `${name}, chosen: tap to take it out` : `${name}, ${what}: add it to the piece`;
      const group = el('g', actionable(label, {'data-from': name, 'aria-pressed': String(isPicked)}));
      const hit = el('rect', {x, y, width: CELL, height: CELL, fill: 'transparent'});
      keyboardFocus(group, (on) => {
        if (on) hit.setAttribute('stroke', '#1a5fd0');
        else hit.removeAttribute('stroke');
      });
      hit.setAttribute('stroke-width', '10');
      group.append(hit);
      if (isPicked) {
        group.append(el('rect', {x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 8, fill: 'none',
          stroke: '#1a5fd0', 'stroke-width': 8}));
      } else {
        group.append(el('rect', {x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, fill: '#1a5fd0', 'fill-opacity': '0.12'}),
          el('circle', {cx: x + CELL / 2, cy: y + CELL / 2, r: 12, fill: '#1a5fd0', 'fill-opacity': '0.55'}));
      }
      (isPicked ? chosenGroup : actions).append(group);
    }
  }
  // Piece borders: each piece is one group of squares (view.pieces); the last one laid is dashed.
  const borders = el('g', {'aria-hidden': 'true', fill: 'none', 'stroke-linecap': 'square'});
  for (const piece of view?.pieces ?? []) borders.append(el('path', {d: outline(piece), stroke: PIECE_EDGE, 'stroke-width': 7}));
  if (lastCells.length) {
    const d = outline(lastCells);
    borders.append(el('path', {d, stroke: '#111111', 'stroke-width': 12}),
      el('path', {d, stroke: '#ffffff', 'stroke-width': 5, 'stroke-dasharray': '14 10'}));
  }
  if (complete) {
    borders.append(el('path', {d: outline(picked.map(squareIndex)),
      stroke: '#1a5fd0', 'stroke-width': 9}));
  }
  const coordinates = el('g', {'aria-hidden': 'true', 'font-size': 30, 'font-weight': 600, fill: '#6d5536', 'text-anchor': 'middle'});
  for (let i = 0; i < 10; i++) {
    coordinates.append(el('text', {x: LEFT + i * CELL + CELL / 2, y: TOP + BOARD + 38}, FILES[i]),
      el('text', {x: LEFT / 2 - 2, y: TOP + (9 - i) * CELL + CELL / 2 + 10}, String(i + 1)));
  }
  svg.append(squares, marks, borders, actions, chosenGroup, coordinates);

  const parts = [svg];
  if (interactive) {
    const bar = document.createElement('div');
    bar.className = 'lits-controls';
    Object.assign(bar.style, {display: 'flex', flexWrap: 'wrap', gap: '.5rem', justifyContent: 'center',
      alignItems: 'center', minHeight: '3.2rem', marginTop: '.4rem'});
    const button = (text, move) => {
      const node = Object.assign(document.createElement('button'), {type: 'button', className: 'move-button', textContent: text});
      node.style.margin = '0';
      if (move) node.dataset.move = move;
      return node;
    };
    if (complete) {
      const place = button(`Place ${complete.letter}: ${complete.squares.join(' ')}`, complete.move);
      place.setAttribute('aria-label', `Place ${complete.letter} on ${complete.squares.join(', ')}`);
      bar.append(place);
    } else {
      const note = document.createElement('span');
      note.className = 'lits-note';
      note.style.color = 'var(--muted)';
      note.textContent = picked.length ? `${picked.length} of 4 squares chosen` : 'Choose 4 squares';
      bar.append(note);
    }
    if (picked.length) {
      const clear = button('Clear', null);
      clear.classList.remove('move-button');
      clear.onclick = () => {
        state.picked = [];
        render(container, {view, legalMoves, interactive, seatLabel}, onMove);
        container.querySelector('[data-from]')?.focus();
      };
      bar.append(clear);
    }
    if (moves.includes('swap')) bar.append(button('Swap sides (pie rule)', 'swap'));
    parts.push(bar);
  }
  container.replaceChildren(...parts);

  listenWithPick(container, {
    onMove: (move) => {
      state.picked = [];
      onMove(move);
    },
    pick: (name) => { state.picked = picked.includes(name) ? picked.filter((other) => other !== name) : [...picked, name]; },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: (name) => state.picked.length === 4 ? container.querySelector('.lits-controls [data-move]')
      : container.querySelector(`[data-from="${name}"]`) ?? container.querySelector('[data-from]'),
  });
}
