// Cacao: every village (cacao, sun, water, gold, tiles left) above the jungle, the jungle as a grid that
// pans and zooms, and below it the viewer's hand of worker tiles and the display of jungle tiles.
// Squares are "x,y" (y grows downwards). Moves: "2-1-0-1 3,-1 90" lays a worker tile turned 90°
// clockwise; "temple 2,0" puts a jungle tile from the display on a square waiting for one.
// Pick a tile, turn it (the Turn button or the R key), then pick a square: each square shows the
// tile as it would lie, and pointing at it marks the jungle its workers would work, in their owner's
// colour (the view's `work`). No rules here: this draws `view` and offers exactly the legal moves.
import {el, actionable, keyboardFocus, listenWithPick, toggled} from './svg.js';

export const seats = [
  {name: 'Red', colour: '#c62828'}, {name: 'Purple', colour: '#6a1b9a'},
  {name: 'White', colour: '#b9b1a0'}, {name: 'Yellow', colour: '#d4a106'},
];

const CELL = 64;
const INK = '#2a2520', FOCUS = '#1a5fd0', SAND = '#ecd9a8';
const KINDS = {
  'plantation-1': {fill: '#5a9e3a', label: 'cacao', big: '1'},
  'plantation-2': {fill: '#3f7f25', label: 'cacao', big: '2'},
  'market-2': {fill: '#b06a2c', label: 'sells at', big: '2'},
  'market-3': {fill: '#9c5a22', label: 'sells at', big: '3'},
  'market-4': {fill: '#85491a', label: 'sells at', big: '4'},
  'mine-1': {fill: '#6d6a63', label: 'gold', big: '1'},
  'mine-2': {fill: '#57544e', label: 'gold', big: '2'},
  water: {fill: '#2f74b5', label: 'water', big: '≈'},
  sun: {fill: '#e0a10f', label: 'sun', big: '☀'},
  temple: {fill: '#7d7466', label: 'temple', big: '△'},
};
const WORDS = {'plantation-1': 'a plantation', 'plantation-2': 'a double plantation', 'market-2': 'a market (2)',
  'market-3': 'a market (3)', 'market-4': 'a market (4)', 'mine-1': 'a gold mine (1)', 'mine-2': 'a gold mine (2)',
  water: 'a water', sun: 'a sun-worshipping site', temple: 'a temple'};
const chosen = new WeakMap(); // container -> {key, pick, rotation}: what is picked, across re-renders
const views = new WeakMap(); // container -> {scale, cx, cy, laid}: the part of the jungle in sight

const isWorker = (move) => /^\d-\d-\d-\d /.test(move);
const squareOf = (move) => move.split(' ')[1];
const turns = (tile, rotation) => {
  const counts = tile.split('-').map(Number);
  return [0, 1, 2, 3].map((side) => counts[(side - rotation / 90 + 4) % 4]);
};

const pickOf = (move) => move.split(' ')[0]; // the worker tile, or the jungle tile's kind

export const picksOf = (move) => [pickOf(move)];

export function moveLabel(move) {
  const [what, square, rotation] = move.split(' ');
  if (what === 'deal') return square ? `draws a ${square}` : 'draws a worker tile';
  if (what === 'reveal') return `turns up ${WORDS[square] ?? square}`;
  if (isWorker(move)) return `lays a ${what} on ${square}${rotation === '0' ? '' : `, turned ${rotation}°`}`;
  if (WORDS[what]) return `puts ${WORDS[what]} on ${square}`;
  return move;
}

export function hint(view, legalMoves = []) {
  if (!legalMoves.length) return '';
  if (isWorker(legalMoves[0])) return 'Pick a worker tile, turn it with R, then pick a square.';
  return 'Pick a jungle tile from the display, then a square waiting for jungle.';
}

