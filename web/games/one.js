// ONE: a round board of rings (1 innermost) and spokes (1 straight up, numbered clockwise);
// points are named "r<ring>s<spoke>". The view's `board` lists the owner seat (or null) per
// point, index (ring - 1) * spokes + (spoke - 1). Moves: "r2s5" places a stone, "jump r2s5>r4s5"
// jumps the stone on r2s5 onto r4s5, "stop" ends a chain of jumps. To capture, pick one of
// your marked stones, then a highlighted landing point. No rules here: every point, stone and
// button offered comes from the legal moves given; geometry is used only for drawing.
import {el, actionable, confirmOnTouch, keyboardFocus, listenWithPick, toggled} from './svg.js';

export const seats = [
  {name: 'Black', colour: '#222222'},
  {name: 'Red', colour: '#c62828'},
  {name: 'Blue', colour: '#1f5fbf'},
  {name: 'Green', colour: '#1e8449'},
  {name: 'Yellow', colour: '#e2b203'},
  {name: 'Purple', colour: '#7b3294'},
];
const EDGES = ['#000000', '#6d0f0f', '#0d2f66', '#0b4225', '#6b5200', '#3b1048'];
const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'hexagon', 'star'];
const BOARD = '#efe2c4', LINES = '#8c7350', GOLD = '#c99700', FOCUS = '#1a5fd0', TARGET = '#1a5fd0';
const SMALL_POINT_PX = 36; // points closer than this on screen take a tap to mark and a tap to confirm
const DEFAULT_SIZE = {rings: 5, spokes: 12};
const chosen = new WeakMap(); // container -> {key, from}: the stone picked to jump, kept across re-renders

const parse = (name) => {
  const match = /^r(\d+)s(\d+)$/.exec(name);
  return match ? {ring: Number(match[1]), spoke: Number(match[2])} : null;
};
const isJump = (move) => move.startsWith('jump ');
const jumpEnds = (move) => move.slice(5).split('>');

/** Sizes for drawing: points `gap` apart on the inner ring and between rings. */
function layout(rings, spokes) {
  const gap = spokes <= 12 ? 38 : 30;
  const inner = (gap * spokes) / (2 * Math.PI);
  const outer = inner + (rings - 1) * gap;
  return {rings, spokes, gap, inner, outer, stone: gap * 0.37, half: Math.ceil(outer + 46)};
}

function place(geo, name) {
  const {ring, spoke} = parse(name);
  const radius = geo.inner + (ring - 1) * geo.gap;
  const angle = angleOf(geo, spoke);
  return {x: radius * Math.cos(angle), y: radius * Math.sin(angle), ring, spoke, radius, angle};
}

const angleOf = (geo, spoke) => ((spoke - 1) * 2 * Math.PI) / geo.spokes - Math.PI / 2;
const fixed = (value) => value.toFixed(1);

/** The path between two points on one line: an arc along a ring, or straight along a spoke.
 *  `trim` shortens both ends, so arrows stop at the stones' edges. */
function linePath(geo, from, to, trim = 0) {
  const a = place(geo, from), b = place(geo, to);
  if (a.ring === b.ring) {
    let turn = b.angle - a.angle;
    while (turn > Math.PI) turn -= 2 * Math.PI;
    while (turn < -Math.PI) turn += 2 * Math.PI;
    const cut = Math.sign(turn) * (trim / a.radius);
    const start = a.angle + cut, end = b.angle - cut;
    const r = a.radius;
    return `M${fixed(r * Math.cos(start))} ${fixed(r * Math.sin(start))}` +
      `A${fixed(r)} ${fixed(r)} 0 0 ${turn > 0 ? 1 : 0} ${fixed(r * Math.cos(end))} ${fixed(r * Math.sin(end))}`;
  }
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const dx = ((b.x - a.x) / length) * trim, dy = ((b.y - a.y) / length) * trim;
  return `M${fixed(a.x + dx)} ${fixed(a.y + dy)}L${fixed(b.x - dx)} ${fixed(b.y - dy)}`;
}

function polygon(x, y, corners) {
  return corners.map(([dx, dy]) => `${fixed(x + dx)},${fixed(y + dy)}`).join(' ');
}

function ring(count, radius, turn) {
  return Array.from({length: count}, (_, i) => {
    const a = turn + (i * 2 * Math.PI) / count;
    return [radius * Math.cos(a), radius * Math.sin(a)];
  });
}

