// Pylos: the pyramid seen from above, light's side (seat 0) at the bottom. Level 1 is a 4x4
// grid of hollows; each higher ball sits over the middle of the four it rests on and is drawn
// smaller, so some of every ball below stays in sight (a "peek" button shows one level alone).
// Places are named by level, file and rank: "1a1".."1d4", "2a1".."2c3", "3a1".."3b2", "4a1".
// Moves: "1c3" places from the reserve, "1a1-2b2" raises (pick the ball, then where it goes),
// "x2b2" takes a ball back, "done" stops after one. No rules here: only the given legal moves
// are offered. Colours are SVG presentation attributes (the site's CSP allows no inline styles).
import {el, actionable, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'Light', colour: '#e9dab6'}, {name: 'Dark', colour: '#3a2a20'}];

export const picksOf = (move) => (move.includes('-') ? [move.split('-')[0]] : []); // a raise

const FILES = 'abcd';
const LEFT = 30, CELL = 96, BOARD_TOP = 84, BAND = 52;
const WIDTH = LEFT + 4 * CELL + 16;
const BOARD_BOTTOM = BOARD_TOP + 4 * CELL;
const HEIGHT = BOARD_BOTTOM + 34 + BAND;
const RADIUS = [0, 42, 32, 24, 17]; // by level: higher balls smaller, so the ones below show
const PEEK_RADIUS = 42;
const INK = '#2a2520', GOLD = '#e0a800', BLUE = '#1a5fd0', RED = '#c0392b';
const BALL = {
  L: {fill: '#f3e7c9', stroke: '#8a7350', mark: '#6b5638'},
  D: {fill: '#3a2a20', stroke: '#120a05', mark: '#f3e7c9'},
};
const memory = new WeakMap(); // container -> {key, from, peek}: the ball picked and the level peeked at

/** Level, file and rank (0-based) of a place name like "2b1". */
function parse(name) {
  return {level: Number(name[0]), file: FILES.indexOf(name[1]), rank: Number(name[2]) - 1};
}

/** Centre of a place seen from above: a higher ball sits over the middle of its four supports. */
function centre(name) {
  const {level, file, rank} = parse(name);
  const shift = (level - 1) / 2;
  return {x: LEFT + CELL * (file + 0.5 + shift), y: BOARD_TOP + CELL * (3.5 - rank - shift)};
}

const colourName = (piece) => (piece === 'L' ? 'light' : 'dark');

export function moveLabel(move) {
  if (move === 'done') return 'done';
  if (move[0] === 'x') return `take back ${move.slice(1)}`;
  if (move.includes('-')) return `raise ${move.replace('-', ' → ')}`;
  return `place ${move}`;
}

export function hint(view, legalMoves = []) {
  if (view.phase === 'remove') {
    if (view.removed) return 'Take back a second free ball (marked ×), or press Done.';
    return `Your ${view.trigger}! Take back one of your free balls (marked ×).`;
  }
  const places = legalMoves.some((move) => move.length === 3);
  const raises = legalMoves.some((move) => move.includes('-'));
  if (!places) return 'Your reserve is empty: pick one of your free balls and raise it.';
  return raises ? 'Place a ball from your reserve, or pick a free ball of yours to raise it.'
    : 'Place a ball from your reserve.';
}

/** A ball: light with a dark dot, dark with a light ring, so more than colour tells them apart. */
function ball(piece, x, y, r) {
  const look = BALL[piece];
  const parts = [
    el('circle', {cx: x + r * 0.08, cy: y + r * 0.12, r, fill: '#00000033'}),
    el('circle', {cx: x, cy: y, r, fill: look.fill, stroke: look.stroke, 'stroke-width': 2.5}),
  ];
  if (piece === 'L') parts.push(el('circle', {cx: x, cy: y, r: r * 0.22, fill: look.mark}));
  else parts.push(el('circle', {cx: x, cy: y, r: r * 0.5, fill: 'none', stroke: look.mark, 'stroke-width': Math.max(2.5, r * 0.14)}));
  return parts;
}

const ring = (x, y, r, colour, extra = {}) =>
  el('circle', {cx: x, cy: y, r, fill: 'none', stroke: colour, 'stroke-width': 5, ...extra});

/** A focus ring, shown by the focus handlers below (the site's CSS hides outlines on SVG actions). */
const focusRing = (x, y, r) => el('circle', {cx: x, cy: y, r: r + 13, fill: 'none', stroke: 'none', 'stroke-width': 4, 'data-focus': ''});

function cross(x, y, size, colour) {
  return el('path', {d: `M${x - size} ${y - size}L${x + size} ${y + size}M${x + size} ${y - size}L${x - size} ${y + size}`,
    stroke: colour, 'stroke-width': 5, 'stroke-linecap': 'round', fill: 'none'});
}

