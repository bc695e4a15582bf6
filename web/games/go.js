// Go: a wooden board of 9, 13 or 19 lines seen from Black's side (row 1 at the bottom, column A
// on the left, no I). The view's `board` is a string, index (row - 1) * size + column:
// "B", "W" or ".". No rules here: the points, chains and buttons offered are exactly the legal
// moves given.
//
// Play: every legal point carries data-move="<point>" and shows a ghost stone on hover or focus;
// arrow keys move between the legal points. On a small touch screen (cells under 28 px) the first
// tap only selects a point (a ghost stone and a "Play D4" button appear) and a second tap on the
// same point, or the button, plays it; a mouse click or a key plays at once.
// Dead-stone stage: every stone carries data-move="dead <point>" (toggles its chain), dead stones
// are crossed out, territory is marked with small squares, and Accept / Resume buttons appear.
import {el, actionable, listen} from './svg.js';

export const seats = [{name: 'Black', colour: '#1b1b1b'}, {name: 'White', colour: '#e9e6df'}];

const COLUMNS = 'ABCDEFGHJKLMNOPQRST';
const CELL = 40, MARGIN = 44, STONE = 19;
const WOOD = '#dcb069', LINE = '#4a3415';
const STARS = {9: ['C3', 'G3', 'E5', 'C7', 'G7'], 13: ['D4', 'K4', 'G7', 'D10', 'K10'],
  19: ['D4', 'K4', 'Q4', 'D10', 'K10', 'Q10', 'D16', 'K16', 'Q16']};
const SMALL_CELL_PX = 28; // below this a touch tap first selects, then confirms
const chosen = new WeakMap(); // container -> {key, pending, focus}: kept across re-renders
const focusHandlers = new WeakMap(); // container -> the focus handlers of its latest render

const pointName = (size, index) => COLUMNS[index % size] + (Math.floor(index / size) + 1);
const isPoint = (move) => /^[A-T]\d{1,2}$/.test(move);

function pointIndex(size, name) {
  const column = COLUMNS.indexOf(name[0]);
  const row = Number(name.slice(1)) - 1;
  return column < 0 || column >= size || !(row >= 0 && row < size) ? -1 : row * size + column;
}

