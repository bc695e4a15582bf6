// Lost Cities: the viewer's expeditions at the bottom, the other player's at the top, the
// discard piles (one per colour, under its columns) and the deck between them. Cards are
// "red-7" or "red-w" (a wager). Moves: "play red-7", "discard red-7", "draw deck", "draw red".
// Pick a card in your hand, then its column (or the Play button) to play it, or its discard
// pile (or the Discard button); then tap the deck or a discard pile to draw. Colours also
// differ by a symbol: sun, waves, mountain, leaf, flame, gem.
// No rules here: this draws only `view` (it holds the viewer's hand and nobody else's) and
// offers exactly the legal moves given.
import {el, actionable, keyboardFocus, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'South', colour: '#2f6db0'}, {name: 'North', colour: '#b4532a'}];

const STYLE = {
  yellow: {strong: '#b58900', pale: '#fff3c4', symbol: 'sun'},
  blue: {strong: '#1f5fbf', pale: '#dce8fb', symbol: 'waves'},
  white: {strong: '#55606e', pale: '#ffffff', symbol: 'mountain'},
  green: {strong: '#2e7d32', pale: '#dcefdc', symbol: 'leaf'},
  red: {strong: '#c62828', pale: '#fadcdc', symbol: 'flame'},
  purple: {strong: '#7b3294', pale: '#eddcf5', symbol: 'gem'},
};
const DEFAULT_COLOURS = ['yellow', 'blue', 'white', 'green', 'red'];
const INK = '#2a2520', MUTED = '#6d645a', GOLD = '#c99700', FOCUS = '#1a5fd0', FELT = '#e9dfcd';
const CW = 60, CH = 84; // a card on the table
const HW = 58, HH = 82; // a card in the viewer's hand
const BW = 30, BH = 42; // a card back in the other hand
const PITCH = 76, LEFT = 14;
const EXPEDITION = 214; // the height of one side's expedition columns
const chosen = new WeakMap(); // container -> {key, card}: the hand card picked, kept across re-renders

const colourOf = (card) => card.slice(0, card.indexOf('-'));
const rankOf = (card) => card.slice(card.indexOf('-') + 1);
const rankText = (card) => (rankOf(card) === 'w' ? 'W' : rankOf(card));
const cardWords = (card) => (rankOf(card) === 'w' ? `a ${colourOf(card)} wager` : `${colourOf(card)} ${rankOf(card)}`);
const fixed = (value) => Number(value.toFixed(1));

