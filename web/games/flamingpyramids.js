// Flaming Pyramids: the pyramid in the middle, every seat's hand and pile sizes above it, the
// viewer's hand below, and the mayhem of this turn and the last as lines of text.
// Places are "row:column" (row 0 at the bottom; columns count half tile widths, so a tile at r:c
// rests on r-1:c-1 and r-1:c+1). Moves: "red-20 1:3" lays a tile, "fall left" / "fall right".
// Pick a tile in your hand, then one of the spots on the pyramid, each marked with what laying it
// there would set off (the view's `mayhem`); when a tile falls, pick a side.
// No rules here: this draws `view` (it holds the viewer's hand and nobody else's) and offers
// exactly the legal moves given.
import {el, actionable, keyboardFocus, listenWithPick, toggled} from './svg.js';

export const seats = [
  {name: 'Amber', colour: '#b86e00'}, {name: 'Violet', colour: '#7b3fa0'}, {name: 'Teal', colour: '#11807a'},
  {name: 'Rose', colour: '#c2185b'}, {name: 'Slate', colour: '#546e7a'}, {name: 'Olive', colour: '#66781c'},
];

const COLOURS = {red: '#c62828', blue: '#1f5fbf', green: '#2e7d32', yellow: '#a87b00', all: '#6a1b9a'};
const MATERIAL = {
  straw: {fill: '#f6e7a9', grain: '#d9bf5c', label: 'straw'},
  wood: {fill: '#d9a66b', grain: '#a8703a', label: 'wood'},
  stone: {fill: '#d3d3cf', grain: '#9a9a94', label: 'stone'},
  coal: {fill: '#2b2522', grain: '#ff8a3d', label: 'coal'},
  torch: {fill: '#3b2320', grain: '#ffb300', label: 'blowtorch'},
};
const MAYHEM = {collapse: 'collapses', fall: 'falls', explosion: 'explodes', fire: 'starts a fire',
  'fire die': 'rolls the Fire Die', curse: 'the Curse'};
const INK = '#2a2520', MUTED = '#6d645a', FOCUS = '#1a5fd0', GOLD = '#c99700';
const UNIT = 34, TH = 58; // half a tile's width; a tile's height
const TW = 2 * UNIT - 4;
const chosen = new WeakMap(); // container -> {key, tile}: the hand tile picked, across re-renders

const placeOf = (move) => move.split(' ')[1].split(':').map(Number);
const tileOf = (move) => move.split(' ')[0];
const capital = (text) => text[0].toUpperCase() + text.slice(1);

/** A tile's name in words from its name: "red-20" → "Red 20". */
function nameWords(name) {
  if (name === 'millstone') return 'the Millstone';
  const [kind, rest] = name.split('-');
  if (kind === 'coal') return `the ${rest} Coal`;
  if (kind === 'torch') return `the ${rest} Blowtorch`;
  return `${capital(kind)} ${rest}`;
}

export const picksOf = (move) => [tileOf(move)];

export function moveLabel(move) {
  if (move === 'fall left' || move === 'fall right') return `lets it ${move}`;
  if (move === 'deal') return 'draws a tile';
  if (move.startsWith('deal ')) return `draws ${nameWords(move.slice(5))}`;
  if (move.startsWith('die ')) return `rolls ${{'die fire': 'fire', 'die fire out': 'fire, and the incendiary goes',
    'die explosion': 'an explosion', 'die smoke': 'smoke'}[move] ?? move}`;
  if (/ -?\d+:-?\d+$/.test(move)) return `lays ${nameWords(tileOf(move))} on ${move.split(' ')[1]}`;
  return move;
}

export function hint(view, legalMoves = []) {
  if (legalMoves.includes('fall left')) return 'Choose which way the tile falls.';
  if (legalMoves.length) return 'Pick a tile from your hand, then a spot on the pyramid.';
  return '';
}

/** One tile, its top-left corner at (x, y), `w` wide: material as its ground, colour as its border,
    the number large, the colour's symbol and the material in words. */
