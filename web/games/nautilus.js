// Nautilus: the boat lies across the table with its five domain cards in a row; each slot has a
// diver space on each side. The viewer's side is at the bottom (Blue's for a spectator), the
// other player's at the top. Spaces are "B1"-"B5" (Blue's side) and "R1"-"R5" (Red's side).
// Moves: "7 R3" / "kraken B1" (pick a card in your hand, then an empty space), "anchor" /
// "anchor R2" (the Anchor button, then the next card or a card on the boat), "B2-R2" (an arrow:
// pick the card to move, then where), "keep special-eye", "keep diver-7", "swap diver-3",
// "return" (the cards or buttons offered). Below the boat: each player's won domain cards with
// their points per domain. No rules here: this draws only `view` (which holds the viewer's
// hand and nobody else's) and offers exactly the legal moves given.
import {el, actionable, keyboardFocus, listenWithPick, toggled} from './svg.js';

export const seats = [{name: 'Blue', colour: '#2f6db0'}, {name: 'Red', colour: '#c0392b'}];

const DOMAINS = ['science', 'exploration', 'navigation', 'engineering', 'war'];
const DOMAIN_STYLE = {
  science: {title: 'Science', colour: '#6a2c91'},
  exploration: {title: 'Exploration', colour: '#1e7a45'},
  navigation: {title: 'Navigation', colour: '#1f5fbf'},
  engineering: {title: 'Engineering', colour: '#a0620a'},
  war: {title: 'War', colour: '#a93226'},
};
const SPECIALS = {
  'special-kraken': 'Kraken', 'special-fishbone': 'Fishbone', 'special-anchor': 'Anchor',
  'special-eye': 'Eye', 'special-diving-module': 'Diving Module', 'special-harpoon': 'Harpoon',
};
const SPECIAL_NOTES = {
  'special-kraken': 'a Diver of 15', 'special-fishbone': 'a Diver of 0', 'special-anchor': 'pins a card',
  'special-eye': 'see their hand', 'special-diving-module': 'draw 2, keep 1', 'special-harpoon': 'take a Diver',
};
const INK = '#2a2520', MUTED = '#6d645a', GOLD = '#e0a800', FOCUS = '#1a5fd0', PAPER = '#fdf8ec';
const HULL = '#35566e', HULL_EDGE = '#1d3444', WELL = '#27465c';
const WIDTH = 400, SLOT = 70, LEFT = 14, SW = 62, SH = 88; // board slots and spaces
const HW = 50, HH = 72; // a hand card
const picks = new WeakMap(); // container -> {key, card, from, anchor}: choices in progress

const fixed = (value) => Number(value.toFixed(1));
const slotX = (slot) => LEFT + slot * SLOT; // left edge of slot 0-4
const sideOf = (space) => (space[0] === 'B' ? 0 : 1);
const slotOf = (space) => Number(space[1]) - 1;
const valueOf = (card) => (card === 'special-kraken' ? 15 : card === 'special-fishbone' ? 0 : Number(card.slice(6)));
const moveToken = (card) => (card === 'special-kraken' ? 'kraken' : card === 'special-fishbone' ? 'fishbone' : card.slice(6));
const isPlacement = (move) => /^(\d+|kraken|fishbone) [BR][1-5]$/.test(move);
const isArrow = (move) => /^[BR][1-5]-[BR][1-5]$/.test(move);

export function picksOf(move) {
  if (isPlacement(move)) return [`card:${move.split(' ')[0]}`];
  if (isArrow(move)) return [move.slice(0, 2)];
  return move.startsWith('anchor') ? ['anchor-on'] : [];
}

function cardWords(card) {
  if (!card) return 'a card';
  if (card.startsWith('diver-')) return `diver ${card.slice(6)}`;
  if (SPECIALS[card]) return `the ${SPECIALS[card]}`;
  const [, domain, kind] = card.split('-');
  const worth = kind === '2' ? 'two stars' : kind === '1' ? 'one star' : 'ink blot';
  return `${DOMAIN_STYLE[domain]?.title ?? domain} (${worth})`;
}

/** The card a placement's first word names ("7", "kraken", "fishbone"): moveToken's inverse. */
const placedCard = (token) => (token === 'kraken' || token === 'fishbone' ? `special-${token}` : `diver-${token}`);

/** A move in words, as its mover (or Chance, for a deal or the Harpoon's draw) does it. A card the
 *  viewer may not know is left out: "deal diver", "deal special", "deal domain", "keep special",
 *  "keep diver", "harpoon diver", "swap diver". */