/** The expedition symbol of `colour`, centred on (x, y), about 2r across. */
function symbol(colour, x, y, r, paint) {
  const s = r / 10;
  const p = (points) => points.map(([dx, dy]) => `${fixed(x + dx * s)},${fixed(y + dy * s)}`).join(' ');
  const attrs = {fill: paint, stroke: 'none', 'aria-hidden': 'true'};
  switch (STYLE[colour]?.symbol) {
    case 'sun': {
      const rays = [];
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        rays.push(`M${fixed(x + 6.5 * s * Math.cos(a))} ${fixed(y + 6.5 * s * Math.sin(a))}` +
          `L${fixed(x + 10 * s * Math.cos(a))} ${fixed(y + 10 * s * Math.sin(a))}`);
      }
      return el('g', attrs, el('circle', {cx: fixed(x), cy: fixed(y), r: fixed(4.5 * s)}),
        el('path', {d: rays.join(''), stroke: paint, 'stroke-width': fixed(2 * s), 'stroke-linecap': 'round'}));
    }
    case 'waves': {
      const wave = (dy) => `M${fixed(x - 10 * s)} ${fixed(y + dy * s)}q${fixed(2.5 * s)} ${fixed(-4 * s)} ${fixed(5 * s)} 0` +
        `t${fixed(5 * s)} 0t${fixed(5 * s)} 0t${fixed(5 * s)} 0`;
      return el('path', {...attrs, fill: 'none', stroke: paint, 'stroke-width': fixed(2.4 * s), 'stroke-linecap': 'round',
        d: wave(-3) + wave(4)});
    }
    case 'mountain':
      return el('g', attrs, el('polygon', {points: p([[-10, 8], [-2, -8], [3, 0], [5, -3], [10, 8]])}),
        el('polygon', {points: p([[-4.5, -3], [-2, -8], [0.5, -3]]), fill: '#ffffff'}));
    case 'leaf':
      return el('g', attrs, el('path', {d: `M${fixed(x - 8 * s)} ${fixed(y + 8 * s)}` +
        `C${fixed(x - 9 * s)} ${fixed(y - 6 * s)} ${fixed(x + 2 * s)} ${fixed(y - 9 * s)} ${fixed(x + 9 * s)} ${fixed(y - 9 * s)}` +
        `C${fixed(x + 9 * s)} ${fixed(y - 1 * s)} ${fixed(x + 5 * s)} ${fixed(y + 9 * s)} ${fixed(x - 8 * s)} ${fixed(y + 8 * s)}Z`}),
      el('path', {d: `M${fixed(x - 8 * s)} ${fixed(y + 8 * s)}L${fixed(x + 4 * s)} ${fixed(y - 4 * s)}`, stroke: '#ffffff',
        'stroke-width': fixed(1.2 * s), fill: 'none'}));
    case 'flame':
      return el('path', {...attrs, d: `M${fixed(x)} ${fixed(y - 10 * s)}` +
        `C${fixed(x + 9 * s)} ${fixed(y - 2 * s)} ${fixed(x + 8 * s)} ${fixed(y + 9 * s)} ${fixed(x)} ${fixed(y + 9 * s)}` +
        `C${fixed(x - 8 * s)} ${fixed(y + 9 * s)} ${fixed(x - 8 * s)} ${fixed(y + 1 * s)} ${fixed(x - 3 * s)} ${fixed(y - 3 * s)}` +
        `C${fixed(x - 2 * s)} ${fixed(y + 1 * s)} ${fixed(x)} ${fixed(y + 2 * s)} ${fixed(x)} ${fixed(y - 10 * s)}Z`});
    default: // gem
      return el('g', attrs, el('polygon', {points: p([[-9, -3], [-5, -8], [5, -8], [9, -3], [0, 9]])}),
        el('polyline', {points: p([[-9, -3], [9, -3]]), stroke: '#ffffff', 'stroke-width': fixed(1.2 * s), fill: 'none'}));
  }
}

/** A face-up card with its number (or W) and symbol in two corners and in the middle. */
function face(card, x, y, w, h, extra = {}) {
  const colour = colourOf(card), style = STYLE[colour] ?? STYLE.white;
  const big = rankText(card);
  if (w < 40) { // a small card: the symbol over the number
    return [
      el('rect', {x, y, width: w, height: h, rx: 5, fill: style.pale, stroke: style.strong, 'stroke-width': 2, ...extra}),
      symbol(colour, x + w / 2, y + 12, 7, style.strong),
      el('text', {x: x + w / 2, y: y + h - 7, 'font-size': 14, 'font-weight': 800, fill: INK, 'text-anchor': 'middle',
        'aria-hidden': 'true'}, big),
    ];
  }
  return [
    el('rect', {x, y, width: w, height: h, rx: 6, fill: style.pale, stroke: style.strong, 'stroke-width': 2, ...extra}),
    el('text', {x: x + 4, y: y + 15, 'font-size': 14, 'font-weight': 700, fill: style.strong, 'aria-hidden': 'true'}, big),
    symbol(colour, x + w - 11, y + 10, 6, style.strong),
    el('text', {x: x + w - 4, y: y + h - 5, 'font-size': 14, 'font-weight': 700, fill: style.strong, 'text-anchor': 'end',
      'aria-hidden': 'true'}, big),
    symbol(colour, x + 11, y + h - 10, 6, style.strong),
    symbol(colour, x + w / 2, y + h / 2 - 6, 11, style.strong),
    el('text', {x: x + w / 2, y: y + h / 2 + 22, 'font-size': 16, 'font-weight': 800, fill: INK, 'text-anchor': 'middle',
      'aria-hidden': 'true'}, big),
  ];
}

