// Backgammon: the classic board seen from White's side. White (seat 0) has its home board at the
// bottom right and moves counter-clockwise from its 24-point (top right); Black's numbering is
// 25 minus White's. The view's `points` are in White's numbering (+ White, - Black); moves are in
// the mover's numbering ("13/7", "bar/22", "6/off"). Pick a checker (its point carries data-from),
// then a highlighted point (data-move="13/7") or the tray to bear off (data-move="6/off"); the cube
// and the roll are buttons under the board. No rules here: everything offered comes from the
// legal moves given.
import {el, actionable, confirmOnTouch, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'White', colour: '#cdb98f'}, {name: 'Black', colour: '#2b2623'}];

const MARGIN = 16, POINT = 64, BAR_LEFT = 400, BAR_WIDTH = 60, RIGHT_HALF = 460, TRAY = 856, TRAY_WIDTH = 64;
const TOP = 40, BOTTOM = 640, MIDDLE = 340, SPIKE = 250, RADIUS = 26, WIDTH = 936, HEIGHT = 684, SHOWN = 5;
const FILL = {0: '#f5efe1', 1: '#2e2926'}, EDGE = {0: '#6b5636', 1: '#000'}, INK = {0: '#2e2926', 1: '#f5efe1'};
const chosen = new WeakMap(); // container -> {key, from}: the checker picked, kept across re-renders
const STEP = /^(bar|\d+)\/(off|\d+)$/;
const SMALL_POINT_PX = 36; // points narrower than this on screen take a tap to mark and a tap to confirm

/** White's number of the mover's point `text` ("13"); the bar and off stay as they are. */
function whitePoint(text, mover) {
  if (text === 'bar' || text === 'off') return text;
  return mover === 0 ? Number(text) : 25 - Number(text);
}

/** Left edge and row of White's point p on the board. */
function spot(point) {
  const top = point >= 13;
  const column = top ? point - 13 : 12 - point;
  const x = column < 6 ? MARGIN + column * POINT : RIGHT_HALF + (column - 6) * POINT;
  return {x, top};
}

function checkerY(top, index) {
  return top ? TOP + RADIUS + 1 + index * 2 * RADIUS : BOTTOM - RADIUS - 1 - index * 2 * RADIUS;
}

function checker(seat, cx, cy, label = '') {
  const parts = [
    el('circle', {cx, cy, r: RADIUS - 1, fill: FILL[seat], stroke: EDGE[seat], 'stroke-width': 2.5}),
    el('circle', {cx, cy, r: RADIUS - 9, fill: 'none', stroke: seat === 0 ? '#b8a47c' : '#6d625a', 'stroke-width': 2}),
  ];
  if (label) {
    parts.push(el('text', {x: cx, y: cy + 10, 'text-anchor': 'middle', 'font-size': 28, 'font-weight': 700,
      fill: INK[seat], 'aria-hidden': 'true'}, label));
  }
  return el('g', {class: 'checker'}, parts);
}

function stack(seat, count, cx, top, yOf = (index) => checkerY(top, index)) {
  const parts = [];
  const shown = Math.min(count, SHOWN);
  for (let index = 0; index < shown; index++) {
    const last = index === shown - 1;
    parts.push(checker(seat, cx, yOf(index), last && count > SHOWN ? String(count) : ''));
  }
  return parts;
}

/** A focus outline on top of an action's group, over its hit area, shown while it has keyboard focus. */
function addFocusRing(group) {
  const hit = group.querySelector(':scope > .hit');
  if (!group.hasAttribute('tabindex') || !hit) return;
  const box = ['x', 'y', 'width', 'height'].map((name) => Number(hit.getAttribute(name)));
  group.append(el('rect', {x: box[0] + 3, y: box[1] + 3, width: box[2] - 6, height: box[3] - 6, rx: 6, fill: 'none',
    stroke: '#1a5fd0', 'stroke-width': 6, visibility: 'hidden', class: 'focus-ring', 'pointer-events': 'none'}));
}

