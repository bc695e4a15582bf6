// Bobail: a 5x5 board, green tokens (seat 0) start on rank 1 at the bottom, red (seat 1) on
// rank 5, the yellow Bobail on c3. A move is "from-to": pick a piece that has a legal move
// (marked), then one of its highlighted destinations. No rules here: the pieces and
// destinations offered come only from the legal moves given.
import {el, actionable, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'Green', colour: '#23804f'}, {name: 'Red', colour: '#c0392b'}];

const FILES = 'abcde';
const PIECE_NAMES = {G: 'green token', R: 'red token', B: 'Bobail'};
const chosen = new WeakMap(); // container -> {key, from}: the piece picked, kept across re-renders

const centre = (square) => ({x: 90 + FILES.indexOf(square[0]) * 100, y: 60 + (5 - Number(square[1])) * 100});
const squareName = (index) => FILES[index % 5] + (Math.floor(index / 5) + 1);

const originOf = (move) => move.slice(0, 2);

export const picksOf = (move) => [originOf(move)];

export function moveLabel(move) {
  return move.replace('-', '–');
}

export function hint(view) {
  if (view.phase === 'bobail') return 'Move the Bobail one step.';
  return view.first_turn ? 'First turn: slide one of your tokens.' : 'Now slide one of your tokens as far as it goes.';
}

function piece(letter, x, y) {
  if (letter === 'G') {
    return [el('circle', {cx: x, cy: y, r: 33, class: 'green'}), el('circle', {cx: x, cy: y, r: 15, class: 'mark'})];
  }
  if (letter === 'R') {
    return [el('rect', {x: x - 30, y: y - 30, width: 60, height: 60, rx: 9, class: 'red'}),
      el('path', {d: `M${x - 12} ${y - 12}L${x + 12} ${y + 12}M${x + 12} ${y - 12}L${x - 12} ${y + 12}`, class: 'mark'})];
  }
  const star = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 8 : 19, a = Math.PI * i / 5 - Math.PI / 2;
    star.push(`${(x + r * Math.cos(a)).toFixed(1)} ${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return [el('circle', {cx: x, cy: y, r: 32, class: 'bobail'}), el('path', {d: `M${star.join('L')}Z`, class: 'star'})];
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const board = view?.board ?? Array(25).fill('');
  const moves = interactive ? legalMoves : [];
  const origins = [...new Set(moves.map(originOf))];
  const key = moves.join(',');
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, from: origins.length === 1 ? origins[0] : null};
  chosen.set(container, state);
  const targets = new Map(moves.filter((move) => originOf(move) === state.from).map((move) => [move.slice(3), move]));
  const last = view?.last_moves ?? [];
  const lastFrom = new Set(last.map(originOf));
  const lastTo = new Set(last.map((move) => move.slice(3)));
  const latest = last[last.length - 1] ?? ''; // the move just made slides (motion.js)

  const svg = el('svg', {viewBox: '0 0 550 550', class: 'bobail-board', role: 'group',
    'aria-label': 'Bobail board: green\'s home row is rank 1 at the bottom, red\'s is rank 5 at the top'});
  const squares = el('g', {'aria-hidden': 'true'});
  const trails = el('g', {class: 'trail', 'aria-hidden': 'true'});
  const pieces = el('g');
  const marks = el('g');
  for (let index = 0; index < 25; index++) {
    const name = squareName(index);
    const {x, y} = centre(name);
    const rank = name[1];
    let kind = rank === '1' ? 'home-green' : rank === '5' ? 'home-red' : 'plain';
    if (lastTo.has(name)) kind += ' last-to';
    else if (lastFrom.has(name)) kind += ' last-from';
    if (name === state.from) kind += ' picked';
    squares.append(el('rect', {x: x - 50, y: y - 50, width: 100, height: 100, class: `square ${kind}`, 'data-spot': name}));

    const letter = board[index];
    if (letter) {
      const owner = letter === 'G' ? 0 : letter === 'R' ? 1 : null;
      const who = owner === null ? 'the Bobail' : `${seatLabel(owner)}'s token`;
      const movable = origins.includes(name);
      const classes = `piece${movable ? ' movable' : ''}${name === state.from ? ' selected' : ''}`;
      const group = el('g', movable
        ? actionable(`${who} on ${name}: pick it to move`, {'data-from': name, 'aria-pressed': String(name === state.from), class: classes})
        : {role: 'img', 'aria-label': `${who} on ${name}`, class: classes});
      if (movable) group.append(el('circle', {cx: x, cy: y, r: 44, class: 'ring'}));
      if (latest.slice(3) === name) {
        const from = latest.slice(0, 2);
        const distance = Math.max(Math.abs(FILES.indexOf(from[0]) - FILES.indexOf(name[0])), Math.abs(from[1] - name[1]));
        Object.assign(group.dataset, {cameFrom: from, steps: String(distance)});
      }
      group.append(...piece(letter, x, y));
      pieces.append(group);
    }
    const move = targets.get(name);
    if (move) {
      marks.append(el('g', actionable(`Move ${state.from} to ${name}`, {'data-move': move, class: 'target'}),
        el('rect', {x: x - 50, y: y - 50, width: 100, height: 100, class: 'hit'}),
        el('circle', {cx: x, cy: y, r: 15, class: 'dot'})));
    }
  }
  for (const move of last) {
    const a = centre(move.slice(0, 2)), b = centre(move.slice(3));
    trails.append(el('line', {x1: a.x, y1: a.y, x2: b.x, y2: b.y}));
  }
  const coordinates = el('g', {class: 'coordinates', 'aria-hidden': 'true'});
  for (let i = 0; i < 5; i++) {
    coordinates.append(el('text', {x: 90 + i * 100, y: 538}, FILES[i]), el('text', {x: 20, y: 68 + i * 100}, 5 - i));
  }
  svg.append(squares, el('rect', {x: 40, y: 10, width: 500, height: 500, class: 'frame'}), trails, pieces, marks, coordinates);
  container.replaceChildren(svg);

  listenWithPick(container, {
    onMove,
    pick: (from) => { state.from = toggled(state.from, from, origins.length > 1); },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: () => container.querySelector('[data-move]'),
  });
}
