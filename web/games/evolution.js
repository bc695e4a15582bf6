// Evolution: the Watering Hole and the deck at the top, then every player's row of species (the
// viewer's last, nearest their hand), then the viewer's hand of trait cards.
// A species is a card: its traits above (face-down ones as backs, the viewer's own marked "face
// down"), its body size and population, a token for each food it has eaten out of its population,
// and its stored fat. A species is "R2": Red's second from the left.
// Moves: "food long-neck:9", "trait climbing:3 R2 [over horns]", "species horns:1 left",
// "body horns:1 R2", "population horns:1 R2", "done", "fertile R2", "feed R2", "intelligence R2",
// "attack R1 B3 [cancel hard-shell]", "discard climbing:3", "pass".
// To play a card, pick it in the hand, then what it does on a species (or a new species at either
// end of the row). To attack, pick the carnivore: every other species then says whether it can be
// attacked, or why not. Tap a trait to read what it does. No rules here: this draws `view` and
// offers exactly the legal moves.

export const seats = [
  {name: 'Red', colour: '#c62828'}, {name: 'Blue', colour: '#1f5fbf'}, {name: 'Green', colour: '#2e7d32'},
  {name: 'Yellow', colour: '#b08800'}, {name: 'Purple', colour: '#6a1b9a'}, {name: 'Orange', colour: '#d84315'},
];

const LETTERS = seats.map((seat) => seat.name[0]);
const chosen = new WeakMap(); // container -> {key, pick, info}: the card or carnivore picked, the trait read
const TRAIT_COLOURS = { // a card's colour by what the trait is for
  carnivore: '#b3261e', ambush: '#b3261e', 'pack-hunting': '#b3261e', intelligence: '#6a1b9a',
  burrowing: '#1f5fbf', climbing: '#1f5fbf', 'defensive-herding': '#1f5fbf', 'hard-shell': '#1f5fbf', horns: '#1f5fbf',
  symbiosis: '#1f5fbf', 'warning-call': '#1f5fbf',
};

const title = (name) => name.split(':')[0].split('-').map((word) => word[0].toUpperCase() + word.slice(1)).join(' ');
const cardWords = (name) => `${title(name)} (${name.split(':')[1]})`;
const speciesWords = (name) => `${seats[LETTERS.indexOf(name[0])]?.name ?? name[0]}'s species ${name.slice(1)}`;

const pickOf = (move) => move.split(' ')[1]; // the card played, or the attacker

export const picksOf = (move) => [pickOf(move)];

export function moveLabel(move) {
  const [verb, first, second, ...rest] = move.split(' ');
  switch (verb) {
    case 'deal': return first ? `draws ${cardWords(first)}` : 'draws a card';
    case 'food': return first ? `puts ${cardWords(first)} on the Watering Hole` : 'puts a food card on the Watering Hole';
    case 'play': return 'plays a card, unseen';
    case 'trait': {
      if (!first.includes(':')) return `plays a trait face down on ${first}${second ? `, in the place of ${title(rest[0])}` : ''}`;
      return `plays ${cardWords(first)} face down on ${second}${rest.length ? `, in the place of ${title(rest[1])}` : ''}`;
    }
    case 'species': return `discards ${cardWords(first)} for a new species on the ${second}`;
    case 'body': return `discards ${cardWords(first)} for +1 body size on ${second}`;
    case 'population': return `discards ${cardWords(first)} for +1 population on ${second}`;
    case 'done': return 'has played their cards';
    case 'fertile': case 'long-neck': case 'fat-tissue': return `lets ${title(verb)} on ${first} act`;
    case 'feed': return `feeds ${first} at the Watering Hole`;
    case 'intelligence': return `feeds ${first} with Intelligence`;
    case 'attack': return `attacks ${second} with ${first}${rest.length ? `, cancelling ${rest[1].split(',').map(title).join(', ')}` : ''}`;
    case 'discard': return `discards ${cardWords(first)}`;
    case 'pass': return 'stops feeding';
    default: return move;
  }
}

export function hint(view, legalMoves = []) {
  if (!legalMoves.length || !view) return '';
  switch (view.phase) {
    case 'food': return 'Choose the card to put face down on the Watering Hole.';
    case 'play': return 'Pick a card: a trait, a new species, or +1 size or population. Done when finished.';
    case 'before': return 'Choose which of your traits acts first.';
    case 'pay': return `Discard ${view.paying.cards} card${view.paying.cards > 1 ? 's' : ''} for Intelligence.`;
    case 'feed': return legalMoves.includes('pass') ? 'Store fat on a fed species, or stop feeding.'
      : 'Feed one hungry species: eat at the Watering Hole, or pick a carnivore and its prey.';
    default: return '';
  }
}

