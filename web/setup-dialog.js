// The New game dialog of the table: how many players, who sits where (a person, or the computer
// at a level), whether the seats are drawn at random, and every option of the game with a line on
// what it changes. What was chosen last is remembered per game, so the next game starts the same.
//
//   const setup = rememberedSetup(info);          // {players, seats, random, options}
//   const chosen = await chooseSetup(info, setup, seatName);   // null if cancelled
//   const seats = seatsFor(chosen);               // the seat kinds, drawn at random if asked

// A seat kind: 'human', or the computer's budget for a turn in ms; then its label and, for the
// computer, its level (the bridge's `level`: how a weaker one falls short, see the README).
export const STRENGTHS = [['human', 'Human'], ['300', 'Computer: quick', 'quick'], ['1000', 'Computer: normal', 'normal'],
  ['3000', 'Computer: strong', 'strong']];

const $ = (id) => document.getElementById(id);
const key = (info) => `pygames.${info.id}.setup`;
const KINDS = new Set(STRENGTHS.map(([value]) => value));

/** A person first, the computer (normal) in every other seat. */
const defaultSeat = (seat) => (seat === 0 ? 'human' : '1000');

/** The setup chosen last for this game, checked against the game's entry; defaults elsewhere. */
export function rememberedSetup(info) {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(key(info)));
  } catch { /* storage off or damaged: the defaults */ }
  const players = Number.isInteger(saved?.players) && saved.players >= info.min_players
    && saved.players <= info.max_players ? saved.players : info.min_players;
  const seats = Array.from({length: info.max_players}, (_, seat) =>
    (KINDS.has(saved?.seats?.[seat]) ? saved.seats[seat] : defaultSeat(seat)));
  const options = {};
  for (const option of info.options) {
    const value = saved?.options?.[option.name];
    options[option.name] = option.choices.some((choice) => choice.value === value) ? value : option.default;
  }
  return {players, seats, random: saved?.random === true, options};
}

function remember(info, setup) {
  try {
    localStorage.setItem(key(info), JSON.stringify(setup));
  } catch { /* full or off: the game starts all the same */ }
}

/** The seat kinds a setup starts with: as chosen, or drawn at random among the seats. */
export function seatsFor(setup) {
  const seats = setup.seats.slice(0, setup.players);
  if (setup.random) {
    for (let index = seats.length - 1; index > 0; index--) {
      const other = crypto.getRandomValues(new Uint32Array(1))[0] % (index + 1);
      [seats[index], seats[other]] = [seats[other], seats[index]];
    }
  }
  return seats;
}

function field(labelText, name, choices, value, help = '') {
  const label = document.createElement('label');
  const title = Object.assign(document.createElement('span'), {className: 'name', textContent: labelText});
  const select = Object.assign(document.createElement('select'), {name});
  for (const [choice, text] of choices) select.append(new Option(text, choice, false, choice === value));
  label.append(title, select);
  if (help) {
    const line = Object.assign(document.createElement('span'), {className: 'help', textContent: help});
    line.id = `${name}-help`;
    select.setAttribute('aria-describedby', line.id);
    label.append(line);
  }
  return label;
}

/** Opens the dialog on `setup`; resolves with the setup chosen (and remembers it), or null. */
export function chooseSetup(info, setup, seatName) {
  const dialog = $('setup-dialog');
  $('setup-heading').textContent = `New game of ${info.title}`;
  let players = setup.players;
  const seats = setup.seats.slice();

  function drawSeats() {
    $('setup-seats').replaceChildren(...Array.from({length: players}, (_, seat) => {
      const row = field(seatName(seat), `setup-seat-${seat}`, STRENGTHS, seats[seat]);
      row.querySelector('select').onchange = (event) => { seats[seat] = event.target.value; };
      return row;
    }));
  }

  const counts = [];
  for (let count = info.min_players; count <= info.max_players; count++) counts.push([String(count), String(count)]);
  const count = counts.length > 1 ? [field('Players', 'setup-players', counts, String(players))] : [];
  $('setup-count').replaceChildren(...count);
  if (count.length) count[0].querySelector('select').onchange = (event) => { players = Number(event.target.value); drawSeats(); };
  drawSeats();
  $('setup-random').checked = setup.random;
  $('setup-options').replaceChildren(...info.options.map((option) => field(option.label, option.name,
    option.choices.map((choice) => [choice.value, choice.label]), setup.options[option.name], option.help)));
  $('setup-options-box').hidden = info.options.length === 0;

  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      if (dialog.returnValue !== 'start') return resolve(null);
      const options = {};
      for (const select of $('setup-options').querySelectorAll('select')) options[select.name] = select.value;
      const chosen = {players, seats, random: $('setup-random').checked, options};
      remember(info, chosen);
      resolve(chosen);
    }, {once: true});
    dialog.returnValue = '';
    dialog.showModal();
    dialog.scrollTop = 0;
    $('setup-start').focus({preventScroll: true});
  });
}