/** One worker tile at (x, y), `size` across: sand, a hut in its owner's colour, its workers as dots on each edge. */
function workerShape(x, y, size, colour, edges, {overbuilt = false, ghost = false} = {}) {
  const parts = [el('rect', {x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 5, fill: SAND,
    stroke: ghost ? FOCUS : INK, 'stroke-width': overbuilt ? 4 : 1.5, 'fill-opacity': ghost ? 0.75 : 1})];
  parts.push(el('circle', {cx: x + size / 2, cy: y + size / 2, r: size / 7, fill: colour, stroke: INK, 'stroke-width': 1}));
  const near = size * 0.14;
  edges.forEach((count, side) => {
    for (let i = 0; i < count; i++) {
      const along = size * (0.5 + (i - (count - 1) / 2) * 0.22);
      const [cx, cy] = [[along, near], [size - near, along], [size - along, size - near], [near, size - along]][side];
      parts.push(el('circle', {cx: x + cx, cy: y + cy, r: size / 13, fill: colour, stroke: INK, 'stroke-width': 1}));
    }
  });
  return parts;
}

/** One jungle tile at (x, y): its colour, what it does in a word, and its number or sign. */
function jungleShape(x, y, size, kind) {
  const look = KINDS[kind] ?? {fill: '#777', label: kind, big: '?'};
  return [
    el('rect', {x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 5, fill: look.fill, stroke: INK, 'stroke-width': 1.5}),
    el('text', {x: x + size / 2, y: y + size * 0.3, 'text-anchor': 'middle', 'font-size': size * 0.17, fill: '#fff'}, look.label),
    el('text', {x: x + size / 2, y: y + size * 0.78, 'text-anchor': 'middle', 'font-size': size * 0.4, 'font-weight': 800,
      fill: '#fff'}, look.big),
  ];
}