/** An HTML element with a class, text and children. */
function make(tag, className, text = '', ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.append(text);
  node.append(...children.filter(Boolean));
  return node;
}

/** A button for a move (data-move) or a pick (data-from). */
function action(label, data, aria = label) {
  const button = make('button', `ev-action ${data.class ?? ''}`.trim(), label);
  button.type = 'button';
  button.setAttribute('aria-label', aria);
  for (const [name, value] of Object.entries(data)) if (name !== 'class') button.dataset[name] = value;
  return button;
}

/** A trait card's face: its title, its food number, its colour; a tap shows what it does. */
function cardFace(card, {back = false, faceDown = false} = {}) {
  const face = make('span', `ev-card${back ? ' ev-back' : ''}${faceDown ? ' ev-face-down' : ''}`);
  if (back) {
    face.append(make('span', 'ev-card-title', 'face down'));
    face.setAttribute('aria-label', 'a trait face down');
    return face;
  }
  face.style.setProperty('--trait', TRAIT_COLOURS[card.trait] ?? '#2f6b3a');
  face.append(make('span', 'ev-card-title', card.title), make('span', 'ev-card-food', String(card.food)));
  face.title = `${card.title}: ${card.text}`;
  face.dataset.trait = card.trait;
  return face;
}

function tokens(count, filled, className, fresh = 0) {
  const row = make('span', `ev-tokens ${className}`);
  for (let i = 0; i < count; i++) {
    const token = make('span', `ev-token${i < filled ? ' full' : ''}${i >= filled - fresh && i < filled ? ' ev-new' : ''}`);
    row.append(token);
  }
  return row;
}

/** One species: traits, body size, population, food eaten and fat, and the actions on it. */
function speciesCard(species, {seat, actions, note, lately, picked}) {
  const card = make('div', 'ev-species');
  card.dataset.species = species.name;
  if (lately?.lost) card.classList.add('ev-hit');
  if (picked) card.classList.add('ev-picked');
  const traits = make('div', 'ev-traits');
  for (const trait of species.traits) traits.append(cardFace(trait));
  for (const hidden of species.hidden) traits.append(hidden ? cardFace(hidden, {faceDown: true}) : cardFace(null, {back: true}));
  const hungry = species.food < species.population;
  const stats = make('div', 'ev-stats',
    '', make('span', 'ev-name', species.name),
    make('span', 'ev-size', '', make('b', '', String(species.body)), make('small', '', ' body')),
    make('span', 'ev-size', '', make('b', '', String(species.population)), make('small', '', ' pop.')));
  const food = make('div', 'ev-food', '', tokens(species.population, species.food, 'ev-eaten', lately?.food ?? 0));
  if (species.fat || species.traits.some((trait) => trait.trait === 'fat-tissue')) {
    food.append(make('small', 'muted', ' fat'), tokens(species.body, species.fat, 'ev-fat', lately?.fat ?? 0));
  }
  card.setAttribute('aria-label', `${speciesWords(species.name)}: body size ${species.body}, population ${species.population}, `
    + `${species.food} food eaten${species.fat ? `, ${species.fat} fat` : ''}${hungry ? '' : ', fed'}; traits: `
    + `${[...species.traits.map((trait) => trait.title), ...species.hidden.map((card) => card ? `${card.title} (face down)` : 'one face down')].join(', ') || 'none'}`);
  card.setAttribute('role', 'group');
  card.style.setProperty('--seat', seats[seat].colour);
  card.append(traits, stats, food);
  if (note) card.append(make('p', 'ev-note', note));
  if (actions.length) card.append(make('div', 'ev-actions', '', ...actions));
  return card;
}

/** The moves of the play step for the picked card, by where they go: a species, or an end of the row. */
function playTargets(moves, pick) {
  const targets = new Map();
  for (const move of moves) {
    const [verb, card, target, , over] = move.split(' ');
    if (card !== pick) continue;
    const label = verb === 'trait' ? (over ? `Trait, replacing ${title(over)}` : 'Trait (face down)')
      : verb === 'body' ? '+1 body size' : verb === 'population' ? '+1 population' : 'New species';
    if (!targets.has(target)) targets.set(target, []);
    targets.get(target).push([label, move]);
  }
  return targets;
}