/** A stone of `seat`: its own shape and colour, so colour is never the only clue. */
export function stone(seat, x, y, r, attrs = {}) {
  const paint = {fill: seats[seat].colour, stroke: EDGES[seat], 'stroke-width': Math.max(1.5, r / 8), ...attrs};
  switch (SHAPES[seat]) {
    case 'square':
      return el('rect', {x: fixed(x - r * 0.86), y: fixed(y - r * 0.86), width: fixed(r * 1.72), height: fixed(r * 1.72),
        rx: fixed(r * 0.18), ...paint});
    case 'triangle':
      return el('polygon', {points: polygon(x, y + r * 0.18, ring(3, r * 1.2, -Math.PI / 2)), ...paint});
    case 'diamond':
      return el('polygon', {points: polygon(x, y, [[0, -r * 1.18], [r * 1.0, 0], [0, r * 1.18], [-r * 1.0, 0]]), ...paint});
    case 'hexagon':
      return el('polygon', {points: polygon(x, y, ring(6, r * 1.04, 0)), ...paint});
    case 'star': {
      const corners = ring(10, 1, -Math.PI / 2).map(([dx, dy], i) => [dx * r * (i % 2 ? 0.56 : 1.22), dy * r * (i % 2 ? 0.56 : 1.22)]);
      return el('polygon', {points: polygon(x, y, corners), ...paint});
    }
    default:
      return el('circle', {cx: fixed(x), cy: fixed(y), r: fixed(r * 0.95), ...paint});
  }
}

/** A small picture of a seat's stone, for the score table. */
function badge(seat) {
  const icon = el('svg', {viewBox: '-12 -12 24 24', width: 22, height: 22, 'aria-hidden': 'true'}, stone(seat, 0, 0, 8.5));
  // The table sits in the board container, whose stylesheet stretches every svg to full width.
  Object.assign(icon.style, {display: 'inline-block', width: '22px', height: '22px', margin: '0', flex: 'none'});
  return icon;
}

function arrowMarkers() {
  const defs = el('defs');
  const colours = [...seats.map((seat) => seat.colour), GOLD];
  colours.forEach((colour, index) => {
    defs.append(el('marker', {id: `one-arrow-${index}`, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 3.2,
      markerHeight: 3.2, orient: 'auto'}, el('path', {d: 'M0 0L10 5L0 10z', fill: colour})));
  });
  return defs;
}

/** Thick strokes along a group's links and round its points; drawn twice they make an outline. */
function groupShape(geo, group, colour, width) {
  const shape = el('g', {stroke: colour, fill: colour, 'stroke-width': width, 'stroke-linecap': 'round'});
  const members = new Set(group);
  for (const name of group) {
    const {ring: r, spoke: s} = parse(name);
    const p = place(geo, name);
    shape.append(el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(width / 2), stroke: 'none'}));
    for (const other of [`r${r}s${(s % geo.spokes) + 1}`, `r${r + 1}s${s}`]) {
      if (members.has(other)) shape.append(el('path', {d: linePath(geo, name, other), fill: 'none'}));
    }
  }
  return shape;
}

/** The outline of a stone that was jumped this turn, crossed out. */
function ghost(geo, point, owner) {
  const {x, y} = place(geo, point);
  const r = geo.stone;
  return el('g', {'aria-hidden': 'true', opacity: 0.75},
    stone(owner, x, y, r, {fill: 'none', stroke: seats[owner].colour, 'stroke-width': 2.5, 'stroke-dasharray': '4 3'}),
    el('path', {d: `M${fixed(x - r / 2)} ${fixed(y - r / 2)}L${fixed(x + r / 2)} ${fixed(y + r / 2)}` +
      `M${fixed(x + r / 2)} ${fixed(y - r / 2)}L${fixed(x - r / 2)} ${fixed(y + r / 2)}`,
    stroke: seats[owner].colour, 'stroke-width': 2.5, 'stroke-linecap': 'round'}));
}

function arrows(geo, path, marker, colour, width, dash = null) {
  const group = el('g', {fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round',
    'stroke-dasharray': dash, 'aria-hidden': 'true'});
  for (let i = 0; i + 1 < path.length; i++) {
    const d = linePath(geo, path[i], path[i + 1], geo.stone * 0.8);
    if (!dash) group.append(el('path', {d, stroke: '#fffdf8', 'stroke-width': width + 3})); // a halo: pale colours show too
    group.append(el('path', {d, 'marker-end': `url(#one-arrow-${marker})`}));
  }
  return group;
}

/** The path of the stone that jumped in a turn, from its moves. */
function jumpPath(moves) {
  const path = [];
  for (const move of moves.filter(isJump)) {
    const [from, to] = jumpEnds(move);
    if (!path.length) path.push(from);
    path.push(to);
  }
  return path;
}