/** One seat's reserve: its name, count and a row of small balls; the seat to move is framed. */
function reserveBand(seat, count, total, y, active, seatLabel) {
  const piece = seat === 0 ? 'L' : 'D';
  const who = seatLabel(seat);
  const group = el('g', {role: 'img', 'aria-label': `${who} (${colourName(piece)}): ${count} ball${count === 1 ? '' : 's'} in reserve`,
    'data-spot': `reserve-${piece}`});
  group.append(el('rect', {x: 4, y, width: WIDTH - 8, height: BAND - 8, rx: 10,
    fill: active ? '#fff6d8' : '#efe6d4', stroke: active ? GOLD : '#d6c7aa', 'stroke-width': active ? 3 : 1.5}));
  group.append(el('text', {x: 14, y: y + 30, 'font-size': 17, 'font-weight': 700, fill: INK}, `${who} ${count}`));
  for (let i = 0; i < total; i++) {
    const x = 126 + i * 19.5, cy = y + BAND / 2 - 4;
    if (i < count) group.append(...ball(piece, x, cy, 8));
    else group.append(el('circle', {cx: x, cy, r: 4, fill: '#d6c7aa'}));
  }
  return group;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const board = view?.board ?? Array(30).fill('');
  const places = view?.places ?? [];
  const moves = interactive ? legalMoves : [];
  const key = moves.join(',');
  let memo = memory.get(container);
  if (!memo || memo.key !== key) {
    const origins = [...new Set(moves.filter((m) => m.includes('-')).map((m) => m.slice(0, 3)))];
    const placing = moves.some((m) => m.length === 3);
    memo = {key, from: origins.length === 1 && !placing ? origins[0] : null, peek: 0};
  }
  memory.set(container, memo);
  const peek = memo.peek;
  const placeMoves = new Set(memo.from ? [] : moves.filter((m) => m.length === 3));
  const raiseTargets = new Map(moves.filter((m) => memo.from && m.startsWith(`${memo.from}-`)).map((m) => [m.slice(4), m]));
  const raisable = new Set(moves.filter((m) => m.includes('-')).map((m) => m.slice(0, 3)));
  const removable = new Set(moves.filter((m) => m[0] === 'x').map((m) => m.slice(1)));

  // Last turn: where balls arrived, where a raise left from, which balls came back. The move just
  // made is seen moving (motion.js): a ball from its reserve, or from where it was raised.
  const arrived = new Set(), left = new Set(), taken = new Set();
  const latest = (view?.last_moves ?? []).filter((move) => move !== 'done').pop() ?? '';
  for (const move of view?.last_moves ?? []) {
    if (move === 'done') continue;
    if (move[0] === 'x') taken.add(move.slice(1));
    else if (move.includes('-')) { left.add(move.slice(0, 3)); arrived.add(move.slice(4)); }
    else arrived.add(move);
  }

  const svg = el('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'pylos-board', role: 'group',
    'aria-label': 'Pylos pyramid seen from above: level 1 is the 4 by 4 base, higher balls are drawn smaller over the four they rest on'});
  const toMove = view?.to_move;
  svg.append(reserveBand(1, view?.reserves?.[1] ?? 15, view?.balls ?? 15, 4, toMove === 1, seatLabel));
  svg.append(reserveBand(0, view?.reserves?.[0] ?? 15, view?.balls ?? 15, HEIGHT - BAND, toMove === 0, seatLabel));

  // The prompt line between the top reserve and the board.
  let prompt = '';
  if (peek) prompt = `Peeking at level ${peek} only`;
  else if (interactive && view?.phase === 'remove') {
    prompt = view.removed ? 'Take back a second ball (×) or press Done' : `Your ${view.trigger}: take back a ball (×)`;
  } else if (interactive && memo.from) prompt = `Raise ${memo.from}: pick a place (blue dot)`;
  if (prompt) {
    svg.append(el('text', {x: WIDTH / 2, y: BOARD_TOP - 14, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700,
      fill: view?.phase === 'remove' && !peek ? RED : INK}, prompt));
  }

  svg.append(el('rect', {x: LEFT - 8, y: BOARD_TOP - 8, width: 4 * CELL + 16, height: 4 * CELL + 16, rx: 18,
    fill: '#c89b5e', stroke: '#7c5a2e', 'stroke-width': 4}));
  const coordinates = el('g', {'aria-hidden': 'true', 'font-size': 16, 'font-weight': 600, fill: '#6d5536', 'text-anchor': 'middle'});
  for (let i = 0; i < 4; i++) {
    coordinates.append(el('text', {x: LEFT + CELL * (i + 0.5), y: BOARD_BOTTOM + 26}, FILES[i]),
      el('text', {x: LEFT - 18, y: BOARD_BOTTOM - CELL * (i + 0.5) + 6}, i + 1));
  }
  svg.append(coordinates);

  // Every place is a spot a ball may come from (motion.js).
  for (const name of places) {
    const {x, y} = centre(name);
    svg.append(el('circle', {cx: x, cy: y, r: 1, fill: 'none', 'data-spot': name, 'aria-hidden': 'true'}));
  }
  // Levels bottom to top, so each higher ball lies over the ones below it.
  for (let level = 1; level <= 4; level++) {
    if (peek && level !== peek) continue;
    const layer = el('g');
    places.forEach((name, index) => {
      if (Number(name[0]) !== level) return;
      const {x, y} = centre(name);
      const r = peek ? PEEK_RADIUS : RADIUS[level];
      const piece = board[index];
      if (!piece) {
        if (level === 1) layer.append(el('circle', {cx: x, cy: y, r: r - 2, fill: '#a97c43', stroke: '#8a6330', 'stroke-width': 2}));
        else if (peek) layer.append(el('circle', {cx: x, cy: y, r: r - 2, fill: 'none', stroke: '#8a6330', 'stroke-width': 2, 'stroke-dasharray': '5 6'}));
        if (peek) return;
        if (left.has(name)) layer.append(ring(x, y, r - 4, GOLD, {'stroke-dasharray': '7 6'}));
        if (taken.has(name)) layer.append(ring(x, y, r - 4, RED, {'stroke-dasharray': '4 6'}));
        const move = placeMoves.has(name) ? name : raiseTargets.get(name);
        if (move) {
          const raising = move.includes('-');
          const label = raising ? `Raise ${memo.from} to ${name}` : `Place a ball on ${name} (level ${level})`;
          layer.append(el('g', actionable(label, {'data-move': move}),
            el('circle', {cx: x, cy: y, r, fill: raising ? '#1a5fd022' : '#fff6d855', stroke: raising ? BLUE : GOLD,
              'stroke-width': 3, 'stroke-dasharray': raising ? '' : '6 5'}),
            el('circle', {cx: x, cy: y, r: Math.max(7, r * 0.28), fill: raising ? BLUE : GOLD, 'fill-opacity': 0.7}),
            focusRing(x, y, r)));
        }
        return;
      }
      const who = `${colourName(piece)} ball on ${name}`;
      const parts = ball(piece, x, y, r);
      const cameFrom = latest === name ? `reserve-${piece}` : latest.endsWith(`-${name}`) ? latest.slice(0, 3) : null;
      if (!peek && arrived.has(name)) parts.push(ring(x, y, r + 9, GOLD, {'stroke-width': 4}));
      if (!peek && removable.has(name)) {
        parts.push(ring(x, y, r + 4, RED), cross(x, y, r * 0.45, RED), focusRing(x, y, r));
        layer.append(el('g', {...actionable(`Take back the ${who}`, {'data-move': `x${name}`}), 'data-came-from': cameFrom}, ...parts));
      } else if (!peek && raisable.has(name)) {
        const picked = memo.from === name;
        parts.push(ring(x, y, r + 4, BLUE, picked ? {} : {'stroke-dasharray': '8 6'}), focusRing(x, y, r));
        layer.append(el('g', {...actionable(picked ? `The ${who} is picked: pick it again to put it back`
          : `Pick the ${who} to raise it`, {'data-from': name, 'aria-pressed': String(picked)}), 'data-came-from': cameFrom}, ...parts));
      } else {
        layer.append(el('g', {role: 'img', 'aria-label': who, 'data-came-from': cameFrom}, ...parts));
      }
    });
    svg.append(layer);
  }

  // Keyboard focus: light up the focused action's ring (not for focus that a click or a tap gave).
  const showFocus = (event, on) => {
    const ringNode = event.target.closest?.('[role=button]')?.querySelector('[data-focus]');
    if (ringNode) ringNode.setAttribute('stroke', on && event.target.matches(':focus-visible') ? INK : 'none');
  };
  svg.addEventListener('focusin', (event) => showFocus(event, true));
  svg.addEventListener('focusout', (event) => showFocus(event, false));

  const parts = [svg];
  const buttons = document.createElement('div');
  buttons.className = 'controls';
  if (moves.includes('done')) {
    const done = Object.assign(document.createElement('button'), {type: 'button', className: 'move-button',
      textContent: 'Done: take back no more'});
    done.dataset.move = 'done';
    buttons.append(done);
  }
  const upper = board.some((piece, index) => piece && Number(places[index]?.[0]) > 1);
  if (upper || peek) {
    const levels = [0, 1, 2, 3].filter((level) => level === 0 || level === 1 || board.some((piece, index) => piece && Number(places[index][0]) === level));
    const next = levels[(levels.indexOf(peek) + 1) % levels.length];
    const toggle = Object.assign(document.createElement('button'), {type: 'button',
      textContent: next ? `Peek: show level ${next} only` : 'Show all levels'});
    toggle.setAttribute('aria-pressed', String(Boolean(peek)));
    toggle.onclick = () => {
      memo.peek = next;
      render(container, {view, legalMoves, interactive, seatLabel}, onMove);
      container.querySelector('.controls button:last-child')?.focus();
    };
    buttons.append(toggle);
  }
  if (buttons.childElementCount) parts.push(buttons);
  container.replaceChildren(...parts);

  listenWithPick(container, {
    onMove,
    pick: (from) => { memo.from = toggled(memo.from, from); },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: () => container.querySelector(memo.from ? '[data-move]' : '[data-from]'),
  });
}