/** The feeding moves by the species they feed (the attacker for an attack), and the attacks by prey. */
function feedTargets(moves, pick) {
  const own = new Map(), prey = new Map();
  for (const move of moves) {
    const [verb, first, second, , cancels] = move.split(' ');
    if (verb === 'feed' || verb === 'intelligence' || ['fertile', 'long-neck', 'fat-tissue'].includes(verb)) {
      const label = verb === 'feed' ? 'Eat at the Watering Hole' : verb === 'intelligence' ? 'Intelligence: 2 food for a card'
        : `${title(verb)} acts now`;
      if (!own.has(first)) own.set(first, []);
      own.get(first).push([label, move]);
    } else if (verb === 'attack' && first === pick) {
      const label = cancels ? `Attack (cancel ${cancels.split(',').map(title).join(', ')})` : 'Attack';
      if (!prey.has(second)) prey.set(second, []);
      prey.get(second).push([label, move]);
    }
  }
  return {own, prey};
}

function status(view, seat) {
  const parts = [];
  if (view.first === seat) parts.push('first player');
  if (view.passed?.[seat]) parts.push('stopped feeding');
  if (view.done?.includes(seat)) parts.push('cards played');
  return parts.join(' · ');
}

export function render(container, {view, legalMoves = [], interactive = false, seatLabel = (s) => seats[s].name}, onMove) {
  const moves = interactive ? legalMoves : [];
  const key = moves.join(',');
  let state = chosen.get(container);
  if (!state || state.key !== key) state = {key, pick: null, info: state?.info ?? null};
  chosen.set(container, state);
  const phase = view?.phase;
  const viewer = view?.seat ?? null;
  // What can be picked: a card to play, or a carnivore to attack with.
  const cardPicks = phase === 'play' ? [...new Set(moves.filter((move) => move !== 'done').map(pickOf))] : [];
  const attackers = phase === 'feed' ? [...new Set(moves.filter((move) => move.startsWith('attack ')).map(pickOf))] : [];
  const picks = phase === 'play' ? cardPicks : attackers;
  if (state.pick && !picks.includes(state.pick)) state.pick = null;
  const direct = moves.filter((move) => !move.startsWith('attack ') && phase !== 'play');
  if (!state.pick && picks.length === 1 && (phase === 'play' ? false : direct.length === 0)) state.pick = picks[0];

  const parts = [];
  parts.push(waterHole(view));
  const lately = new Map((view?.lately ?? []).map((item) => [item.species, item]));
  const {own, prey} = feedTargets(moves, state.pick);
  const plays = phase === 'play' ? playTargets(moves, state.pick) : new Map();
  const reasons = state.pick && phase === 'feed' ? view?.prey?.[state.pick] ?? {} : {};
  const count = view?.players ?? 2;
  const order = [];
  for (let step = 1; step <= count; step++) order.push(((viewer ?? count - 1) + step) % count); // the viewer's row last
  const rowsBox = make('div', 'ev-rows');
  for (const seat of order) {
    const row = view?.rows?.[seat] ?? [];
    const box = make('section', `ev-player${view && view.active === seat && !view.outcome ? ' turn' : ''}`);
    box.style.setProperty('--seat', seats[seat].colour);
    const dot = make('span', 'seat-dot');
    dot.style.background = seats[seat].colour;
    const facts = view ? `hand ${view.hand_sizes[seat]} · bag ${view.bags[seat]} · ${view.points[seat]} points` : '';
    const heading = make('h3', 'ev-player-name', '', dot, make('b', '', seatLabel(seat)), make('span', 'ev-facts', facts),
      make('span', 'ev-status muted', view ? status(view, seat) : ''));
    box.setAttribute('aria-label', `${seatLabel(seat)}: ${row.length} species${facts ? `, ${facts}` : ''}`);
    const species = make('div', 'ev-row');
    const ends = plays.size ? ['left', 'right'].map((end) => plays.get(end)?.[0]) : [];
    if (ends[0] && seat === viewer) species.append(make('div', 'ev-end', '', action('New species here', {move: ends[0][1]}, 'New species at the left end')));
    for (const item of row) {
      const buttons = [];
      for (const [label, move] of [...(plays.get(item.name) ?? []), ...(own.get(item.name) ?? []), ...(prey.get(item.name) ?? [])]) {
        buttons.push(action(label, {move}, `${label}: ${speciesWords(item.name)}`));
      }
      if (phase === 'feed' && attackers.includes(item.name)) {
        const picked = state.pick === item.name;
        const button = action(picked ? 'Attacking: pick its prey' : 'Attack with it', {from: item.name}, `Attack with ${item.name}`);
        button.setAttribute('aria-pressed', String(picked));
        buttons.push(button);
      }
      const reason = reasons[item.name];
      const note = state.pick && item.name !== state.pick && phase === 'feed' ? (reason ? `Safe: ${reason}` : '') : '';
      const card = speciesCard(item, {seat, actions: buttons, note, lately: lately.get(item.name), picked: state.pick === item.name});
      if (prey.has(item.name)) card.classList.add('ev-prey');
      if (note) card.title = note;
      species.append(card);
    }
    if (!row.length) species.append(make('p', 'muted small ev-empty', 'No species'));
    if (ends[1] && seat === viewer) species.append(make('div', 'ev-end', '', action('New species here', {move: ends[1][1]}, 'New species at the right end')));
    box.append(heading, species);
    rowsBox.append(box);
  }
  parts.push(rowsBox);
  parts.push(handBox(view, moves, state, seatLabel));
  const buttons = make('div', 'ev-buttons');
  if (moves.includes('done')) buttons.append(action('Done playing cards', {move: 'done'}));
  if (moves.includes('pass')) buttons.append(action('Stop feeding', {move: 'pass'}));
  if (buttons.childElementCount) parts.push(buttons);
  const info = make('p', 'ev-info small', state.info ?? 'Tap a trait to read what it does.');
  info.setAttribute('aria-live', 'polite');
  parts.push(info);
  const board = make('div', 'ev-board', '', ...parts);
  container.replaceChildren(board);

  container.onclick = (event) => {
    const target = event.target.closest?.('[data-move],[data-from]') ?? event.target.closest?.('[data-trait]');
    if (!target || !container.contains(target)) return;
    if (target.dataset.move) { onMove(target.dataset.move); return; }
    if (target.dataset.from) {
      state.pick = state.pick === target.dataset.from ? null : target.dataset.from;
      render(container, {view, legalMoves, interactive, seatLabel}, onMove);
      if (event.detail === 0) container.querySelector('[data-move]')?.focus(); // chosen by keyboard
      return;
    }
    const card = target.closest('.ev-card');
    state.info = card?.title ?? null;
    container.querySelector('.ev-info').textContent = state.info ?? '';
  };
  container.onkeydown = null; // native buttons turn Enter and Space into clicks
}