/** The villages: cacao, sun, water, gold and tiles left, the player to move marked. */
function villages(view, seatLabel) {
  const list = document.createElement('ol');
  list.className = 'seat-strip cc-villages';
  for (let seat = 0; seat < (view?.players ?? 2); seat++) {
    const item = document.createElement('li');
    if (view && view.active === seat && !view.outcome) item.className = 'turn';
    const dot = document.createElement('span');
    dot.className = 'seat-dot';
    dot.style.background = seats[seat].colour;
    const name = document.createElement('b');
    name.textContent = seatLabel(seat);
    item.append(dot, name);
    if (view) {
      const left = view.hand_sizes[seat] + view.pile_sizes[seat];
      const facts = [['cacao', `${view.cacao[seat]}/5`], ['sun', `${view.sun[seat]}/3`], ['water', view.water_gold[seat]],
        ['gold', view.gold[seat]], ['tiles', left]];
      for (const [label, value] of facts) {
        const fact = document.createElement('span');
        fact.className = `cc-${label}`;
        fact.textContent = `${label} ${value}`;
        item.append(' ', fact);
      }
      item.setAttribute('aria-label', `${seatLabel(seat)}: ${view.cacao[seat]} cacao, ${view.sun[seat]} sun, water at `
        + `${view.water_gold[seat]}, ${view.gold[seat]} gold, ${left} worker tiles left${item.className ? ', to play' : ''}`);
    }
    list.append(item);
  }
  return list;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const moves = interactive ? legalMoves : [];
  const key = moves.join(',');
  const placing = moves.length > 0 && isWorker(moves[0]);
  const picks = [...new Set(moves.map(pickOf))];
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, pick: picks.length === 1 ? picks[0] : null, rotation: 0};
  chosen.set(container, state);
  const turnable = placing && state.pick && state.pick !== '1-1-1-1';
  const rotation = turnable ? state.rotation : 0;
  const offered = new Map(moves.filter((move) => pickOf(move) === state.pick
    && (!placing || move.split(' ')[2] === String(rotation))).map((move) => [squareOf(move), move]));
  const work = view?.work ?? {};

  // The frame: every tile and square in play, a square over.
  const squares = [...(view?.jungle ?? []), ...(view?.workers ?? [])].map(({x, y}) => [x, y]);
  for (const move of moves) if (!/^(deal|reveal)/.test(move)) squares.push(squareOf(move).split(',').map(Number));
  if (!squares.length) squares.push([0, 0], [1, 1]);
  const minX = Math.min(...squares.map(([x]) => x)) - 1, maxX = Math.max(...squares.map(([x]) => x)) + 1;
  const minY = Math.min(...squares.map(([, y]) => y)) - 1, maxY = Math.max(...squares.map(([, y]) => y)) + 1;
  const at = (x, y) => ({x: x * CELL, y: y * CELL});

  const svg = el('svg', {class: 'cc-board', role: 'group', 'aria-label': `The jungle: ${view?.jungle?.length ?? 0} jungle tiles, `
    + `${view?.workers?.length ?? 0} worker tiles. Drag to move it, wheel or pinch to zoom.`});
  const layer = el('g', {});
  svg.append(layer);
  const laidOrder = new Map((view?.laid ?? []).map(({x, y}, index) => [`${x},${y}`, index]));
  for (const {x, y, kind} of view?.jungle ?? []) {
    const p = at(x, y);
    const order = laidOrder.get(`${x},${y}`);
    layer.append(el('g', {role: 'img', 'aria-label': `${WORDS[kind]} on ${x},${y}`, 'data-spot': `${x},${y}`,
      'data-arriving': order === undefined ? null : 2 * order}, ...jungleShape(p.x, p.y, CELL, kind)));
  }
  for (const {x, y, seat, tile, rotation: turned, edges, overbuilt} of view?.workers ?? []) {
    const p = at(x, y);
    const order = laidOrder.get(`${x},${y}`);
    layer.append(el('g', {role: 'img', 'aria-label': `${seatLabel(seat)}'s ${tile} on ${x},${y}, turned ${turned}°`
      + `${overbuilt ? ', overbuilt' : ''}`, 'data-spot': `${x},${y}`, 'data-arriving': order === undefined ? null : 2 * order},
    ...workerShape(p.x, p.y, CELL, seats[seat].colour, edges, {overbuilt})));
  }
  for (const {x, y} of view?.pending ?? []) {
    const p = at(x, y);
    layer.append(el('rect', {x: p.x + 4, y: p.y + 4, width: CELL - 8, height: CELL - 8, rx: 6, fill: 'none', stroke: '#2e7d32',
      'stroke-width': 3, 'stroke-dasharray': '6 4', 'aria-hidden': 'true'}));
  }
  // What the turn's workers earned, in the order they worked, over the jungle tile each worked.
  (view?.income ?? []).forEach(({seat, x, y, text}, index) => {
    const p = at(x, y);
    layer.append(el('g', {'data-leaving': '', 'data-after': index, opacity: 0, 'aria-hidden': 'true'},
      el('rect', {x: p.x - 8, y: p.y + CELL / 2 - 11, width: CELL + 16, height: 22, rx: 11, fill: seats[seat].colour, stroke: INK}),
      el('text', {x: p.x + CELL / 2, y: p.y + CELL / 2 + 4, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700,
        fill: '#fff'}, text.replace(/ \(5 at most are kept\)/, ''))));
  });
  for (const [square, move] of offered) {
    const [x, y] = square.split(',').map(Number);
    const p = at(x, y);
    const worked = work[move] ?? [];
    const said = worked.map(([wx, wy, kind, owner, count]) =>
      `${WORDS[kind]} at ${wx},${wy} for ${seatLabel(owner)} ×${count}`);
    const shape = placing
      ? workerShape(p.x, p.y, CELL, seats[view.active].colour, turns(state.pick, rotation), {ghost: true})
      : [el('rect', {x: p.x + 4, y: p.y + 4, width: CELL - 8, height: CELL - 8, rx: 6, fill: '#2e7d32', 'fill-opacity': 0.35,
        stroke: '#1b5e20', 'stroke-width': 2.5})];
    const group = el('g', actionable(`${placing ? 'Lay' : 'Put'} ${placing ? `the ${state.pick}` : WORDS[state.pick]} on ${square}`
      + `${placing && rotation ? `, turned ${rotation}°` : ''}: ${said.length ? `works ${said.join('; ')}` : 'works nothing'}`,
    {'data-move': move, class: 'cc-spot'}), ...shape);
    const preview = () => showWork(layer, worked, at);
    group.addEventListener('pointerenter', preview);
    group.addEventListener('pointerleave', () => showWork(layer, [], at));
    keyboardFocus(group, (on) => { shape[0].setAttribute('stroke', on ? FOCUS : placing ? FOCUS : '#1b5e20'); showWork(layer, on ? worked : [], at); });
    layer.append(group);
  }
  fit(container, svg, {minX, maxX, minY, maxY}, view?.laid?.[0]);

  const parts = [villages(view, seatLabel), svg];
  const tray = document.createElement('div');
  tray.className = 'cc-tray';
  if (view?.hand) tray.append(handOf(view, seatLabel, placing ? picks : [], state.pick, rotation));
  tray.append(displayOf(view, placing ? [] : picks, state.pick));
  parts.push(tray);
  if (turnable) {
    const button = Object.assign(document.createElement('button'), {type: 'button', className: 'cc-turn',
      textContent: `Turn the tile (R) · ${rotation}°`});
    button.dataset.turn = '';
    parts.push(button);
  }
  container.replaceChildren(...parts);

  const redraw = () => render(container, {view, legalMoves, interactive, seatLabel}, onMove);
  const turn = () => { state.rotation = (rotation + 90) % 360; redraw(); container.querySelector('.cc-turn')?.focus(); };
  listenWithPick(container, {
    onMove,
    pick: (from) => { state.pick = toggled(state.pick, from, picks.length > 1); },
    redraw,
    focusAfter: () => container.querySelector('.cc-board [data-move]'),
  });
  const keys = container.onkeydown;
  container.onkeydown = (event) => {
    if (turnable && (event.key === 'r' || event.key === 'R') && !event.ctrlKey && !event.metaKey) turn();
    else keys?.(event);
  };
  container.querySelector('.cc-turn')?.addEventListener('click', turn);
  panAndZoom(container, svg);
}