function die(value, x, y, seat, used) {
  const size = 48, dots = [];
  const at = {1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]]}[value];
  for (const [dx, dy] of at) dots.push(el('circle', {cx: x + dx * 12, cy: y + dy * 12, r: 5, fill: INK[seat]}));
  return el('g', {opacity: used ? 0.35 : 1, 'aria-hidden': 'true'},
    el('rect', {x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 8, fill: FILL[seat], stroke: EDGE[seat], 'stroke-width': 2}),
    ...dots);
}

const originOf = (move) => move.split('/')[0]; // the checker's point, or the bar

export const picksOf = (move) => [originOf(move)];

export function moveLabel(move, view) {
  if (move.startsWith('opening ')) return `opening roll: White ${move[8]}, Black ${move[10]}`;
  if (move.startsWith('roll ')) return `rolls ${move.slice(5)}`;
  return {roll: 'rolls', double: 'doubles', take: 'takes', drop: 'drops', accept: 'accepts the resignation',
    decline: 'declines the resignation', ...RESIGNED}[move] ?? move;
}

const RESIGNED = {resign: 'resigns a single game', 'resign gammon': 'resigns a gammon',
  'resign backgammon': 'resigns a backgammon'};

export function hint(view, legalMoves) {
  if (!view) return '';
  if (view.phase === 'cube') return `Roll the dice, or double to ${view.cube.value * 2}.`;
  if (view.phase === 'take') return `Take (play on for ${view.cube.value * 2}) or drop (lose ${view.cube.value}).`;
  if (view.phase === 'resign') return `Your opponent ${RESIGNED[view.resigned]}: accept (the game ends) or decline (play on).`;
  if (view.phase !== 'move') return '';
  const opening = view.opening ? `Opening roll: White ${view.opening.white}, Black ${view.opening.black}. ` : '';
  const dice = `${opening}Dice ${view.dice.join(', ')}`;
  if (legalMoves.some((move) => move.startsWith('bar/'))) return `${dice}: enter from the bar first.`;
  return `${dice}: pick a checker, then a highlighted point${legalMoves.some((m) => m.endsWith('/off')) ? ' or the tray' : ''}.`;
}

function button(text, move, label) {
  const node = Object.assign(document.createElement('button'), {type: 'button', className: 'move-button', textContent: text});
  node.dataset.move = move;
  node.setAttribute('aria-label', label);
  node.style.display = 'inline-block';
  node.style.margin = '.5rem .4rem 0';
  return node;
}