export function moveLabel(move) {
  const space = move.indexOf(' ');
  const head = space < 0 ? move : move.slice(0, space);
  const rest = space < 0 ? '' : move.slice(space + 1);
  const named = rest.includes('-'); // a card id, not a masked kind
  if (head === 'deal') {
    if (rest.startsWith('domain')) return `lays out ${named ? cardWords(rest) : 'a domain card'}`;
    return `deals ${named ? cardWords(rest) : rest === 'special' ? 'a special' : 'a Diver'}`;
  }
  if (head === 'harpoon') return `the Harpoon draws ${named ? cardWords(rest) : 'a Diver'}`;
  if (head === 'keep') return `keeps ${named ? cardWords(rest) : rest === 'special' ? 'a special' : 'one Diver'}`;
  if (head === 'swap') return `keeps it, gives ${named ? cardWords(rest) : 'a Diver'}`;
  if (move === 'return') return 'hands it back';
  if (move === 'anchor') return 'anchors the next card';
  if (head === 'anchor') return `anchors the card on ${rest}`;
  if (isArrow(move)) return `arrow moves ${move.replace('-', ' → ')}`;
  if (isPlacement(move)) return `places ${cardWords(placedCard(head))} on ${rest}`;
  return move;
}

export function hint(view, legalMoves) {
  switch (view?.phase) {
    case 'keep': return 'Keep one special; the other goes to your opponent.';
    case 'module_keep': return 'Diving Module: keep one of the two Divers; the other goes back on the pile.';
    case 'harpoon_swap': return 'Harpoon: tap one of your Divers to swap it for this one, or hand it back.';
    case 'arrow': return 'Your arrow card must move a card: tap the card, then where it goes.';
    case 'place':
      return legalMoves.includes('anchor')
        ? 'Tap a card in your hand, then a space on either side. You may use the Anchor first.'
        : 'Tap a card in your hand, then an empty space on either side.';
    default: return '';
  }
}

const focusRing = (node, ring) => keyboardFocus(node, (on) => ring.setAttribute('stroke', on ? FOCUS : 'none'));

/** An actionable group: `shape` children, a focus ring of the given box, data attributes. */
function button(label, data, box, ...children) {
  const ring = el('rect', {x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6, rx: 8,
    fill: 'none', stroke: 'none', 'stroke-width': 3});
  const group = el('g', actionable(label, data), ...children, ring);
  focusRing(group, ring);
  return group;
}

/** A small anchor drawn with strokes. */
function anchorMark(x, y, colour = INK) {
  return el('g', {fill: 'none', stroke: colour, 'stroke-width': 2, 'stroke-linecap': 'round', 'aria-hidden': 'true'},
    el('circle', {cx: x, cy: y - 7, r: 2.5}),
    el('path', {d: `M${x} ${y - 4.5}V${y + 7}M${x - 4} ${y - 1}H${x + 4}M${x - 7} ${y + 2}Q${x - 6} ${y + 8} ${x} ${y + 7}Q${x + 6} ${y + 8} ${x + 7} ${y + 2}`}));
}