function back(x, y, w, h) {
  return [
    el('rect', {x, y, width: w, height: h, rx: 5, fill: '#2f4f4a', stroke: '#16302b', 'stroke-width': 1.5}),
    el('circle', {cx: x + w / 2, cy: y + h / 2, r: Math.min(w, h) / 3.4, fill: 'none', stroke: '#c9b27a', 'stroke-width': 1.5}),
    el('path', {d: `M${x + w / 2} ${y + h / 2 - w / 4}L${x + w / 2} ${y + h / 2 + w / 4}` +
      `M${x + w / 4} ${y + h / 2}L${x + (3 * w) / 4} ${y + h / 2}`, stroke: '#c9b27a', 'stroke-width': 1.5}),
  ];
}

const focusRing = (node, ring) => keyboardFocus(node, (on) => ring.setAttribute('stroke', on ? FOCUS : ring.dataset.rest ?? 'none'));

function ringAround(x, y, w, h, rest = 'none', dash = null) {
  const ring = el('rect', {x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 9, fill: 'none', stroke: rest,
    'stroke-width': 3, 'stroke-dasharray': dash, 'pointer-events': 'none'});
  ring.dataset.rest = rest;
  return ring;
}

/** A move in words, as its mover (or Chance, for a deal) does it. A deal reads "deal" when the card
 *  went to a hand the viewer may not see, and "deal ?" in a redrawn state. */
export const picksOf = (move) => (/^(play|discard) /.test(move) ? [move.split(' ')[1]] : []); // the card

export function moveLabel(move) {
  const [verb, rest = ''] = move.split(' ');
  if (verb === 'play') return `plays ${cardWords(rest)}`;
  if (verb === 'discard') return `discards ${cardWords(rest)}`;
  if (move === 'draw deck') return 'draws from the deck';
  if (verb === 'draw') return `takes from the ${rest} pile`;
  if (verb === 'deal') return rest && rest !== '?' ? `deals ${cardWords(rest)}` : 'deals a card';
  return move;
}

export function hint(view, legalMoves = []) {
  if (view?.phase === 'play') return 'Pick a card, then play it on your expedition or discard it.';
  if (view?.phase === 'draw') {
    const barred = view.discarded ? ` (not the ${view.discarded} card you just discarded)` : '';
    return `Draw from the deck or take the top card of a discard pile${barred}.`;
  }
  return legalMoves.length ? 'Dealing…' : '';
}

function html(tag, text = '', css = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  Object.assign(node.style, css);
  return node;
}

function scoreTable(view, seatLabel) {
  const table = html('table', '', {width: '100%', borderCollapse: 'collapse', marginTop: '.6rem', fontSize: '.9rem',
    fontVariantNumeric: 'tabular-nums'});
  const cell = (tag, text, align = 'right') => html(tag, text, {padding: '.15rem .4rem', textAlign: align});
  const head = document.createElement('tr');
  head.append(cell('th', 'Player', 'left'));
  const finished = view.round_scores.length;
  for (let r = 0; r < finished; r++) head.append(cell('th', `Round ${r + 1}`));
  const live = !view.outcome;
  if (live) head.append(cell('th', `Round ${view.round} so far`));
  head.append(cell('th', 'Total'));
  const body = document.createElement('tbody');
  const winners = new Set(view.outcome?.winners ?? []);
  for (const seat of [0, 1]) {
    const row = document.createElement('tr');
    row.style.borderTop = '1px solid var(--line)';
    const name = cell('th', `${seatLabel(seat)}${winners.has(seat) ? ' ★' : ''}`, 'left');
    name.scope = 'row';
    row.append(name);
    for (let r = 0; r < finished; r++) row.append(cell('td', String(view.round_scores[r][seat])));
    if (live) row.append(cell('td', String(view.round_score[seat])));
    const total = view.totals[seat] + (live ? view.round_score[seat] : 0);
    row.append(cell('td', String(total)));
    if (winners.has(seat)) row.style.fontWeight = '700';
    body.append(row);
  }
  const caption = html('caption', live ? `Round ${view.round} of ${view.rounds}; the total counts this round as it stands.`
    : `${view.rounds === 1 ? 'One round' : `${view.rounds} rounds`} played.`,
  {captionSide: 'bottom', textAlign: 'left', fontSize: '.8rem', color: 'var(--muted)', paddingTop: '.25rem'});
  const thead = document.createElement('thead');
  thead.append(head);
  table.append(caption, thead, body);
  return table;
}