function waterHole(view) {
  const box = make('div', 'ev-hole');
  if (!view) return box;
  const cards = view.food_cards.filter((card) => card !== null).length;
  const last = view.outcome ? '' : view.last_round === 'this' ? 'This is the last round'
    : view.last_round === 'next' ? 'The next round is the last' : '';
  box.append(make('span', 'ev-hole-food', '', make('b', '', String(view.hole)), make('small', '', ' plant food on the Watering Hole')),
    make('span', 'muted', `${cards ? `${cards} food card${cards > 1 ? 's' : ''} face down · ` : ''}deck ${view.deck_size} · discards ${view.discard_size} · round ${view.round}`));
  if (last) box.append(make('span', 'ev-last', last));
  const own = view.seat !== null ? view.food_cards[view.seat] : null;
  if (own && own !== 'hidden') box.append(make('span', 'muted', `Your food card: ${own.title} (${own.food})`));
  return box;
}

function handBox(view, moves, state, seatLabel) {
  const box = make('div', 'ev-hand');
  if (!view?.hand) return box;
  box.append(make('p', 'muted small', `${seatLabel(view.seat)}'s hand`));
  const cards = make('div', 'ev-hand-cards');
  for (const card of view.hand) {
    const food = moves.includes(`food ${card.name}`) ? `food ${card.name}` : null;
    const pay = moves.includes(`discard ${card.name}`) ? `discard ${card.name}` : null;
    const playable = view.phase === 'play' && moves.some((move) => pickOf(move) === card.name);
    const face = cardFace(card);
    if (food || pay) {
      const button = action('', {move: food ?? pay}, `${food ? 'Food card' : 'Discard'}: ${cardWords(card.name)}`);
      button.append(face);
      cards.append(button);
    } else if (playable) {
      const picked = state.pick === card.name;
      const button = action('', {from: card.name, class: picked ? 'picked' : ''}, `${picked ? 'Picked' : 'Pick'} ${cardWords(card.name)}`);
      button.setAttribute('aria-pressed', String(picked));
      button.append(face);
      cards.append(button);
    } else {
      cards.append(face);
    }
  }
  if (!view.hand.length) cards.append(make('span', 'muted small', 'No cards'));
  box.append(cards);
  return box;
}