const focusRing = (node, ringNode) => keyboardFocus(node, (on) => ringNode.setAttribute('stroke', on ? FOCUS : 'none'));

export const picksOf = (move) => (move.startsWith('jump ') ? [jumpEnds(move)[0]] : []);

export function moveLabel(move) {
  if (move === 'stop') return 'stop capturing';
  if (isJump(move)) {
    const [from, to] = jumpEnds(move);
    return `jump ${from} → ${to}`;
  }
  return move;
}

export function hint(view, legalMoves = []) {
  if (view?.phase === 'chain') return 'Jump again with the same stone, or stop capturing.';
  const jumps = legalMoves.some(isJump);
  const places = legalMoves.some((move) => !isJump(move));
  let text = places && jumps ? 'Place a stone, or pick one of your marked stones to capture.'
    : jumps ? 'No stones left to place: capture with a marked stone.' : 'Place a stone on an empty point.';
  if (view?.forbidden) text += ` No mirror: ${view.forbidden} is barred.`;
  return text;
}

function cell(tag, text, align = 'left') {
  const node = document.createElement(tag);
  node.textContent = text;
  Object.assign(node.style, {padding: '.15rem .35rem', textAlign: align, whiteSpace: 'nowrap'});
  return node;
}

function scoreTable(view, seatLabel) {
  const table = document.createElement('table');
  table.className = 'one-scores';
  Object.assign(table.style, {width: '100%', borderCollapse: 'collapse', marginTop: '.6rem', fontSize: '.9rem',
    fontVariantNumeric: 'tabular-nums'});
  const caption = document.createElement('caption');
  caption.textContent = 'Score: largest group + 2 per captured stone (groups are outlined on the board)';
  Object.assign(caption.style, {captionSide: 'bottom', textAlign: 'left', fontSize: '.8rem', color: 'var(--muted)',
    paddingTop: '.25rem'});
  const head = document.createElement('tr');
  head.append(cell('th', 'Player'));
  for (const [text, title] of [['Left', 'stones left to place'], ['Taken', 'stones captured (2 points each)'],
    ['Group', 'size of the largest group'], ['Score', 'group + 2 per captured stone']]) {
    const header = cell('th', '', 'right');
    header.append(Object.assign(document.createElement('abbr'), {title, textContent: text}));
    head.append(header);
  }
  const body = document.createElement('tbody');
  const winners = new Set(view.outcome?.winners ?? []);
  for (let seat = 0; seat < view.stones_left.length; seat++) {
    const row = document.createElement('tr');
    const name = cell('th', '');
    name.scope = 'row';
    Object.assign(name.style, {display: 'flex', alignItems: 'center', gap: '.35rem'});
    const label = `${view.to_move === seat ? '▸ ' : ''}${seatLabel(seat)}${winners.has(seat) ? ' ★' : ''}`;
    name.append(badge(seat), label);
    if (view.to_move === seat) name.setAttribute('aria-label', `${seatLabel(seat)}, to move`);
    if (winners.has(seat)) name.setAttribute('aria-label', `${seatLabel(seat)}, winner`);
    row.append(name, cell('td', String(view.stones_left[seat]), 'right'), cell('td', String(view.captured[seat]), 'right'),
      cell('td', String(view.groups[seat].length), 'right'), cell('td', String(view.scores[seat]), 'right'));
    if (view.to_move === seat || winners.has(seat)) row.style.fontWeight = '700';
    if (view.to_move === seat) row.style.background = 'var(--highlight)';
    row.style.borderTop = '1px solid var(--line)';
    body.append(row);
  }
  const thead = document.createElement('thead');
  thead.append(head);
  table.append(caption, thead, body);
  return table;
}