/** What happened lately, in words: everyone's decisions, and the cards the viewer drew from
 *  the deck (a deal right after a "draw deck"; the opening deal is left out). */
function lately(view, seatLabel) {
  const words = [];
  let recent = view.recent ?? [];
  const isDeal = (entry) => entry?.[1].startsWith('deal');
  const dealt = recent.findLastIndex((entry, i) => isDeal(entry) && isDeal(recent[i - 1]));
  if (dealt >= 0) recent = recent.slice(dealt + 1); // what came before a round's opening deal is old news
  recent.forEach(([seat, move], i) => {
    if (!move.startsWith('deal')) words.push(`${seatLabel(seat)}: ${moveLabel(move)}`);
    else if (move !== 'deal' && i > 0 && recent[i - 1][1] === 'draw deck') words[words.length - 1] += ` (${cardWords(move.slice(5))})`;
  });
  if (!words.length) return null;
  return html('p', `Lately: ${words.join(' · ')}.`, {margin: '.5rem 0 0', fontSize: '.9rem'});
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const colours = view?.colours ?? DEFAULT_COLOURS;
  const n = colours.length;
  const me = view?.seat ?? 0; // a spectator sees South at the bottom
  const other = 1 - me;
  const moves = interactive ? legalMoves : [];
  const moveSet = new Set(moves);
  const handMoves = moves.filter((move) => move.startsWith('play ') || move.startsWith('discard '));
  const key = moves.join(',');
  let pick = chosen.get(container);
  if (!pick || pick.key !== key) pick = {key, card: null};
  chosen.set(container, pick);
  const picked = pick.card;
  const playPicked = picked && moveSet.has(`play ${picked}`) ? `play ${picked}` : null;
  const discardPicked = picked && moveSet.has(`discard ${picked}`) ? `discard ${picked}` : null;

  const colX = (i) => LEFT + i * PITCH + (PITCH - CW) / 2;
  const deckX = LEFT + n * PITCH + 14;
  const width = deckX + CW + 18;
  const topHand = 8, topColumns = topHand + BH + 26;
  const topValues = topColumns + EXPEDITION + 4;
  const middle = topValues + 24;
  const bottomValues = middle + CH + 36;
  const bottomColumns = bottomValues + 22;
  const handLabel = bottomColumns + EXPEDITION + 12;
  const handTop = handLabel + 22;
  const height = handTop + HH + 14;

  // The card just played or discarded flies there from its player's hand (motion.js).
  const [lastSeat, lastMove] = view?.recent?.[view.recent.length - 1] ?? [null, ''];
  const flown = (placed, card) => (lastMove === `${placed} ${card}` ? {'data-came-from': `hand${lastSeat}`} : {});

  const svg = el('svg', {viewBox: `0 0 ${width} ${height}`, class: 'lostcities-board', role: 'group',
    'aria-label': `Lost Cities table: ${seatLabel(me)}'s expeditions at the bottom, ${seatLabel(other)}'s at the top, ` +
      'the discard piles and the deck between them'});
  svg.append(el('rect', {x: 0, y: 0, width, height, rx: 14, fill: FELT, 'aria-hidden': 'true'}));

  // -- a hidden hand: card backs, and face up the cards it was seen to take from a pile ---------
  const hiddenHand = (seat, y) => {
    const known = view?.known?.[seat] ?? [];
    const size = view?.hand_sizes?.[seat] ?? 0;
    const g = el('g', {role: 'img', 'aria-label': `${seatLabel(seat)}'s hand: ${size} card${size === 1 ? '' : 's'}` +
      (known.length ? `, known to include ${known.map(cardWords).join(', ')}` : ''), 'data-spot': `hand${seat}`});
    g.append(el('text', {x: LEFT, y: y + BH / 2 + 6, 'font-size': 15, 'font-weight': 700, fill: INK, 'aria-hidden': 'true'},
      `${seatLabel(seat)}${view?.turn === seat && !view?.outcome ? ' ▸' : ''}`));
    for (let i = 0; i < size; i++) {
      const x = LEFT + 96 + i * (BW + 6);
      g.append(...(i < known.length ? face(known[i], x, y, BW, BH) : back(x, y, BW, BH)));
    }
    svg.append(g);
  };
  hiddenHand(other, topHand);
  if (view && !view.hand) hiddenHand(me, handTop); // a spectator sees no hand at all

  // -- expeditions: the other side grows upwards from the middle, the viewer's downwards ------
  const expeditionsOf = (seat) => view?.expeditions?.[seat] ?? colours.map(() => []);
  const scoresOf = (seat) => view?.expedition_scores?.[seat] ?? colours.map(() => 0);
  const column = (seat, i, upwards, areaTop, valueY) => {
    const cards = expeditionsOf(seat)[i];
    const colour = colours[i];
    const x = colX(i);
    const step = cards.length > 1 ? Math.min(24, (EXPEDITION - CH - 6) / (cards.length - 1)) : 0;
    const g = el('g', {role: 'img', 'aria-label': `${seatLabel(seat)}'s ${colour} expedition: ` +
      (cards.length ? `${cards.map((card) => rankText(card)).join(', ')}, worth ${scoresOf(seat)[i]}` : 'not started')});
    g.append(el('rect', {x: x - 2, y: areaTop, width: CW + 4, height: EXPEDITION, rx: 8, fill: STYLE[colour].pale,
      'fill-opacity': 0.35, stroke: STYLE[colour].strong, 'stroke-opacity': 0.25}));
    cards.forEach((card, k) => {
      const y = upwards ? areaTop + EXPEDITION - CH - 3 - k * step : areaTop + 3 + k * step;
      g.append(el('g', k === cards.length - 1 && lastSeat === seat ? flown('play', card) : {}, ...face(card, x, y, CW, CH)));
    });
    svg.append(g);
    const score = scoresOf(seat)[i];
    svg.append(el('text', {x: x + CW / 2, y: valueY, 'font-size': 15, 'font-weight': 700, 'text-anchor': 'middle',
      fill: cards.length ? (score < 0 ? '#a8321f' : '#1e6b3a') : MUTED, 'aria-hidden': 'true'},
    cards.length ? (score > 0 ? `+${score}` : String(score)) : '·'));
    if (seat === me && playPicked && colourOf(picked) === colour) {
      // Where the picked card would go: its place in the column, the whole column clickable.
      const k = cards.length;
      const y = areaTop + 3 + (k ? Math.min(k * 24, EXPEDITION - CH - 6) : 0);
      const ring = ringAround(x, y, CW, CH, GOLD, '6 4');
      const target = el('g', actionable(`Play ${cardWords(picked)} on your ${colour} expedition`, {'data-move': playPicked}),
        el('rect', {x: x - 2, y: areaTop, width: CW + 4, height: EXPEDITION, rx: 8, fill: '#fff6d8', 'fill-opacity': 0.5}),
        ...face(picked, x, y, CW, CH, {'fill-opacity': 0.55, 'stroke-dasharray': '5 4'}), ring);
      focusRing(target, ring);
      svg.append(target);
    }
  };
  colours.forEach((_, i) => column(other, i, true, topColumns, topValues + 14));
  colours.forEach((_, i) => column(me, i, false, bottomColumns, bottomValues));
  svg.append(el('text', {x: width - 10, y: topValues + 14, 'font-size': 13, fill: MUTED, 'text-anchor': 'end', 'aria-hidden': 'true'},
    view ? `Σ ${view.round_score[other]}` : ''));
  svg.append(el('text', {x: width - 10, y: bottomValues, 'font-size': 13, fill: MUTED, 'text-anchor': 'end', 'aria-hidden': 'true'},
    view ? `Σ ${view.round_score[me]}` : ''));

  // -- the discard piles and the deck ----------------------------------------------------------
  colours.forEach((colour, i) => {
    const pile = view?.discards?.[i] ?? [];
    const x = colX(i), y = middle;
    const top = pile[pile.length - 1];
    const drawMove = moveSet.has(`draw ${colour}`) ? `draw ${colour}` : null;
    const move = drawMove ?? (discardPicked && colourOf(picked) === colour ? discardPicked : null);
    const label = `${colour} discard pile: ${pile.length ? `${pile.length} card${pile.length === 1 ? '' : 's'}, ${cardWords(top)} on top` : 'empty'}` +
      (view?.discarded === colour ? ' (just discarded to: it cannot be taken back this turn)' : '');
    const g = el('g', move
      ? actionable(drawMove ? `Take ${cardWords(top)} from the ${label}` : `Discard ${cardWords(picked)} onto the ${label}`,
        {'data-move': move})
      : {role: 'img', 'aria-label': label});
    if (top) g.append(el('g', flown('discard', top), ...face(top, x, y, CW, CH)));
    else {
      g.append(el('rect', {x, y, width: CW, height: CH, rx: 6, fill: 'none', stroke: STYLE[colour].strong, 'stroke-width': 2,
        'stroke-dasharray': '4 4'}));
      g.append(symbol(colour, x + CW / 2, y + CH / 2, 12, STYLE[colour].strong));
    }
    if (move && !drawMove) g.append(...face(picked, x + 8, y + 10, CW - 8, CH - 10, {'stroke-dasharray': '5 4'}));
    g.append(el('text', {x: x + CW / 2, y: y + CH + 15, 'font-size': 12, 'text-anchor': 'middle', fill: MUTED, 'aria-hidden': 'true'},
      pile.length > 1 ? `${pile.length} cards` : view?.discarded === colour ? 'just discarded' : ''));
    if (move) {
      const ring = ringAround(x, y, CW, CH, GOLD, drawMove ? null : '6 4');
      g.append(ring);
      focusRing(g, ring);
    }
    svg.append(g);
  });
  const deckMove = moveSet.has('draw deck') ? 'draw deck' : null;
  const deckCount = view?.deck ?? 0;
  const deck = el('g', deckMove ? actionable(`Draw from the deck: ${deckCount} cards left`, {'data-move': deckMove})
    : {role: 'img', 'aria-label': `The deck: ${deckCount} cards left`});
  if (deckCount) deck.append(...back(deckX, middle, CW, CH));
  else deck.append(el('rect', {x: deckX, y: middle, width: CW, height: CH, rx: 6, fill: 'none', stroke: MUTED, 'stroke-dasharray': '4 4'}));
  deck.append(el('text', {x: deckX + CW / 2, y: middle + CH + 15, 'font-size': 13, 'font-weight': 700, 'text-anchor': 'middle',
    fill: INK, 'aria-hidden': 'true'}, `${deckCount} left`));
  if (deckMove) {
    const ring = ringAround(deckX, middle, CW, CH, GOLD);
    deck.append(ring);
    focusRing(deck, ring);
  }
  svg.append(deck);

  // -- the viewer's hand, sorted by colour and number; playable cards ringed in gold ------------
  if (view?.hand) {
    const hand = view.hand;
    svg.append(el('rect', {x: LEFT, y: handTop, width: width - 2 * LEFT, height: HH, fill: 'none', 'data-spot': `hand${me}`,
      'aria-hidden': 'true'}));
    svg.append(el('text', {x: LEFT, y: handLabel + 8, 'font-size': 15, 'font-weight': 700, fill: INK, 'aria-hidden': 'true'},
      `${seatLabel(me)}'s hand${view.turn === me && !view.outcome ? ' ▸' : ''}`));
    const step = hand.length > 1 ? Math.min(HW + 8, (width - 2 * LEFT - HW) / (hand.length - 1)) : 0;
    const seen = [...(view.known?.[me] ?? [])];
    hand.forEach((card, i) => {
      const x = LEFT + i * step;
      const isPicked = card === picked && hand.indexOf(card) === i;
      const y = handTop + (isPicked ? -10 : 0);
      const playable = moveSet.has(`play ${card}`);
      const usable = handMoves.some((move) => move.endsWith(` ${card}`));
      const seenIndex = seen.indexOf(card);
      const isSeen = seenIndex >= 0;
      if (isSeen) seen.splice(seenIndex, 1);
      const words = `${cardWords(card)}${isSeen ? ' (your opponent saw you take it)' : ''}`;
      const g = el('g', usable
        ? actionable(`${words}: ${isPicked ? 'picked; pick it again to put it back' : `pick it to ${playable ? 'play or ' : ''}discard`}`,
          {'data-from': card, 'data-card': card, 'aria-pressed': String(isPicked)})
        : {role: 'img', 'aria-label': words, 'data-card': card});
      g.append(...face(card, x, y, HW, HH));
      if (isSeen) {
        g.append(el('text', {x: x + HW / 2, y: handTop + HH + 12, 'font-size': 11, 'text-anchor': 'middle', fill: MUTED,
          'aria-hidden': 'true'}, 'seen'));
      }
      if (usable) {
        const ring = ringAround(x, y, HW, HH, isPicked ? FOCUS : playable ? GOLD : 'none', isPicked ? null : '5 4');
        g.append(ring);
        focusRing(g, ring);
      }
      svg.append(g);
    });
  }

  // -- below the table: buttons for the picked card, the scores, what happened lately ----------
  const parts = [svg];
  if (picked && (playPicked || discardPicked)) {
    const row = html('div', '', {display: 'flex', gap: '.6rem', justifyContent: 'center', flexWrap: 'wrap'});
    for (const [move, text] of [[playPicked, `Play ${cardWords(picked)}`], [discardPicked, `Discard ${cardWords(picked)}`]]) {
      if (!move) continue;
      const button = Object.assign(document.createElement('button'), {type: 'button', className: 'move-button',
        textContent: text});
      button.style.margin = '.6rem 0 0';
      button.dataset.move = move;
      row.append(button);
    }
    parts.push(row);
  }
  if (view) {
    if (view.last_round) {
      const [a, b] = view.last_round.scores;
      const why = view.round_ends[view.round_ends.length - 1] ?? '';
      parts.push(html('p', `Round ${view.round - 1} ended (${why}): ${seatLabel(0)} ${a}, ${seatLabel(1)} ${b}. ` +
        `${seatLabel(view.starter)} starts round ${view.round}.`, {margin: '.5rem 0 0', fontSize: '.9rem'}));
    }
    const recent = lately(view, seatLabel);
    if (recent) parts.push(recent);
    parts.push(scoreTable(view, seatLabel));
  }
  container.replaceChildren(...parts);

  listenWithPick(container, {
    onMove,
    pick: (card) => { pick.card = toggled(pick.card, card); },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: (card) => container.querySelector('[data-move^="play "]') ?? container.querySelector('[data-move^="discard "]')
      ?? container.querySelector(`[data-from="${card}"]`),
  });
}