function tileShape(tile, x, y, w, h, {edge = null, edgeWidth = 4} = {}) {
  const material = MATERIAL[tile.material] ?? MATERIAL.stone;
  const colour = COLOURS[tile.colour] ?? INK;
  const dark = tile.material === 'coal' || tile.material === 'torch';
  const parts = [el('rect', {x, y, width: w, height: h, rx: 7, fill: material.fill, stroke: edge ?? colour,
    'stroke-width': edgeWidth})];
  // The material's grain: straw in short strokes, wood in long lines, stone in dots.
  const grain = [];
  if (tile.material === 'straw') for (let i = 1; i < 5; i++) grain.push(`M${x + i * w / 5 - 4} ${y + h - 6}l8 -10`);
  if (tile.material === 'wood') for (let i = 1; i < 3; i++) grain.push(`M${x + 6} ${y + i * h / 3}q${w / 2} 6 ${w - 12} 0`);
  if (grain.length) parts.push(el('path', {d: grain.join(''), stroke: material.grain, 'stroke-width': 1.6, fill: 'none'}));
  if (tile.material === 'stone') {
    for (const [dx, dy] of [[0.2, 0.75], [0.5, 0.85], [0.8, 0.72]]) {
      parts.push(el('circle', {cx: x + dx * w, cy: y + dy * h, r: 2, fill: material.grain}));
    }
  }
  if (dark) { // an incendiary: a flame, the colour of its own
    const cx = x + w / 2, base = y + h - 8;
    parts.push(el('path', {d: `M${cx} ${y + 8}c10 12 12 22 0 ${base - y - 8}c-12 -8 -10 -22 0 -${base - y - 8}z`,
      fill: material.grain, stroke: colour, 'stroke-width': 2}));
  }
  const number = String(tile.weight);
  parts.push(el('text', {x: x + w / 2, y: y + h / 2 + (dark ? 14 : 9), 'text-anchor': 'middle',
    'font-size': number.length > 2 ? 22 : 26, 'font-weight': 800, fill: dark ? '#fff' : colour,
    stroke: dark ? colour : 'none', 'stroke-width': dark ? 0.8 : 0}, number));
  if (!dark && tile.colour !== 'all') {
    parts.push(symbol(tile.symbol, x + 11, y + 11, colour));
  }
  if (tile.colour === 'all') { // the Millstone: a ring of the four colours
    ['red', 'blue', 'green', 'yellow'].forEach((name, i) => parts.push(el('circle', {cx: x + 9 + i * 8, cy: y + 10, r: 3.4,
      fill: COLOURS[name]})));
  }
  return parts;
}

/** A colour's symbol, about 12 units across, centred on (x, y). */
function symbol(name, x, y, paint) {
  switch (name) {
    case 'sun': return el('circle', {cx: x, cy: y, r: 4.5, fill: paint});
    case 'moon': return el('path', {d: `M${x + 2} ${y - 6}a6 6 0 1 0 0 12a7 7 0 0 1 0 -12z`, fill: paint});
    case 'leaf': return el('path', {d: `M${x - 6} ${y + 5}q0 -11 12 -11q0 11 -12 11z`, fill: paint});
    case 'star': return el('path', {d: `M${x} ${y - 6}l1.8 4h4.2l-3.4 2.6l1.3 4.4l-3.9 -2.6l-3.9 2.6l1.3 -4.4l-3.4 -2.6h4.2z`, fill: paint});
    default: return null;
  }
}