/** Marks on the jungle tiles a square's workers would work, in each owner's colour. */
function showWork(layer, worked, at) {
  layer.querySelector('.cc-preview')?.remove();
  if (!worked.length) return;
  const marks = el('g', {class: 'cc-preview', 'aria-hidden': 'true', 'pointer-events': 'none'});
  for (const [x, y, , owner, count, wx, wy] of worked) {
    const p = at(x, y), w = at(wx, wy);
    const edge = {x: (p.x + w.x) / 2 + CELL / 2, y: (p.y + w.y) / 2 + CELL / 2}; // where the two tiles meet
    marks.append(el('rect', {x: p.x + 3, y: p.y + 3, width: CELL - 6, height: CELL - 6, rx: 6, fill: 'none',
      stroke: seats[owner].colour, 'stroke-width': 5}),
    el('circle', {cx: edge.x, cy: edge.y, r: 11, fill: seats[owner].colour, stroke: INK}),
    el('text', {x: edge.x, y: edge.y + 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 800, fill: '#fff'}, `×${count}`));
  }
  layer.append(marks);
}

function handOf(view, seatLabel, offered, picked, rotation) {
  const size = 56, gap = 8;
  const hand = view.hand;
  const svg = el('svg', {viewBox: `0 0 ${Math.max(1, hand.length) * (size + gap) + gap} ${size + 12}`, class: 'cc-hand',
    role: 'group', 'aria-label': `${seatLabel(view.seat)}'s hand: ${hand.join(', ') || 'empty'}`});
  const done = new Set();
  hand.forEach((tile, i) => {
    const x = gap + i * (size + gap);
    const isPicked = tile === picked && !done.has(tile);
    const shape = workerShape(x, isPicked ? 2 : 8, size, seats[view.seat].colour, turns(tile, isPicked ? rotation : 0));
    if (isPicked) shape[0].setAttribute('stroke', FOCUS), shape[0].setAttribute('stroke-width', 4);
    if (offered.includes(tile) && !done.has(tile)) {
      done.add(tile);
      const group = el('g', actionable(`${isPicked ? 'Picked' : 'Pick'} the ${tile}`, {'data-from': tile, 'aria-pressed': String(isPicked)}), ...shape);
      svg.append(group);
    } else {
      svg.append(el('g', {role: 'img', 'aria-label': `a ${tile}`}, ...shape));
    }
  });
  const box = document.createElement('div');
  box.className = 'cc-hand-box';
  box.append(Object.assign(document.createElement('p'), {className: 'muted small', textContent: `${seatLabel(view.seat)}'s hand`}), svg);
  return box;
}