function centre(size, index) {
  const row = Math.floor(index / size), column = index % size;
  return {x: MARGIN + column * CELL, y: MARGIN + (size - 1 - row) * CELL};
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function moveLabel(move) {
  if (move === 'pass') return 'pass';
  if (move === 'accept') return 'accepts the dead stones';
  if (move === 'resume') return 'resumes play';
  if (move === 'resign') return 'resigns';
  if (move.startsWith('dead ')) return `marks the chain on ${move.slice(5)}`;
  return move;
}

export function hint(view, legalMoves) {
  if (view?.stage === 'marking') {
    const other = view.accepted_by !== null && view.accepted_by !== undefined && view.accepted_by !== view.to_move;
    if (other) return 'Your opponent accepted this marking: accept to finish, change it, or resume play.';
    if (!legalMoves.some((move) => move.startsWith('dead '))) return 'No toggles left: accept the marking or resume play.';
    return 'Tap the chains that are dead, then accept (or resume play).';
  }
  if (view?.passes === 1) return 'Your opponent passed: play a stone, or pass to stop play.';
  return 'Place a stone, or pass.';
}

function stone(x, y, colour, attrs = {}) {
  const black = colour === 'B';
  return el('g', attrs,
    el('circle', {cx: x, cy: y, r: STONE, fill: black ? '#1d1d1f' : '#f6f4ee', stroke: black ? '#000' : '#6b6356', 'stroke-width': 1.2}),
    el('circle', {cx: x - 6, cy: y - 6, r: 5, fill: '#fff', opacity: black ? 0.18 : 0.55, 'pointer-events': 'none'}));
}

function html(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

function button(label, move, extraClass = '') {
  const node = html('button', `move-button ${extraClass}`.trim(), label);
  node.type = 'button';
  node.dataset.move = move;
  node.style.display = 'inline-block';
  node.style.margin = '.4rem .3rem 0';
  return node;
}

function numberText(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** The panel beside the board: each side's captures, pass stones and (at the end) count. */
function panel(view, seatLabel, offered, pending) {
  const box = html('div', 'go-info');
  box.style.display = 'flex';
  box.style.flexWrap = 'wrap';
  box.style.gap = '.3rem 1.2rem';
  box.style.alignItems = 'center';
  box.style.justifyContent = 'center';
  box.style.marginTop = '.4rem';
  const score = view?.score;
  for (const seat of [0, 1]) {
    const parts = [];
    const captures = view?.captures?.[seat] ?? 0;
    const passes = view?.pass_stones?.[seat] ?? 0;
    parts.push(`${plural(captures, 'capture')}`);
    if (view?.aga || passes) parts.push(`${plural(passes, 'pass stone')}`);
    if (seat === 1 && view) parts.push(`komi ${numberText(view.komi)}`);
    if (score) parts.push(`total ${numberText(score.totals[seat])}`);
    const dot = html('span', 'dot');
    dot.style.background = seats[seat].colour;
    dot.style.border = '1px solid #555';
    const line = html('div', 'go-player', dot, html('b', '', seatLabel(seat)), `: ${parts.join(' · ')}`);
    if (view && view.to_move === seat) line.append(' ◂');
    box.append(line);
  }
  const buttons = html('div', 'go-buttons');
  if (pending) buttons.append(button(`Play ${pending}`, pending, 'go-confirm'));
  if (offered.has('pass')) buttons.append(button('Pass', 'pass'));
  if (offered.has('accept')) buttons.append(button('Accept the dead stones', 'accept'));
  if (offered.has('resume')) buttons.append(button('Resume play', 'resume'));
  if (buttons.childNodes.length) box.append(buttons);
  if (view?.stage === 'marking' || view?.stage === 'over') {
    const notes = [];
    if (view.stage === 'marking') {
      notes.push(`${plural(view.dead.length, 'stone')} marked dead`);
      if (view.accepted_by !== null && view.accepted_by !== undefined) notes.push(`${seatLabel(view.accepted_by)} accepted`);
      notes.push(`${plural(view.toggles_left, 'toggle')} left`);
    }
    if (score) notes.push(`territory ${score.territory[0]} to ${score.territory[1]} (${score.counting === 'japanese' ? 'territory counting' : 'area counting'})`);
    if (view.white_last_pass) notes.push('White handed over the closing pass stone');
    if (view.resigned !== null && view.resigned !== undefined) notes.push(`${seatLabel(view.resigned)} resigned`);
    const note = html('p', 'go-note muted small', notes.join(' · '));
    note.style.flexBasis = '100%';
    note.style.textAlign = 'center';
    note.style.margin = '0';
    box.append(note);
  }
  return box;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const size = view?.size ?? 9;
  const board = view?.board ?? '.'.repeat(size * size);
  const moves = interactive ? legalMoves : [];
  const offered = new Set(moves);
  const key = `${view?.ply ?? -1}:${moves.join(',')}`;
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, pending: null, focus: state?.focus ?? null};
  chosen.set(container, state);
  const toMove = view?.to_move;
  const ghostColour = toMove === 1 ? 'W' : 'B';
  const marking = view?.stage === 'marking' || view?.stage === 'over';
  const dead = new Set(view?.dead ?? []);
  const territory = view?.score?.territory_map ?? '';
  const ko = new Set(view?.ko ?? []);
  const last = view?.last_move;
  const extent = 2 * MARGIN + (size - 1) * CELL;

  const svg = el('svg', {viewBox: `0 0 ${extent} ${extent}`, class: 'go-board', role: 'group',
    'aria-label': `Go board, ${size} by ${size}: columns A to ${COLUMNS[size - 1]} from the left, rows 1 to ${size} from the bottom`});
  svg.append(el('rect', {x: 0, y: 0, width: extent, height: extent, rx: 10, fill: WOOD}));
  const lines = el('g', {stroke: LINE, 'stroke-width': 1.3, 'aria-hidden': 'true'});
  const far = MARGIN + (size - 1) * CELL;
  for (let i = 0; i < size; i++) {
    const at = MARGIN + i * CELL;
    lines.append(el('line', {x1: MARGIN, y1: at, x2: far, y2: at}), el('line', {x1: at, y1: MARGIN, x2: at, y2: far}));
  }
  lines.append(el('rect', {x: MARGIN, y: MARGIN, width: far - MARGIN, height: far - MARGIN, fill: 'none', 'stroke-width': 2.4}));
  for (const name of STARS[size] ?? []) {
    const {x, y} = centre(size, pointIndex(size, name));
    lines.append(el('circle', {cx: x, cy: y, r: 4, fill: LINE, stroke: 'none'}));
  }
  const labels = el('g', {'font-size': 15, 'font-family': 'system-ui, sans-serif', fill: '#3b2a10', 'text-anchor': 'middle', 'aria-hidden': 'true'});
  for (let i = 0; i < size; i++) {
    const at = MARGIN + i * CELL;
    const row = String(size - i);
    labels.append(el('text', {x: at, y: 20}, COLUMNS[i]), el('text', {x: at, y: extent - 9}, COLUMNS[i]),
      el('text', {x: 17, y: at + 5}, row), el('text', {x: extent - 17, y: at + 5}, row));
  }
  svg.append(lines, labels);

  const areas = el('g', {'pointer-events': 'none', 'aria-hidden': 'true'}); // territory, under the marks
  const marks = el('g', {'pointer-events': 'none', 'aria-hidden': 'true'});
  const stones = el('g');
  const targets = el('g');
  const ghosts = new Map(); // move -> ghost element
  for (let index = 0; index < size * size; index++) {
    const {x, y} = centre(size, index);
    const here = board[index];
    const name = pointName(size, index);
    if (here === 'B' || here === 'W') {
      const who = here === 'B' ? seatLabel(0) : seatLabel(1);
      const isDead = dead.has(index);
      const toggle = `dead ${name}`;
      const attrs = offered.has(toggle)
        ? actionable(`${who} stone on ${name}${isDead ? ', marked dead' : ''}: mark its chain ${isDead ? 'alive' : 'dead'}`,
          {'data-move': toggle, class: 'go-stone'})
        : {role: 'img', 'aria-label': `${who} stone on ${name}${isDead ? ', dead' : ''}`, class: 'go-stone'};
      if (isDead) attrs.opacity = 0.45;
      stones.append(stone(x, y, here, attrs));
      if (isDead) {
        marks.append(el('path', {d: `M${x - 8} ${y - 8}L${x + 8} ${y + 8}M${x + 8} ${y - 8}L${x - 8} ${y + 8}`,
          stroke: '#c0392b', 'stroke-width': 3, 'stroke-linecap': 'round'}));
      }
    }
    if (marking && (territory[index] === 'B' || territory[index] === 'W')) {
      const black = territory[index] === 'B';
      areas.append(el('rect', {x: x - 7, y: y - 7, width: 14, height: 14, fill: black ? '#1d1d1f' : '#f6f4ee',
        stroke: black ? '#000' : '#6b6356', 'stroke-width': 1.2}));
    }
    if (ko.has(index) && here === '.') {
      marks.append(el('rect', {x: x - 9, y: y - 9, width: 18, height: 18, fill: 'none', stroke: '#8a1c1c', 'stroke-width': 2}));
    }
    if (offered.has(name)) {
      const ghost = stone(x, y, ghostColour, {opacity: state.pending === name ? 0.7 : 0, 'pointer-events': 'none', class: 'go-ghost'});
      ghosts.set(name, ghost);
      const target = el('g', actionable(`Play ${name}`, {'data-move': name, class: 'go-point'}),
        el('rect', {x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, fill: '#000', 'fill-opacity': 0}),
        ghost);
      target.setAttribute('tabindex', '-1');
      targets.append(target);
    }
  }
  // The stones the last play captured, leaving the board (motion.js).
  const capturedColour = last?.seat === 0 ? 'W' : 'B';
  for (const index of last?.captured ?? []) {
    const {x, y} = centre(size, index);
    stones.append(stone(x, y, capturedColour, {'data-leaving': '', 'pointer-events': 'none', opacity: 0, 'aria-hidden': 'true'}));
  }
  if (last && last.point !== null && last.point !== undefined && board[last.point] !== '.') {
    const {x, y} = centre(size, last.point);
    marks.append(el('circle', {cx: x, cy: y, r: 8, fill: 'none', stroke: board[last.point] === 'B' ? '#f6f4ee' : '#1d1d1f', 'stroke-width': 2.5}));
  }
  if (state.pending) {
    const {x, y} = centre(size, pointIndex(size, state.pending));
    marks.append(el('path', {d: `M${MARGIN} ${y}H${far}M${x} ${MARGIN}V${far}`, stroke: '#c0392b', 'stroke-width': 2, opacity: 0.7}));
  }
  svg.append(stones, areas, marks, targets);

  // Roving focus: one legal point is in the tab order (the one last focused, else the nearest
  // legal point to it, else the middle one) and comes first, so the table's focus keeper lands
  // on it after a move; the arrow keys move to the others.
  const points = [...targets.querySelectorAll('[data-move]')];
  let start = points[Math.floor(points.length / 2)];
  const focused = state.focus ? pointIndex(size, state.focus) : -1;
  if (focused >= 0 && points.length) {
    const distance = (node) => {
      const index = pointIndex(size, node.dataset.move);
      return Math.abs(index % size - focused % size) + Math.abs(Math.floor(index / size) - Math.floor(focused / size));
    };
    start = points.reduce((best, node) => (distance(node) < distance(best) ? node : best));
  }
  if (start) {
    start.setAttribute('tabindex', '0');
    targets.prepend(start);
  }

  container.replaceChildren(svg, panel(view, seatLabel, offered, state.pending));

  const show = (name, on) => {
    const ghost = ghosts.get(name);
    if (ghost && name !== state.pending) ghost.setAttribute('opacity', on ? 0.5 : 0);
  };
  const pointOf = (event) => event.target.closest?.('.go-point')?.dataset.move;
  container.onpointerover = (event) => show(pointOf(event), true);
  container.onpointerout = (event) => show(pointOf(event), false);
  let pointer = 'mouse';
  container.onpointerdown = (event) => { pointer = event.pointerType; };
  // focusin/focusout have no handler properties: listen once per container, through `focusHandlers`.
  focusHandlers.set(container, {
    in: (event) => {
      const name = pointOf(event);
      if (name) state.focus = name;
      show(name, true);
    },
    out: (event) => show(pointOf(event), false),
  });
  if (!container.dataset.goFocus) {
    container.dataset.goFocus = 'listening';
    container.addEventListener('focusin', (event) => focusHandlers.get(container)?.in(event));
    container.addEventListener('focusout', (event) => focusHandlers.get(container)?.out(event));
  }

  listen(container, (target, byKeyboard) => {
    const move = target.dataset.move;
    if (!move) return;
    const small = svg.getBoundingClientRect().width / (size + 1) < SMALL_CELL_PX;
    if (isPoint(move) && target.classList.contains('go-point') && !byKeyboard && pointer === 'touch' && small
        && state.pending !== move) {
      state.pending = move; // the first tap on a small board only selects the point
      render(container, {view, legalMoves, interactive, seatLabel}, onMove);
      return;
    }
    onMove(move);
  });
  const keys = container.onkeydown;
  container.onkeydown = (event) => {
    const steps = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
    const step = steps[event.key];
    const from = event.target.closest?.('.go-point')?.dataset.move;
    if (!step || !from) {
      keys?.(event);
      return;
    }
    event.preventDefault();
    let column = COLUMNS.indexOf(from[0]), row = Number(from.slice(1)) - 1;
    for (;;) {
      column += step[0];
      row += step[1];
      if (column < 0 || row < 0 || column >= size || row >= size) return;
      const next = points.find((node) => node.dataset.move === COLUMNS[column] + (row + 1));
      if (next) {
        event.target.closest('.go-point').setAttribute('tabindex', '-1');
        next.setAttribute('tabindex', '0');
        next.focus();
        return;
      }
    }
  };
}