/** The seats: name, tiles in hand and in the pile, whose turn it is. */
function seatStrip(view, seatLabel) {
  const strip = document.createElement('ol');
  strip.className = 'seat-strip';
  const count = view?.players ?? 2;
  for (let seat = 0; seat < count; seat++) {
    const item = document.createElement('li');
    if (view?.active === seat && !view.outcome) item.className = 'turn';
    const dot = document.createElement('span');
    dot.className = 'seat-dot';
    dot.style.background = seats[seat].colour;
    const name = document.createElement('b');
    name.textContent = seatLabel(seat);
    const counts = document.createElement('span');
    counts.textContent = view ? `hand ${view.hand_sizes[seat]} · pile ${view.pile_sizes[seat]}` : '';
    item.append(dot, name, ' ', counts);
    item.setAttribute('aria-label', view ? `${seatLabel(seat)}: ${view.hand_sizes[seat]} tiles in hand, `
      + `${view.pile_sizes[seat]} in the pile${item.className ? ', to play' : ''}` : seatLabel(seat));
    strip.append(item);
  }
  return strip;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const moves = interactive ? legalMoves : [];
  const placements = moves.filter((move) => move.includes(':'));
  const falls = moves.filter((move) => move.startsWith('fall '));
  const key = moves.join(',');
  let state = chosen.get(container);
  const handNames = [...new Set(placements.map(tileOf))];
  if (!state || state.key !== key) state = {key, tile: handNames.length === 1 ? handNames[0] : null};
  chosen.set(container, state);
  const table = view?.table ?? [];
  const mayhem = view?.mayhem ?? {};

  // Every spot any tile may take; those of the picked tile are buttons.
  const spots = new Map();
  for (const move of placements) {
    const place = move.split(' ')[1];
    if (!spots.has(place)) spots.set(place, null);
    if (tileOf(move) === state.tile) spots.set(place, move);
  }
  const falling = view?.falling;
  const landing = falling ? [[falling.row - 1, falling.column - 1, 'fall left'], [falling.row - 1, falling.column + 1, 'fall right']] : [];

  // The frame: wide enough for every tile and spot, plus a tile either side.
  const places = [...table.map((t) => [t.row, t.column]), ...[...spots.keys()].map((p) => p.split(':').map(Number)),
    ...landing.map(([r, c]) => [r, c])];
  if (!places.length) places.push([0, 0]);
  const minC = Math.min(...places.map(([, c]) => c)) - 1, maxC = Math.max(...places.map(([, c]) => c)) + 1;
  const top = Math.max(1, ...places.map(([r]) => r + 1));
  const width = Math.max(6 * UNIT, (maxC - minC + 2) * UNIT), height = top * TH + 8;
  const at = (row, column) => ({x: (column - minC) * UNIT + 2 + UNIT / 2, y: (top - 1 - row) * TH + 4});

  const svg = el('svg', {viewBox: `0 0 ${width} ${height}`, class: 'fp-board', role: 'group',
    'aria-label': `The pyramid: ${table.length} tile${table.length === 1 ? '' : 's'}, row 0 at the bottom`});
  svg.style.maxWidth = `${Math.round(width * 1.25)}px`; // tiles no bigger than a quarter over their drawn size
  svg.append(el('line', {x1: 0, y1: height - 3, x2: width, y2: height - 3, stroke: '#8c7350', 'stroke-width': 3, 'aria-hidden': 'true'}));
  // What the latest move did (motion.js), a step at a time in the order it happened: a tile laid grows
  // in, a tile that fell drops from where it was, and the tiles that left fade where they stood, each
  // tagged with where it went (a seat's pile, or out of the game).
  const moved = new Map((view?.motion ?? []).filter((item) => item.kind !== 'left').map((item) => [`${item.row}:${item.column}`, item]));
  const standing = new Set(table.map(({row, column}) => `${row}:${column}`));
  for (const {kind, step, row, column, tile, to} of view?.motion ?? []) {
    if (kind !== 'left' || standing.has(`${row}:${column}`)) continue;
    const {x, y} = at(row, column);
    const where = to === null ? 'out' : `→ ${seatLabel(to)}`;
    svg.append(el('g', {'data-leaving': '', 'data-after': step, opacity: 0, 'aria-hidden': 'true'},
      ...tileShape(tile, x, y, TW, TH - 6),
      el('rect', {x: x + 4, y: y + TH - 26, width: TW - 8, height: 16, rx: 4, fill: to === null ? '#1b1b1b' : seats[to].colour}),
      el('text', {x: x + TW / 2, y: y + TH - 14, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff'}, where)));
  }
  for (const {row, column, tile} of table) {
    const {x, y} = at(row, column);
    const isFalling = falling && falling.row === row && falling.column === column;
    const motion = moved.get(`${row}:${column}`);
    svg.append(el('g', {role: 'img', 'aria-label': `${tile.words} (${tile.material}) on ${row}:${column}${isFalling ? ', falling' : ''}`,
      'data-spot': `${row}:${column}`, 'data-arriving': motion?.kind === 'laid' ? 2 * motion.step : null,
      'data-came-from': motion?.kind === 'fell' ? motion.from : null, 'data-after': motion?.kind === 'fell' ? motion.step : null},
    ...tileShape(tile, x, y, TW, TH - 6, isFalling ? {edge: GOLD, edgeWidth: 6} : {})));
  }
  for (const [place, move] of spots) {
    const [row, column] = place.split(':').map(Number);
    const {x, y} = at(row, column);
    const effect = move ? mayhem[move] : '';
    const box = el('rect', {x: x + 3, y: y + 3, width: TW - 6, height: TH - 12, rx: 6, fill: move ? '#1b1b1b' : 'none',
      'fill-opacity': move ? 0.82 : 1, stroke: '#1b1b1b', 'stroke-width': 2.5, 'stroke-dasharray': move ? null : '5 4'});
    if (!move) {
      svg.append(el('g', {'aria-hidden': 'true'}, box));
      continue;
    }
    const words = effect ? MAYHEM[effect] ?? effect : 'fits';
    const group = el('g', actionable(`Lay ${nameWords(state.tile)} on ${place}: it ${words}`, {'data-move': move}), box,
      el('text', {x: x + TW / 2, y: y + TH / 2 + 1, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700,
        fill: effect ? '#ffb74d' : '#ffffff'}, effect ? '⚠' : '✓'),
      el('text', {x: x + TW / 2, y: y + TH / 2 + 15, 'text-anchor': 'middle', 'font-size': 10, fill: '#ffffff'}, effect || 'fits'));
    keyboardFocus(group, (on) => box.setAttribute('stroke', on ? FOCUS : '#1b1b1b'));
    svg.append(group);
  }
  for (const [row, column, move] of landing) {
    if (!falls.includes(move)) continue;
    const {x, y} = at(row, column);
    const box = el('rect', {x: x + 3, y: y + 3, width: TW - 6, height: TH - 12, rx: 6, fill: '#2e7d32', 'fill-opacity': 0.85,
      stroke: '#1b5e20', 'stroke-width': 2.5});
    const group = el('g', actionable(`Let it fall ${move.slice(5)}, onto ${row}:${column}`, {'data-move': move}), box,
      el('text', {x: x + TW / 2, y: y + TH / 2 + 6, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 800, fill: '#fff'},
        move === 'fall left' ? '↙' : '↘'));
    keyboardFocus(group, (on) => box.setAttribute('stroke', on ? FOCUS : '#1b5e20'));
    svg.append(group);
  }

  const parts = [seatStrip(view, seatLabel), svg];

  // The viewer's hand.
  if (view?.hand) {
    const hand = view.hand;
    const hw = 62, hh = 56, gap = 8;
    const handSvg = el('svg', {viewBox: `0 0 ${Math.max(1, hand.length) * (hw + gap) + gap} ${hh + 16}`, class: 'fp-hand',
      role: 'group', 'aria-label': `Your hand: ${hand.map((tile) => tile.words).join(', ') || 'empty'}`});
    hand.forEach((tile, i) => {
      const x = gap + i * (hw + gap);
      const picked = state.tile === tile.name;
      const offered = handNames.includes(tile.name);
      const shape = tileShape(tile, x, picked ? 2 : 10, hw, hh, picked ? {edge: FOCUS, edgeWidth: 5} : {});
      if (offered) {
        const group = el('g', actionable(`${picked ? 'Picked' : 'Pick'} ${tile.words} (${tile.material})`,
          {'data-from': tile.name, 'aria-pressed': String(picked)}), ...shape);
        keyboardFocus(group, (on) => shape[0].setAttribute('stroke', on ? FOCUS : picked ? FOCUS : COLOURS[tile.colour] ?? INK));
        handSvg.append(group);
      } else {
        handSvg.append(el('g', {role: 'img', 'aria-label': `${tile.words} (${tile.material})`}, ...shape));
      }
    });
    parts.push(Object.assign(document.createElement('p'), {className: 'fp-hand-label muted small',
      textContent: `${seatLabel(view.seat)}'s hand`}), handSvg);
  }

  // What happened: this turn's mayhem and the last turn's, a line each.
  if (view?.events?.length) {
    const list = document.createElement('ul');
    list.className = 'fp-events muted small';
    list.setAttribute('aria-label', 'What happened');
    for (const event of view.events) {
      const item = document.createElement('li');
      item.textContent = `${capital(event.text)}.`;
      if (event.ply === view.ply) item.className = 'latest';
      list.append(item);
    }
    parts.push(list);
  }
  if (view?.out?.length) {
    parts.push(Object.assign(document.createElement('p'), {className: 'muted small',
      textContent: `Out of the game: ${view.out.map((tile) => tile.words).join(', ')}.`}));
  }
  container.replaceChildren(...parts);

  listenWithPick(container, {
    onMove,
    pick: (from) => { state.tile = toggled(state.tile, from, handNames.length > 1); },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: () => container.querySelector('.fp-board [data-move]'),
  });
}