function displayOf(view, offered, picked) {
  const size = 56, gap = 8;
  const display = view?.display ?? [];
  const svg = el('svg', {viewBox: `0 0 ${2 * (size + gap) + gap} ${size + 12}`, class: 'cc-display', role: 'group',
    'aria-label': `The display: ${display.map((kind) => WORDS[kind]).join(', ') || 'empty'}`});
  const done = new Set();
  display.forEach((kind, i) => {
    const x = gap + i * (size + gap);
    const isPicked = kind === picked && !done.has(kind);
    const shape = jungleShape(x, isPicked ? 2 : 8, size, kind);
    if (isPicked) shape[0].setAttribute('stroke', FOCUS), shape[0].setAttribute('stroke-width', 4);
    if (offered.includes(kind) && !done.has(kind)) {
      done.add(kind);
      svg.append(el('g', actionable(`${isPicked ? 'Picked' : 'Pick'} ${WORDS[kind]}`, {'data-from': kind, 'aria-pressed': String(isPicked)}), ...shape));
    } else {
      svg.append(el('g', {role: 'img', 'aria-label': WORDS[kind]}, ...shape));
    }
  });
  const box = document.createElement('div');
  box.className = 'cc-hand-box';
  box.append(Object.assign(document.createElement('p'), {className: 'muted small',
    textContent: `Jungle display · ${view?.jungle_left ?? 0} face down`}), svg);
  return box;
}

// -- panning and zooming: the viewBox is the camera ------------------------------------------------

/** Sets the camera: the whole jungle until the player moves it; after that their zoom, centred on
    the latest tile laid whenever a new one is. */
function fit(container, svg, box, laid) {
  const whole = {cx: (box.minX + box.maxX + 1) / 2 * CELL, cy: (box.minY + box.maxY + 1) / 2 * CELL,
    w: (box.maxX - box.minX + 1) * CELL, h: (box.maxY - box.minY + 1) * CELL};
  let camera = views.get(container);
  const latest = laid ? `${laid.x},${laid.y}` : '';
  if (!camera || !camera.moved) camera = {...whole, moved: false, latest};
  else if (latest && camera.latest !== latest) camera = {...camera, cx: (laid.x + 0.5) * CELL, cy: (laid.y + 0.5) * CELL, latest};
  camera.whole = whole;
  views.set(container, camera);
  aim(svg, camera);
}

function aim(svg, camera) {
  svg.setAttribute('viewBox', `${camera.cx - camera.w / 2} ${camera.cy - camera.h / 2} ${camera.w} ${camera.h}`);
  svg.style.maxWidth = `${Math.round(Math.min(camera.w, camera.whole.w) * 1.2)}px`;
}

function panAndZoom(container, svg) {
  const camera = views.get(container);
  const units = () => camera.w / (svg.getBoundingClientRect().width || 1); // board units per screen pixel
  const zoom = (factor) => {
    const ratio = camera.h / camera.w;
    camera.w = Math.min(Math.max(camera.w * factor, 3 * CELL), Math.max(camera.whole.w, camera.whole.h) * 2);
    camera.h = camera.w * ratio;
    camera.moved = true;
    aim(svg, camera);
  };
  svg.addEventListener('wheel', (event) => { event.preventDefault(); zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15); }, {passive: false});
  const pointers = new Map();
  let spread = 0, dragged = 0;
  svg.addEventListener('pointerdown', (event) => {
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    dragged = 0;
    if (pointers.size === 2) spread = distance(pointers);
  });
  svg.addEventListener('pointermove', (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const dx = event.clientX - last.x, dy = event.clientY - last.y;
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    if (pointers.size === 2) {
      const now = distance(pointers);
      if (spread && now) zoom(spread / now);
      spread = now;
      return;
    }
    dragged += Math.abs(dx) + Math.abs(dy);
    if (dragged < 6) return; // a tap, not a drag
    if (!svg.hasPointerCapture(event.pointerId)) svg.setPointerCapture(event.pointerId);
    camera.cx -= dx * units();
    camera.cy -= dy * units();
    camera.moved = true;
    aim(svg, camera);
  });
  const up = (event) => { pointers.delete(event.pointerId); spread = 0; };
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', up);
  // A drag is not a click on the square it ends on.
  svg.addEventListener('click', (event) => { if (dragged >= 6) { event.stopPropagation(); event.preventDefault(); } }, true);
}

const distance = (pointers) => {
  const [a, b] = [...pointers.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
};