/** A face-up card that stands in a diver space or a hand: its value, arrow or crab, or special name. */
function face(card, x, y, w, h, {anchored = false, edge = '#8c7350', edgeWidth = 1.5} = {}) {
  const parts = [el('rect', {x, y, width: w, height: h, rx: 7, fill: PAPER, stroke: edge, 'stroke-width': edgeWidth})];
  const cx = x + w / 2;
  if (card.startsWith('diver-') || card === 'special-kraken' || card === 'special-fishbone') {
    const value = valueOf(card);
    const big = h >= 80 ? 32 : h >= 60 ? 26 : Math.round(h * 0.5);
    const small = h < 50;
    const colour = card === 'special-kraken' ? '#5b2a86' : card === 'special-fishbone' ? '#5d6d7e' : '#1d3444';
    parts.push(el('text', {x: cx, y: y + h / 2 + big * 0.35, 'text-anchor': 'middle', 'font-size': big, 'font-weight': 700,
      fill: colour}, String(value)));
    let mark = '';
    if (value === 6 || value === 9) mark = '↕';
    if (value === 7 || value === 8) mark = '↔';
    if (mark && !small) {
      parts.push(el('text', {x: cx, y: y + 17, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 700, fill: '#b35c00'}, mark));
    }
    const note = value === 1 ? 'crab' : card === 'special-kraken' ? 'Kraken' : card === 'special-fishbone' ? 'Fishbone' : '';
    if (note && !small) {
      parts.push(el('text', {x: cx, y: y + h - 7, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 600,
        fill: value === 1 ? '#b3261e' : colour}, note));
    }
  } else {
    const name = SPECIALS[card] ?? card;
    const words = name.split(' ');
    words.forEach((word, i) => parts.push(el('text', {x: cx, y: y + h / 2 - (words.length - 1) * 7 + i * 15,
      'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: '#5b2a86'}, word)));
    parts.push(el('text', {x: cx, y: y + h - 7, 'text-anchor': 'middle', 'font-size': 9, fill: MUTED},
      SPECIAL_NOTES[card] ?? ''));
  }
  if (anchored) parts.push(anchorMark(x + w - 10, y + h - 14, '#b3261e'));
  return parts;
}

function back(x, y, w, h) {
  return [el('rect', {x, y, width: w, height: h, rx: 4, fill: '#3d5a73', stroke: '#1d3444', 'stroke-width': 1}),
    el('path', {d: `M${x + 4} ${y + h / 2}q${(w - 8) / 4} -6 ${(w - 8) / 2} 0t${(w - 8) / 2} 0`, fill: 'none', stroke: '#9cc3d9', 'stroke-width': 1.5})];
}

/** A domain card lying in a slot. */
function domainCard(card, x, y, w, h) {
  if (!card) return [el('rect', {x, y, width: w, height: h, rx: 6, fill: WELL, stroke: '#8fb3cc', 'stroke-dasharray': '4 4'})];
  const [, domain, kind] = card.split('-');
  const style = DOMAIN_STYLE[domain] ?? {title: domain, colour: '#555'};
  const parts = [el('rect', {x, y, width: w, height: h, rx: 6, fill: style.colour, stroke: '#fff', 'stroke-width': 1.5}),
    el('text', {x: x + w / 2, y: y + 16, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff',
      textLength: style.title.length > 8 ? w - 8 : null, lengthAdjust: 'spacingAndGlyphs'}, style.title)];
  if (kind === 'ink') {
    parts.push(el('path', {d: `M${x + w / 2 - 12} ${y + 38}c-4 -12 10 -16 14 -9c6 -8 16 0 10 8c8 4 0 14 -8 10c-4 8 -16 4 -13 -3c-8 0 -9 -8 -3 -6z`,
      fill: '#111', stroke: '#fff', 'stroke-width': 0.8}));
    parts.push(el('text', {x: x + w / 2 + 1, y: y + h - 6, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff'}, '−1'));
  } else {
    parts.push(el('text', {x: x + w / 2, y: y + 45, 'text-anchor': 'middle', 'font-size': 22, fill: '#ffd54a'}, kind === '2' ? '★★' : '★'));
  }
  return parts;
}

function text(x, y, content, attrs = {}) {
  return el('text', {x, y, 'font-size': 14, fill: INK, ...attrs}, content);
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  if (!view) {
    container.replaceChildren(el('svg', {viewBox: `0 0 ${WIDTH} 560`, role: 'img', 'aria-label': 'Nautilus table'},
      el('rect', {x: 6, y: 60, width: WIDTH - 12, height: 276, rx: 60, fill: HULL})));
    return;
  }
  const me = view.seat ?? 0, them = 1 - me;
  const moves = interactive ? legalMoves : [];
  const key = `${view.ply}|${moves.join(',')}`;
  let pick = picks.get(container);
  if (!pick || pick.key !== key) pick = {key, card: null, from: null, anchor: false};
  picks.set(container, pick);

  const placements = moves.filter(isPlacement);
  const offeredCards = [...new Set(placements.map((move) => move.split(' ')[0]))];
  if (offeredCards.length === 1) pick.card ??= offeredCards[0];
  const arrows = moves.filter(isArrow);
  const origins = [...new Set(arrows.map((move) => move.split('-')[0]))];
  if (origins.length === 1) pick.from = origins[0];
  const anchorMoves = moves.filter((move) => move.startsWith('anchor'));
  if (!anchorMoves.length) pick.anchor = false;
  const targets = new Map(); // space -> move, for the choice in progress
  if (pick.anchor) {
    for (const move of anchorMoves) if (move !== 'anchor') targets.set(move.slice(7), move);
  } else if (pick.from) {
    for (const move of arrows) if (move.startsWith(`${pick.from}-`)) targets.set(move.split('-')[1], move);
  } else if (pick.card) {
    for (const move of placements) if (move.startsWith(`${pick.card} `)) targets.set(move.split(' ')[1], move);
  }
  const name = (seat) => seatLabel(seat);
  const last = [...(view.log ?? [])].reverse().find((item) => item.move && (isPlacement(item.move) || isArrow(item.move)));
  const lastSpace = last ? (isArrow(last.move) ? last.move.split('-')[1] : last.move.split(' ')[1]) : null;
  // The card the latest move put there comes from its hand, or from the space an arrow moved it from (motion.js).
  const cameFrom = last?.ply === view.ply ? (isArrow(last.move) ? last.move.split('-')[0] : `hand${last.seat}`) : null;

  const svg = el('svg', {viewBox: `0 0 ${WIDTH} 600`, class: 'nautilus-board', role: 'group',
    'aria-label': `Nautilus, round ${view.round} of ${view.rounds}: ${name(me)}'s side at the bottom, ${name(them)}'s at the top`});

  // The other player: hand backs (or the cards known), their special.
  const top = el('g');
  top.append(text(8, 20, `${name(them)}${view.first_player === them ? ' · Nemo' : ''}`, {'font-weight': 700, fill: seats[them].colour}));
  const known = view.known_cards?.[them] ?? [];
  const hiddenCount = Math.max(0, (view.hand_sizes?.[them] ?? 0) - known.length);
  let x = 8;
  for (const card of known) {
    top.append(...face(card, x, 28, 24, 32, {edge: GOLD}));
    x += 27;
  }
  for (let i = 0; i < hiddenCount; i++, x += 27) top.append(...back(x, 28, 24, 32));
  top.append(el('rect', {x: 8, y: 28, width: Math.max(24, x - 11), height: 32, fill: 'none', 'data-spot': `hand${them}`}));
  const theirSpecial = view.specials?.[them];
  top.append(text(WIDTH - 8, 20, theirSpecial ? `special: ${theirSpecial === 'hidden' ? 'hidden' : SPECIALS[theirSpecial]}` : 'no special',
    {'text-anchor': 'end', 'font-size': 12, fill: MUTED}));
  top.append(text(WIDTH - 8, 38, `hand ${view.hand_sizes?.[them] ?? 0}`, {'text-anchor': 'end', 'font-size': 12, fill: MUTED}));
  top.setAttribute('aria-label', `${name(them)}: ${view.hand_sizes?.[them] ?? 0} Divers in hand${known.length ? `, known: ${known.map(cardWords).join(', ')}` : ''}`);
  top.setAttribute('role', 'img');
  svg.append(top);

  // The boat.
  const boatTop = 68;
  svg.append(el('path', {d: `M${LEFT - 8} ${boatTop}H${WIDTH - 36}Q${WIDTH + 2} ${boatTop + 138} ${WIDTH - 36} ${boatTop + 276}H${LEFT - 8}Q${LEFT - 14} ${boatTop + 138} ${LEFT - 8} ${boatTop}Z`,
    fill: HULL, stroke: HULL_EDGE, 'stroke-width': 3, 'aria-hidden': 'true'}));
  const rowY = {[them]: boatTop + 8, domain: boatTop + 104, [me]: boatTop + 180};
  const anchoredSpace = view.board.findIndex((cell) => cell?.anchored);
  for (let slot = 0; slot < 5; slot++) {
    const sx = slotX(slot);
    const domain = view.domains?.[slot];
    svg.append(el('g', {role: 'img', 'aria-label': `Slot ${slot + 1}: ${domain ? cardWords(domain) : 'no domain card yet'}`},
      ...domainCard(domain, sx, rowY.domain, SW, 68)));
    for (const side of [them, me]) {
      const index = side * 5 + slot;
      const space = view.spaces[index];
      const cell = view.board[index];
      const y = rowY[side];
      const where = `${space}, ${name(side)}'s side of slot ${slot + 1}`;
      const move = targets.get(space);
      const isOrigin = origins.includes(space) && !pick.anchor;
      const picked = pick.from === space;
      const parts = [];
      parts.push(el('rect', {x: sx, y, width: SW, height: SH, fill: 'none', 'data-spot': space}));
      if (cell) {
        parts.push(el('g', {'data-came-from': space === lastSpace ? cameFrom : null},
          ...face(cell.card, sx, y, SW, SH, {anchored: cell.anchored, edge: picked ? FOCUS : space === lastSpace ? GOLD : '#8c7350',
            edgeWidth: picked || space === lastSpace ? 3.5 : 1.5})));
      } else {
        parts.push(el('rect', {x: sx, y, width: SW, height: SH, rx: 7, fill: WELL, stroke: move ? GOLD : '#8fb3cc',
          'stroke-width': move ? 3.5 : 1, 'stroke-dasharray': move ? null : '4 4'}));
        parts.push(text(sx + SW / 2, y + SH / 2 + 5, space, {'text-anchor': 'middle', fill: move ? '#ffe08a' : '#8fb3cc', 'font-size': 15}));
      }
      const box = {x: sx, y, width: SW, height: SH};
      if (move) {
        if (cell) parts.push(el('rect', {...box, rx: 7, fill: GOLD, 'fill-opacity': 0.25, stroke: GOLD, 'stroke-width': 3.5}));
        const label = move.startsWith('anchor') ? `Put the Anchor on the card on ${where}`
          : pick.from ? `Move the card on ${pick.from} to ${where}` : `Place ${cardWords(placedCard(move.split(' ')[0]))} on ${where}`;
        svg.append(button(label, {'data-move': move}, box, ...parts));
      } else if (isOrigin) {
        parts.push(el('rect', {...box, rx: 7, fill: 'none', stroke: picked ? FOCUS : GOLD, 'stroke-width': 3, 'stroke-dasharray': picked ? null : '6 4'}));
        svg.append(button(`Move the card on ${where}: ${cardWords(cell?.card)}`, {'data-from': space, 'aria-pressed': String(picked)}, box, ...parts));
      } else {
        svg.append(el('g', {role: 'img', 'aria-label': `${where}: ${cell ? cardWords(cell.card) + (cell.anchored ? ', anchored' : '') : 'empty'}`}, ...parts));
      }
    }
  }
  if (anchoredSpace < 0 && view.anchor_pending) {
    svg.append(el('g', {'aria-hidden': 'true'}, anchorMark(WIDTH - 30, boatTop + 250, '#ffe08a')));
  }

  // The viewer's hand, and the decisions that are not on the boat.
  const handTop = boatTop + 292;
  const mine = view.hands?.[me];
  const hand = el('g');
  hand.append(text(8, handTop + 4, `${name(me)}${view.first_player === me ? ' · Nemo' : ''}`,
    {'font-weight': 700, fill: seats[me].colour}));
  const ownSpecial = view.specials?.[me];
  hand.append(text(WIDTH - 8, handTop + 4, ownSpecial && ownSpecial !== 'hidden' ? `special: ${SPECIALS[ownSpecial]}` : ownSpecial ? 'special: hidden' : 'no special',
    {'text-anchor': 'end', 'font-size': 12, fill: MUTED}));
  svg.append(hand);
  const cards = mine ? [...mine] : Array((view.hand_sizes?.[me] ?? 0)).fill(null);
  if (ownSpecial === 'special-kraken' || ownSpecial === 'special-fishbone') cards.push(ownSpecial);
  const swaps = new Map(moves.filter((move) => move.startsWith('swap ')).map((move) => [move.slice(5), move]));
  const gap = Math.min(HW + 6, (WIDTH - 16 - HW) / Math.max(1, cards.length - 1));
  const handLeft = (WIDTH - (HW + gap * Math.max(0, cards.length - 1))) / 2;
  svg.append(el('rect', {x: handLeft, y: handTop + 14, width: HW + gap * Math.max(0, cards.length - 1), height: HH,
    fill: 'none', 'aria-hidden': 'true', 'data-spot': `hand${me}`}));
  cards.forEach((card, i) => {
    const cx = handLeft + i * gap;
    if (!card) {
      svg.append(el('g', {'aria-hidden': 'true'}, ...back(cx, handTop + 14, HW, HH)));
      return;
    }
    const token = moveToken(card);
    const picked = pick.card === token && !pick.anchor;
    const y = handTop + 14 - (picked ? 8 : 0);
    const box = {x: cx, y, width: HW, height: HH};
    const parts = face(card, cx, y, HW, HH, {edge: picked ? FOCUS : '#8c7350', edgeWidth: picked ? 3.5 : 1.5});
    if (swaps.has(card)) {
      svg.append(button(`Give ${cardWords(card)} for the harpooned Diver`, {'data-move': swaps.get(card)}, box,
        ...parts, el('rect', {...box, rx: 7, fill: 'none', stroke: GOLD, 'stroke-width': 3})));
    } else if (offeredCards.includes(token) && !pick.anchor) {
      svg.append(button(`${picked ? 'Picked' : 'Pick'} ${cardWords(card)} to place`, {'data-from': `card:${token}`, 'aria-pressed': String(picked)}, box,
        ...parts, picked ? null : el('rect', {...box, rx: 7, fill: 'none', stroke: GOLD, 'stroke-width': 2})));
    } else {
      svg.append(el('g', {role: 'img', 'aria-label': `In hand: ${cardWords(card)}`}, ...parts));
    }
  });

  // Choices: specials to keep, Diving Module draws, the harpooned card, the Anchor.
  let y = handTop + 100;
  const choices = [];
  const chooseRow = (title, options) => {
    svg.append(text(8, y + 14, title, {'font-size': 13, fill: MUTED}));
    options.forEach(([card, move, label], i) => {
      const bx = 8 + i * 86, by = y + 24;
      const box = {x: bx, y: by, width: 76, height: SH};
      const parts = face(card, bx, by, 76, SH, {edge: move ? GOLD : '#8c7350', edgeWidth: move ? 3 : 1.5});
      svg.append(move ? button(label, {'data-move': move}, box, ...parts) : el('g', {role: 'img', 'aria-label': label}, ...parts));
    });
    y += 24 + SH + 12;
  };
  if (view.drawn_specials?.length) {
    chooseRow(`Specials drawn: keep one, ${name(them)} gets the other`, view.drawn_specials.map((card) => {
      const move = moves.includes(`keep ${card}`) ? `keep ${card}` : null;
      return [card, move, `Keep ${cardWords(card)}`];
    }));
  } else if (view.module_cards?.length) {
    chooseRow('Diving Module: keep one, the other goes back', view.module_cards.map((card) => {
      const move = moves.includes(`keep ${card}`) ? `keep ${card}` : null;
      return [card, move, `Keep ${cardWords(card)}`];
    }));
  } else if (view.harpooned) {
    chooseRow(`Harpooned from ${name(view.to_move === me ? them : me)}`, [[view.harpooned, null, `Harpooned: ${cardWords(view.harpooned)}`]]);
    if (moves.includes('return')) choices.push(['Hand it back', 'return', {}]);
  }
  if (anchorMoves.length) {
    if (pick.anchor) {
      if (moves.includes('anchor')) choices.push(['Anchor the card I place next', 'anchor', {}]);
      choices.push(['Cancel', null, {'data-from': 'anchor-off'}]);
    } else {
      choices.push(['Use the Anchor', null, {'data-from': 'anchor-on'}]);
    }
  }
  let bx = 8;
  for (const [label, move, data] of choices) {
    const width = 16 + label.length * 7.4;
    const box = {x: bx, y, width, height: 38};
    svg.append(button(label, move ? {'data-move': move} : data, box,
      el('rect', {...box, rx: 8, fill: '#fff6d8', stroke: GOLD, 'stroke-width': 2}),
      text(bx + width / 2, y + 24, label, {'text-anchor': 'middle', 'font-weight': 600})));
    bx += width + 10;
  }
  if (choices.length) y += 48;

  // Status: the last thing that happened, the round, the decks.
  // Before the first placement of a round, the previous round's result; else the latest event.
  const log = [...(view.log ?? [])].reverse();
  const emptyBoat = view.board.every((cell) => !cell);
  const lastText = ((emptyBoat && log.find((item) => item.event === 'award')) || log.find((item) => item.seat !== -1 || item.event))?.text;
  if (lastText) {
    // Long lines wrap once at a word; the full text stays in the move log.
    const words = lastText.split(' ');
    let line = '';
    const lines = [];
    for (const word of words) {
      if ((line + ' ' + word).trim().length > 60 && line) { lines.push(line); line = word; } else line = (line + ' ' + word).trim();
    }
    lines.push(line);
    for (const [i, part] of lines.slice(0, 3).entries()) {
      svg.append(text(8, y + 14 + i * 15, i === 2 && lines.length > 3 ? `${part}…` : part, {'font-size': 12, fill: MUTED}));
    }
    y += 5 + 15 * Math.min(3, lines.length);
  }
  const status = `Round ${view.round}/${view.rounds} · pile ${view.pile_size} · specials ${view.special_deck_size} · domain deck ${view.domain_deck_size}`;
  svg.append(text(8, y + 14, status, {'font-size': 12, fill: MUTED}));
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${y + 22}`);

  container.replaceChildren(svg, wonTable(view, me, them, name));
  listenWithPick(container, {
    onMove,
    pick: (from) => {
      if (from === 'anchor-on' || from === 'anchor-off') {
        pick.anchor = from === 'anchor-on';
        pick.card = null;
      } else if (from.startsWith('card:')) {
        pick.card = toggled(pick.card, from.slice(5), offeredCards.length > 1);
      } else {
        pick.from = toggled(pick.from, from, origins.length > 1);
      }
    },
    redraw: () => render(container, {view, legalMoves, interactive, seatLabel}, onMove),
    focusAfter: () => container.querySelector('[data-move]') ?? container.querySelector('[data-from]'),
  });
}

/** The domain cards each player has won: points per domain, secured domains marked. */
function wonTable(view, me, them, name) {
  const height = 162;
  const svg = el('svg', {viewBox: `0 0 ${WIDTH} ${height}`, class: 'nautilus-won', role: 'group',
    'aria-label': 'Domain cards won, with the points per domain'});
  const colW = 62, left = 86;
  DOMAINS.forEach((domain, i) => {
    const style = DOMAIN_STYLE[domain];
    const x = left + i * colW;
    svg.append(el('rect', {x: x + 2, y: 4, width: colW - 4, height: 22, rx: 5, fill: style.colour}),
      el('text', {x: x + colW / 2, y: 20, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff',
        textLength: style.title.length > 8 ? colW - 10 : null, lengthAdjust: 'spacingAndGlyphs'}, style.title));
    if (view.ink_out?.[domain]) {
      svg.append(el('circle', {cx: x + colW - 6, cy: 6, r: 5, fill: '#111', stroke: '#fff', 'stroke-width': 1}));
    }
  });
  [them, me].forEach((seat, row) => {
    const y = 34 + row * 56;
    const collected = view.collected?.[seat];
    const totals = view.totals?.[seat];
    const secured = new Set(view.secured?.[seat] ?? []);
    svg.append(text(6, y + 20, name(seat), {'font-weight': 700, fill: seats[seat].colour}),
      text(6, y + 38, `${view.collected_counts?.[seat] ?? 0} cards`, {'font-size': 11, fill: MUTED}));
    DOMAINS.forEach((domain, i) => {
      const x = left + i * colW;
      const cards = collected ? collected.filter((card) => card.split('-')[1] === domain) : null;
      const label = cards === null ? `${name(seat)}, ${DOMAIN_STYLE[domain].title}: hidden`
        : `${name(seat)}, ${DOMAIN_STYLE[domain].title}: ${totals[domain]} points from ${cards.length} cards${secured.has(domain) ? ', secured' : ''}`;
      const cell = el('g', {role: 'img', 'aria-label': label});
      cell.append(el('rect', {x: x + 2, y, width: colW - 4, height: 50, rx: 6, fill: secured.has(domain) ? '#fff0b8' : '#f3ecdf',
        stroke: secured.has(domain) ? GOLD : '#d8ccb6', 'stroke-width': secured.has(domain) ? 2.5 : 1}));
      if (cards === null) {
        cell.append(text(x + colW / 2, y + 30, '?', {'text-anchor': 'middle', fill: MUTED, 'font-size': 18}));
      } else {
        cell.append(text(x + colW / 2, y + 24, String(totals[domain]), {'text-anchor': 'middle', 'font-size': 20, 'font-weight': 700}));
        const marks = cards.map((card) => (card.endsWith('-2') ? '★★' : card.endsWith('-1') ? '★' : '●')).join(' ');
        cell.append(text(x + colW / 2, y + 42, marks, {'text-anchor': 'middle', 'font-size': marks.length > 9 ? 8 : 10,
          fill: '#8a6d00', textLength: marks.length > 11 ? colW - 10 : null, lengthAdjust: 'spacingAndGlyphs'}));
      }
      svg.append(cell);
    });
  });
  if (view.options?.domain_cards === 'hidden' && !view.outcome) {
    svg.append(text(6, height - 6, 'Hidden option: you see only your own won cards.', {'font-size': 11, fill: MUTED}));
  }
  return svg;
}