function infoLine(view, seatLabel) {
  const line = document.createElement('p');
  line.className = 'small muted';
  line.style.margin = '.4rem 0 0';
  line.style.textAlign = 'center';
  if (!view) return line;
  const parts = [`${seatLabel(0)} ${view.pips[0]} pips · ${seatLabel(1)} ${view.pips[1]} pips`];
  const cube = view.cube;
  if (cube.enabled) parts.push(`Cube ${cube.value}${cube.owner === null ? ' (middle)' : `, ${seatLabel(cube.owner)}'s`}`);
  const match = view.match;
  if (match.length > 1) {
    let text = `Match to ${match.length}: ${match.score[0]}–${match.score[1]}, game ${match.game}`;
    if (match.crawford) text += ' (Crawford: no doubling)';
    parts.push(text);
  }
  const results = match.results;
  if (results.length && view.phase !== 'over') parts.push(`Last game: ${results[results.length - 1].text}`);
  const last = view.last_turn;
  if (last && view.phase !== 'move') {
    const rolled = last.rolled.join('-');
    parts.push(`${seatLabel(last.seat)} rolled ${rolled}: ${last.played.length ? last.played.join(' ') : 'no move'}`);
  }
  line.textContent = parts.join(' · ');
  return line;
}

const focusShown = new WeakSet(); // containers whose focus rings are wired

/** style.css takes the outline off board actions: show keyboard focus with the action's own ring. */
function showFocus(container) {
  if (focusShown.has(container)) return;
  focusShown.add(container);
  const unmark = () => container.querySelectorAll('.focus-ring').forEach((node) => node.setAttribute('visibility', 'hidden'));
  container.addEventListener('focusin', (event) => {
    unmark();
    const outline = event.target.querySelector?.(':scope > .focus-ring');
    if (outline && event.target.matches(':focus-visible')) outline.setAttribute('visibility', 'visible');
  });
  container.addEventListener('focusout', unmark);
}

/** Where a checker of `seat` stands at `place` (White's number, "bar" or "off") as the `index`-th of its stack. */
function checkerAt(place, seat, index) {
  if (place === 'bar') return {x: BAR_LEFT + BAR_WIDTH / 2, y: seat === 0 ? MIDDLE - 90 - index * 2 * RADIUS : MIDDLE + 90 + index * 2 * RADIUS};
  if (place === 'off') return {x: TRAY + TRAY_WIDTH / 2, y: seat === 1 ? TOP + SPIKE / 2 : BOTTOM - SPIKE / 2};
  const {x, top} = spot(place);
  return {x: x + POINT / 2, y: checkerY(top, Math.min(index, SHOWN - 1))};
}

/** The paths of a turn's checker moves ("13/7*", in the mover's numbering): each from the spot the
    checker left to where it stands, with a ring where it started. */
function paths(played, seat, points) {
  const group = el('g', {class: 'paths', 'pointer-events': 'none', 'aria-hidden': 'true'});
  const counts = points.map(Math.abs);
  for (const move of played) {
    const [from, to] = move.replace('*', '').split('/').map((place) => whitePoint(place, seat));
    const stands = (place) => (typeof place === 'number' ? counts[place - 1] : 1);
    const start = checkerAt(from, seat, stands(from));
    const end = checkerAt(to, seat, Math.max(stands(to) - 1, 0));
    group.append(el('g', {'data-path': move.replace('*', '')},
      el('circle', {cx: start.x, cy: start.y, r: RADIUS - 3, fill: 'none', stroke: '#1a5fd0', 'stroke-width': 3,
        'stroke-dasharray': '6 5'}),
      el('line', {x1: start.x, y1: start.y, x2: end.x, y2: end.y, stroke: '#1a5fd0', 'stroke-width': 5,
        'stroke-opacity': 0.65, 'stroke-linecap': 'round', 'marker-end': 'url(#path-head)'})));
  }
  return group;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name,
  perspective = null}, onMove) {
  const mover = view?.turn ?? 0;
  const moves = interactive ? legalMoves : [];
  const steps = moves.filter((move) => STEP.test(move));
  const origins = [...new Set(steps.map(originOf))];
  const key = moves.join(',');
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, from: origins.length === 1 ? origins[0] : null, pending: null};
  chosen.set(container, state);
  const targets = new Map(steps.filter((move) => originOf(move) === state.from)
    .map((move) => [String(whitePoint(move.split('/')[1], mover)), move]));
  // One numbering for the person at the screen; with none (or several), the mover's.
  const numbering = perspective ?? (view && view.to_move === 1 ? 1 : view && view.to_move === 0 ? 0 : mover);
  const points = view?.points ?? Array(24).fill(0);
  // The checker move just made (motion.js slides it): the last of this turn's, or of the turn
  // before when that move ended it; none after a roll.
  const latest = view?.played?.length ? {seat: mover, move: view.played[view.played.length - 1]}
    : view && !view.rolled.length && view.last_turn?.played?.length
      ? {seat: view.last_turn.seat, move: view.last_turn.played[view.last_turn.played.length - 1]} : null;
  const [latestFrom, latestTo] = latest ? latest.move.replace('*', '').split('/').map((place) => whitePoint(place, latest.seat)) : [];
  const arrived = (node, from) => { if (node) node.dataset.cameFrom = from; };

  const svg = el('svg', {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'backgammon', role: 'group',
    'aria-label': `Backgammon board seen from White's side; points numbered for ${seatLabel(numbering)}`});
  svg.append(el('rect', {x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, fill: '#5b3a1e'}),
    el('rect', {x: MARGIN, y: TOP, width: BAR_LEFT - MARGIN, height: BOTTOM - TOP, fill: '#eadcbc'}),
    el('rect', {x: RIGHT_HALF, y: TOP, width: 6 * POINT, height: BOTTOM - TOP, fill: '#eadcbc'}),
    el('rect', {x: BAR_LEFT, y: TOP, width: BAR_WIDTH, height: BOTTOM - TOP, fill: '#4a2f17'}),
    el('rect', {x: TRAY, y: TOP, width: TRAY_WIDTH, height: SPIKE, rx: 6, fill: '#3f2712'}),
    el('rect', {x: TRAY, y: BOTTOM - SPIKE, width: TRAY_WIDTH, height: SPIKE, rx: 6, fill: '#3f2712'}));

  const layer = el('g');
  const marks = el('g');
  for (let point = 1; point <= 24; point++) {
    const {x, top} = spot(point);
    const cx = x + POINT / 2;
    const base = top ? TOP : BOTTOM, tip = top ? TOP + SPIKE : BOTTOM - SPIKE;
    const count = Math.abs(points[point - 1]);
    const owner = points[point - 1] > 0 ? 0 : points[point - 1] < 0 ? 1 : null;
    const shown = numbering === 0 ? point : 25 - point;
    const moverText = String(mover === 0 ? point : 25 - point);
    const movable = origins.includes(moverText);
    const target = targets.get(String(point));
    const words = `Point ${shown}: ${count ? `${count} ${seatLabel(owner)} checker${count > 1 ? 's' : ''}` : 'empty'}`;
    let attrs = {role: 'img', 'aria-label': words};
    if (target) {
      const confirm = state.pending === target ? ': tap again to confirm' : '';
      attrs = actionable(`Move ${state.from} to ${target.split('/')[1]}${confirm}. ${words}`, {'data-move': target, class: 'target'});
    }
    else if (movable) attrs = actionable(`${words}. Pick a checker here to move it`, {'data-from': moverText, 'aria-pressed': String(state.from === moverText)});
    const group = el('g', attrs);
    group.append(el('rect', {x, y: top ? TOP : BOTTOM - SPIKE - 20, width: POINT, height: SPIKE + 20, fill: 'transparent', class: 'hit',
      'data-spot': String(point)}),
      el('polygon', {points: `${x + 2},${base} ${x + POINT - 2},${base} ${cx},${tip}`, fill: point % 2 ? '#b5652e' : '#3e5a70'}));
    if (owner !== null) group.append(...stack(owner, count, cx, top));
    if (latestTo === point) arrived([...group.querySelectorAll('.checker')].pop(), String(latestFrom === 'bar' ? `bar${latest.seat}` : latestFrom));
    const ring = movable ? (state.from === moverText ? '#1a5fd0' : '#f2b705') : null;
    if (ring && count) {
      const y = checkerY(top, Math.min(count, SHOWN) - 1);
      group.append(el('circle', {cx, cy: y, r: RADIUS + 3, fill: 'none', stroke: ring, 'stroke-width': 5}));
    }
    if (target) {
      const landing = owner === null || owner === mover ? Math.min(count, SHOWN - 1) : 0; // a hit replaces the blot
      const y = checkerY(top, landing);
      marks.append(el('circle', {cx, cy: y, r: 17, fill: '#1a5fd0', 'fill-opacity': 0.7, stroke: '#fff', 'stroke-width': 3,
        'pointer-events': 'none'}));
      group.append(el('polygon', {points: `${x + 2},${base} ${x + POINT - 2},${base} ${cx},${tip}`, fill: '#1a5fd0',
        'fill-opacity': state.pending === target ? 0.6 : 0.3, stroke: state.pending === target ? '#f2b705' : 'none',
        'stroke-width': 5}));
    }
    addFocusRing(group);
    layer.append(group);
    svg.append(el('text', {x: cx, y: top ? TOP - 9 : BOTTOM + 31, 'text-anchor': 'middle', 'font-size': 28, 'font-weight': 600, fill: '#f3e6c8',
      'aria-hidden': 'true'}, shown));
  }

  // The bar: White's checkers in its upper half, Black's in the lower.
  for (const seat of [0, 1]) {
    const count = view?.bar?.[seat] ?? 0;
    const cx = BAR_LEFT + BAR_WIDTH / 2;
    const yOf = (index) => (seat === 0 ? MIDDLE - 90 - index * 2 * RADIUS : MIDDLE + 90 + index * 2 * RADIUS);
    const words = `${seatLabel(seat)}'s checkers on the bar: ${count}`;
    const movable = seat === mover && origins.includes('bar');
    const attrs = movable
      ? actionable(`${words}. Pick one to enter`, {'data-from': 'bar', 'aria-pressed': String(state.from === 'bar')})
      : {role: 'img', 'aria-label': words};
    const group = el('g', attrs);
    group.append(el('rect', {x: BAR_LEFT, y: seat === 0 ? TOP : MIDDLE, width: BAR_WIDTH, height: MIDDLE - TOP, fill: 'transparent',
      class: 'hit', 'data-spot': `bar${seat}`}));
    if (count) group.append(...stack(seat, count, cx, seat === 0, yOf));
    if (latest?.move.endsWith('*') && seat !== latest.seat) arrived([...group.querySelectorAll('.checker')].pop(), String(latestTo));
    if (movable && count) {
      group.append(el('circle', {cx, cy: yOf(Math.min(count, SHOWN) - 1), r: RADIUS + 3, fill: 'none',
        stroke: state.from === 'bar' ? '#1a5fd0' : '#f2b705', 'stroke-width': 5}));
    }
    addFocusRing(group);
    layer.append(group);
  }

  // Borne-off trays: Black's at the top right, White's at the bottom right.
  for (const seat of [0, 1]) {
    const count = view?.off?.[seat] ?? 0;
    const offMove = seat === mover ? targets.get('off') : undefined;
    const words = `${seatLabel(seat)}'s borne-off checkers: ${count}`;
    const attrs = offMove ? actionable(`Bear off from ${state.from}. ${words}`, {'data-move': offMove, class: 'target'})
      : {role: 'img', 'aria-label': words};
    const group = el('g', attrs);
    const y0 = seat === 1 ? TOP : BOTTOM - SPIKE;
    group.append(el('rect', {x: TRAY, y: y0, width: TRAY_WIDTH, height: SPIKE, rx: 6, fill: 'transparent', class: 'hit',
      'data-spot': `off${seat}`}));
    if (offMove) {
      const pending = state.pending === offMove;
      group.append(el('rect', {x: TRAY + 2, y: y0 + 2, width: TRAY_WIDTH - 4, height: SPIKE - 4, rx: 6, fill: '#1a5fd0',
        'fill-opacity': pending ? 0.6 : 0.35, stroke: '#f2b705', 'stroke-width': pending ? 8 : 4}));
      if (pending) group.setAttribute('aria-label', `Bear off from ${state.from}: tap again to confirm. ${words}`);
    }
    for (let index = 0; index < count; index++) {
      const y = seat === 1 ? TOP + 4 + index * 14 : BOTTOM - 4 - (index + 1) * 14;
      const borne = el('rect', {x: TRAY + 6, y, width: TRAY_WIDTH - 12, height: 12, rx: 3, fill: FILL[seat], stroke: EDGE[seat], 'stroke-width': 1.5});
      if (latestTo === 'off' && seat === latest.seat && index === count - 1) arrived(borne, String(latestFrom));
      group.append(borne);
    }
    if (count) {
      group.append(el('text', {x: TRAY + TRAY_WIDTH / 2, y: seat === 1 ? TOP + SPIKE - 8 : BOTTOM - SPIKE + 22, 'text-anchor': 'middle',
        'font-size': 24, 'font-weight': 700, fill: '#f3e6c8', 'aria-hidden': 'true'}, count));
    }
    addFocusRing(group);
    layer.append(group);
  }

  // The cube, in the gap between the trays: nearer the owner's tray when owned.
  if (view?.cube?.enabled) {
    const owner = view.cube.owner;
    const y = owner === null ? MIDDLE - 24 : owner === 0 ? BOTTOM - SPIKE - 50 : TOP + SPIKE + 2;
    layer.append(el('g', {role: 'img', 'aria-label': `Doubling cube at ${view.cube.value}, ${owner === null ? 'in the middle' : `owned by ${seatLabel(owner)}`}${view.cube.offered ? ', a double is offered' : ''}`},
      el('rect', {x: TRAY + 8, y, width: 48, height: 48, rx: 7, fill: '#fffdf5', stroke: owner === null ? '#333' : EDGE[owner],
        'stroke-width': owner === null ? 2 : 5}),
      el('text', {x: TRAY + 32, y: y + 33, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 700, fill: '#222'},
        view.cube.offered ? view.cube.value * 2 : view.cube.value === 1 ? 64 : view.cube.value)));
  }

  // The dice of the turn, on the mover's right-hand half: used ones faded.
  if (view && view.rolled.length) {
    const all = view.rolled[0] === view.rolled[1] ? Array(4).fill(view.rolled[0]) : view.rolled;
    const used = all.length - view.dice.length;
    const middle = mover === 0 ? RIGHT_HALF + 3 * POINT : MARGIN + 3 * POINT;
    const dice = el('g', {role: 'img', 'aria-label': `${seatLabel(mover)} rolled ${view.rolled.join(' and ')}; left to play: ${view.dice.join(', ') || 'none'}`});
    all.forEach((value, index) => dice.append(die(value, middle + (index - (all.length - 1) / 2) * 58, MIDDLE, mover, index < used)));
    layer.append(dice);
  }
  // What was played: this turn's moves so far, else the last turn's, until the next move.
  const shownTurn = view?.played?.length ? {seat: mover, played: view.played} : view?.last_turn;
  if (shownTurn?.played?.length && view.phase !== 'over') {
    svg.append(el('defs', {}, el('marker', {id: 'path-head', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4,
      markerHeight: 4, orient: 'auto-start-reverse'}, el('path', {d: 'M0,0 L10,5 L0,10 z', fill: '#1a5fd0'}))));
    marks.append(paths(shownTurn.played, shownTurn.seat, points));
  }
  svg.append(layer, marks);

  const parts = [svg, infoLine(view, seatLabel)];
  const buttons = document.createElement('div');
  buttons.style.textAlign = 'center';
  const value = view?.cube?.value ?? 1;
  const offers = {
    roll: ['Roll the dice', 'Roll the dice'],
    double: [`Double to ${value * 2}`, `Offer a double: the game would be played for ${value * 2}`],
    take: [`Take (play for ${value * 2})`, `Take the double and play on for ${value * 2}`],
    drop: [`Drop (lose ${value})`, `Drop the double and lose ${value} point${value > 1 ? 's' : ''}`],
    accept: ['Accept the resignation', 'Accept the resignation: the game ends'],
    decline: ['Decline: play on', 'Decline the resignation and play on'],
  };
  for (const move of moves) {
    if (offers[move]) buttons.append(button(offers[move][0], move, offers[move][1]));
  }
  if (buttons.childElementCount) parts.push(buttons);
  container.replaceChildren(...parts);

  showFocus(container);
  const redraw = () => render(container, {view, legalMoves, interactive, seatLabel, perspective}, onMove);
  listenWithPick(container, {
    onMove: confirmOnTouch(container, {
      small: (move) => STEP.test(move) && (svg.getBoundingClientRect().width * POINT) / WIDTH < SMALL_POINT_PX,
      pending: () => state.pending,
      mark: (move) => { state.pending = move; redraw(); },
      onMove,
    }),
    pick: (from) => { state.from = toggled(state.from, from, origins.length > 1); state.pending = null; },
    redraw,
    focusAfter: () => container.querySelector('svg [data-move]'),
  });
}