function note(text) {
  const node = document.createElement('p');
  node.textContent = text;
  Object.assign(node.style, {margin: '.5rem 0 0', fontSize: '.9rem'});
  return node;
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const geo = layout(view?.rings ?? DEFAULT_SIZE.rings, view?.spokes ?? DEFAULT_SIZE.spokes);
  const points = view?.points ?? [];
  const board = view?.board ?? [];
  const moves = interactive ? legalMoves : [];
  const jumps = moves.filter(isJump);
  const placements = new Set(moves.filter((move) => move !== 'stop' && !isJump(move)));
  const inChain = view?.phase === 'chain';
  const jumpers = [...new Set(jumps.map((move) => jumpEnds(move)[0]))];

  const key = moves.join(',');
  let pick = chosen.get(container);
  if (!pick || pick.key !== key) pick = {key, from: inChain ? jumpers[0] ?? null : null, pending: null};
  chosen.set(container, pick);
  const landings = new Map(jumps.filter((move) => jumpEnds(move)[0] === pick.from).map((move) => [jumpEnds(move)[1], move]));

  const {half} = geo;
  const svg = el('svg', {viewBox: `${-half} ${-half} ${2 * half} ${2 * half}`, class: 'one-board', role: 'group',
    'aria-label': `ONE board: ${geo.rings} rings crossed by ${geo.spokes} spokes; ring 1 is the innermost, spoke 1 points up and spokes count clockwise`});
  svg.append(arrowMarkers());
  svg.append(el('circle', {cx: 0, cy: 0, r: fixed(geo.outer + 43), fill: BOARD, stroke: '#6d5536', 'stroke-width': 3, 'aria-hidden': 'true'}));

  // Largest groups: every outline first, then every filling, so touching groups stay readable.
  if (view) {
    const outlines = el('g', {'aria-hidden': 'true', class: 'groups'});
    const width = geo.stone * 2 + 14;
    view.groups.forEach((group, seat) => group.length && outlines.append(groupShape(geo, group, seats[seat].colour, width)));
    view.groups.forEach((group) => group.length && outlines.append(groupShape(geo, group, BOARD, width - 8)));
    svg.append(outlines);
  }

  const grid = el('g', {fill: 'none', stroke: LINES, 'stroke-width': 1.6, 'aria-hidden': 'true'});
  for (let r = 0; r < geo.rings; r++) grid.append(el('circle', {cx: 0, cy: 0, r: fixed(geo.inner + r * geo.gap)}));
  const labels = el('g', {'aria-hidden': 'true', fill: '#6d5536', 'font-size': 15, 'font-weight': 600, 'text-anchor': 'middle',
    'dominant-baseline': 'central', stroke: BOARD, 'stroke-width': 3, 'paint-order': 'stroke'});
  for (let s = 1; s <= geo.spokes; s++) {
    const a = angleOf(geo, s);
    grid.append(el('line', {x1: fixed(geo.inner * Math.cos(a)), y1: fixed(geo.inner * Math.sin(a)),
      x2: fixed(geo.outer * Math.cos(a)), y2: fixed(geo.outer * Math.sin(a))}));
    labels.append(el('text', {x: fixed((geo.outer + 30) * Math.cos(a)), y: fixed((geo.outer + 30) * Math.sin(a))}, `s${s}`));
  }
  const between = angleOf(geo, 0.5); // half way between the last spoke and spoke 1
  for (let r = 1; r <= geo.rings; r++) {
    const radius = geo.inner + (r - 1) * geo.gap;
    labels.append(el('text', {x: fixed(radius * Math.cos(between)), y: fixed(radius * Math.sin(between)), 'font-size': 11,
      fill: '#8c7350'}, `r${r}`));
  }
  svg.append(grid, labels);

  // The latest complete turn of anyone: where a stone went, or the path of the capture.
  const last = view?.last_turn;
  const marks = el('g', {'aria-hidden': 'true'});
  if (last && !inChain) {
    const placed = last.moves.find((move) => parse(move));
    if (placed) {
      const p = place(geo, placed);
      marks.append(el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(geo.stone + 5), fill: 'none', stroke: GOLD,
        'stroke-width': 3}));
    }
    for (const {point, owner} of last.jumped) marks.append(ghost(geo, point, owner));
    marks.append(arrows(geo, jumpPath(last.moves), seats.length, GOLD, 3, '6 5'));
  }
  if (view?.chain) {
    for (const {point, owner} of view.chain.jumped) marks.append(ghost(geo, point, owner));
  }
  svg.append(marks);

  if (view?.forbidden) {
    const p = place(geo, view.forbidden);
    const r = geo.stone * 0.8;
    svg.append(el('g', {role: 'img', 'aria-label': `${view.forbidden} is barred by the no-mirror rule`},
      el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(r), fill: '#fff', stroke: '#b3261e', 'stroke-width': 3}),
      el('path', {d: `M${fixed(p.x - r * 0.7)} ${fixed(p.y + r * 0.7)}L${fixed(p.x + r * 0.7)} ${fixed(p.y - r * 0.7)}`,
        stroke: '#b3261e', 'stroke-width': 3})));
  }

  // The jump just made is seen (motion.js): the stone slides from the point it jumped from.
  const lastMoves = view?.chain ? null : view?.last_turn?.moves ?? [];
  const jumpNow = view?.chain ? view.chain.path.slice(-2)
    : lastMoves.length && isJump(lastMoves[lastMoves.length - 1]) ? jumpEnds(lastMoves[lastMoves.length - 1]) : [];
  for (const name of points) {
    const p = place(geo, name);
    svg.append(el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: 1, fill: 'none', 'data-spot': name, 'aria-hidden': 'true'}));
  }
  // Stones, with a marked ring on the ones that can capture now.
  const stones = el('g');
  board.forEach((owner, index) => {
    if (owner === null || owner === undefined) return;
    const name = points[index];
    const p = place(geo, name);
    const who = `${seatLabel(owner)} stone on ${name}`;
    const canJump = jumpers.includes(name) && !inChain;
    const picked = name === pick.from;
    const group = el('g', canJump
      ? actionable(`${who}: ${picked ? 'picked to capture; pick it again to place a stone instead' : 'pick it to capture'}`,
        {'data-from': name, 'aria-pressed': String(picked)})
      : {role: 'img', 'aria-label': who});
    if (jumpNow.length === 2 && jumpNow[1] === name) group.dataset.cameFrom = jumpNow[0];
    let focus = null;
    if (canJump || picked) {
      group.append(el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(geo.stone + 6), fill: picked ? '#cfe0f6' : 'transparent',
        stroke: picked ? FOCUS : GOLD, 'stroke-width': 3, 'stroke-dasharray': picked ? null : '5 4'}));
      focus = el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(geo.stone + 10), fill: 'none', stroke: 'none', 'stroke-width': 3});
      group.append(focus);
    }
    group.append(stone(owner, p.x, p.y, geo.stone));
    if (canJump) focusRing(group, focus);
    stones.append(group);
  });
  svg.append(stones);

  if (view?.chain) svg.append(arrows(geo, view.chain.path, view.chain.seat, seats[view.chain.seat].colour, 4));

  // Points to click: landing points of the picked stone, otherwise the empty points to place on.
  const targets = el('g');
  const hitRadius = fixed(geo.gap * 0.48);
  const mover = view?.to_move ?? 0;
  const offer = (name, move, label, jump) => {
    const p = place(geo, name);
    const focus = el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(geo.stone + 4), fill: 'none', stroke: 'none', 'stroke-width': 3});
    const pending = pick.pending === move; // a first tap on a small board: tap again to play it
    const target = el('g', actionable(pending ? `${label}: tap again to confirm` : label, {'data-move': move}),
      el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: hitRadius, fill: 'transparent'}),
      pending ? stone(mover, p.x, p.y, geo.stone, {opacity: 0.55})
        : el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(geo.stone * (jump ? 0.55 : 0.3)), fill: TARGET,
          'fill-opacity': jump ? 0.5 : 0.35, class: 'one-dot'}),
      pending ? el('circle', {cx: fixed(p.x), cy: fixed(p.y), r: fixed(geo.stone + 5), fill: 'none', stroke: FOCUS,
        'stroke-width': 3}) : null,
      focus);
    focusRing(target, focus);
    targets.append(target);
  };
  if (pick.from) {
    for (const [to, move] of landings) offer(to, move, `Jump from ${pick.from} to ${to}, capturing the stone in between`, true);
  } else {
    for (const name of points) if (placements.has(name)) offer(name, name, `Place a stone on ${name}`, false);
  }
  svg.append(targets);

  const parts = [svg];
  if (moves.includes('stop')) {
    const button = Object.assign(document.createElement('button'), {type: 'button', className: 'move-button',
      textContent: 'Stop capturing'});
    button.dataset.move = 'stop';
    parts.push(button);
  }
  if (view) {
    if (view.ending && !view.outcome) {
      parts.push(note(`Final round: ${seatLabel(view.ending.ran_out)} has no stones left, so the game ends before ` +
        `${seatLabel(0)}'s next turn.`));
    }
    if (view.chain) {
      const taken = view.chain.jumped.length;
      parts.push(note(`${seatLabel(view.chain.seat)} is capturing: ${taken} stone${taken === 1 ? '' : 's'} taken so far this turn.`));
    }
    parts.push(scoreTable(view, seatLabel));
  }
  container.replaceChildren(...parts);

  const redraw = () => render(container, {view, legalMoves, interactive, seatLabel}, onMove);
  listenWithPick(container, {
    onMove: confirmOnTouch(container, {
      small: (move) => move !== 'stop' && svg.getBoundingClientRect().width / (2 * geo.half)
        * Math.min(geo.gap, (2 * Math.PI * geo.inner) / geo.spokes) < SMALL_POINT_PX,
      pending: () => pick.pending,
      mark: (move) => { pick.pending = move; redraw(); },
      onMove,
    }),
    pick: (from) => { pick.from = toggled(pick.from, from); pick.pending = null; },
    redraw,
    focusAfter: (from) => container.querySelector('[data-move]') ?? container.querySelector(`[data-from="${from}"]`),
  });
}
