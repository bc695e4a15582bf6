import './framing.js';
import {keepOffline} from './pwa.js';
/* The table: play.html?game=ID[&save=<saved game>][#r=<record in URL form> | #w=<watched game>].

On arrival it resumes the saved game the address names, else opens the game in the link (as a
copy of its own), else resumes this game's latest unfinished game, else starts one. Every
change is saved (saves.js). Earlier positions can be looked at, and played on as a new game.

The page holds the game's record; every change goes through the bridge in the worker
(ops new, play, undo, load, computer_move) and comes back as a snapshot
{record, url, to_move, movers, legal_moves, view, outcome, ply}. The page keeps no rules.

Watching (#w=, watch.py): a hidden-card game still in progress is shared as a spectator sees
it. The snapshot has `watching`; its record is the spectator's move list, and nobody plays.

Hidden information (Lost Cities, Nautilus): the page holds only what its viewing seat may
know. Until the game is over, a snapshot's `record` is the public record (moves as the
viewer may read them) and `sealed` the full record, encrypted by the worker; requests send
`sealed` back and name the viewing `seat`. With one human seat, the screen always shows that
seat. With several, it shows the human seat to move; when that changes, a hand-over screen
hides every hand until the next player taps.

Renderer interface (web/games/<id>.js), the same for every game:
  seats                    [{name, colour}] per seat, for labels (known before Python starts)
  render(container, {view, legalMoves, interactive, seatLabel, perspective}, onMove)
                           draws `view` into `container` (replacing its content); view null
                           draws an empty board (the skeleton). When `interactive`, exactly
                           the `legalMoves` are offered, each on an element carrying
                           data-move="<move>" (role=button, tabindex=0, an aria-label),
                           working by click, touch, Enter and Space; the choice goes to
                           onMove(move). seatLabel(seat) names a seat for labels;
                           perspective is the seat of the one person at the screen (null:
                           none, or several), for a board that numbers from a seat's side.
  moveLabel(move, view)    the move in words for the move list and announcements
  hint(view, legalMoves)   one line telling the player to move what to do
  picksOf(move)            (a board where a piece is picked before its move) the data-from
                           values picked on the way to `move`, to mark a hint's first step
*/
import {startEngine} from './client.js';
import {bakedStart, gameId, renderer as loadingRenderer} from './engine-start.js';
import {deleteSave, newSaveId, readSave, setSaveAside, unfinished, writeSave} from './saves.js';
import {setupEmbedDialog} from './embed-dialog.js';
import {STRENGTHS, chooseSetup, rememberedSetup, seatsFor} from './setup-dialog.js';
import {endSound, moveSound, setSound, soundOn} from './sound.js';
import {PACES, pace, setPace} from './pace.js';
import {viewerChange} from './viewer.js';
import {animate, spotsOf} from './motion.js';

const $ = (id) => document.getElementById(id);
const LEAST_THOUGHT_MS = 50; // a decision gets this much at least, while the turn's slack lasts
const TURN_SLACK = 0.1; // the share of a turn's budget such floors may spend past it: a long Kalah chain
const SEATS_KEY = `pygames.${gameId}.seats`;

let engine, renderer, info;
let snap = null; // the current snapshot
let seatKinds = []; // per seat: 'human' or a computer budget in ms (as a string)
let epoch = 0; // bumped by every change of game, so late answers are dropped
let busy = false; // a human request is in flight
let thinking = -1; // the epoch the computer is thinking for
let stalled = false; // the computer failed to move; wait for the person
let hidden = false; // the game has hidden information
let viewer = null; // with hidden information, the seat whose cards this screen shows (null: none)
let handover = null; // the seat the device is being passed to, until they tap
let saveId = null; // this game's entry in saves.js, written after every move
let looking = null; // a snapshot of an earlier position being looked at, or null
let resultClosed = false; // the end of this game was shown and put away
let turnClock = null; // {turn, budget, left}: the thinking time left in the computer's turn in progress
let pythonReady = false; // Python has started: until then requests wait in the worker's queue
let earlyMove = null; // a move played before Python had started, on its way
let hint = null; // {game, ply, move, play, outlook} for the position shown (adopt() forgets it), or {asking}

const seatName = (seat) => (seat === -1 ? 'Chance' : renderer?.seats?.[seat]?.name ?? `Seat ${seat + 1}`);
const seatColour = (seat) => renderer?.seats?.[seat]?.colour ?? '#777';
/** Whether the computer plays `seat`: as set, and while cards are hidden, every seat it began
    the game with (its cards stay hidden: the worker never shows them). */
const isComputer = (seat) => seat === -1 || (seatKinds[seat] ?? 'human') !== 'human' || !sealedForPeople(seat);
const sealedForPeople = (seat) => !snap?.humans || snap.humans.includes(seat);
// Draws by agreement are the same moves in every game that has them (core.DrawOffers).
const DRAW_MOVES = {'offer draw': 'offers a draw', 'accept draw': 'accepts the draw', 'decline draw': 'declines the draw'};
const moveLabel = (move) => DRAW_MOVES[move] ?? renderer?.moveLabel?.(move, snap?.view) ?? move;
/** The seats people play now; `asSet`: as the seats panel sets them, for a new game. */
const humanSeats = (asSet = false) => seatKinds.flatMap((kind, seat) =>
  (kind === 'human' && (asSet || sealedForPeople(seat)) ? [seat] : []));
/** The record part of a request: a sealed game goes back sealed. */
const recordOf = () => (snap.sealed ? {sealed: snap.sealed} : {record: snap.record});
/** The human seats (Undo and hidden cards depend on them) and, with hidden information, the
    viewing seat. `asSet`: the seats as set, for a game not yet begun. */
const seatOf = (players = snap?.record.players, asSet = false) => ({
  humans: humanSeats(asSet).filter((seat) => seat < (players ?? seatKinds.length)),
  ...(hidden ? {seat: viewer} : {}),
});

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage may be full or off: the URL still holds the game */ }
}

function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

async function call(request) {
  try {
    return await engine.call(request);
  } catch (error) {
    return {ok: false, error: {code: 'internal', message: String(error?.message ?? error)}};
  }
}

// -- messages -------------------------------------------------------------------

let toastTimer;
function toast(text) {
  const box = $('toast');
  box.textContent = text[0].toUpperCase() + text.slice(1);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

function announce(text) {
  $('announce').textContent = text;
}

/** A banner that stays until dismissed; `actions` are [label, handler] buttons. */
function banner(text, actions = []) {
  const box = $('banner');
  box.replaceChildren(Object.assign(document.createElement('p'), {textContent: text}));
  for (const [label, handler] of actions) {
    const button = Object.assign(document.createElement('button'), {type: 'button', textContent: label});
    button.onclick = () => { box.hidden = true; handler(); };
    box.append(button);
  }
  box.hidden = false;
}

function fatal(text, withLink = true) {
  $('loading').hidden = true;
  banner(text);
  if (withLink) {
    const link = Object.assign(document.createElement('a'), {href: 'index.html', textContent: 'Choose a game'});
    $('banner').append(link);
  }
  $('table').dataset.state = 'failed';
}

// -- drawing ------------------------------------------------------------------

function seatLabel(seat) {
  return seatName(seat);
}

let boardFocus = null; // the move or piece focused on the board, kept while the board is redrawn
let drawnAt = null; // {game, ply} of the position last drawn: one move on from it is animated
let redrawing = false;

function drawBoard() {
  const board = $('board');
  const focused = board.contains(document.activeElement) ? document.activeElement : null;
  if (focused) boardFocus = focused.dataset?.move ?? focused.dataset?.from ?? '';
  const interactive = Boolean(snap) && !busy && !snap.outcome && !snap.watching && !isComputer(snap.to_move)
    && thinking !== epoch && handover === null && !looking;
  redrawing = true;
  const people = humanSeats().filter((seat) => seat < (snap?.record.players ?? seatKinds.length));
  const shown = looking ?? snap;
  const at = shown ? {game: saveId, ply: shown.ply} : null;
  // Where the pieces stood, only when one move on is drawn: measuring every spot forces a layout.
  const spots = at && drawnAt?.game === at.game && at.ply === drawnAt.ply + 1 ? spotsOf(board) : null;
  renderer.render(board, {
    view: (looking ?? snap)?.view ?? null,
    legalMoves: looking ? [] : snap?.legal_moves ?? [],
    interactive,
    seatLabel,
    perspective: people.length === 1 ? people[0] : null, // the seat of the one person at the screen
  }, humanMove);
  redrawing = false;
  const svg = board.querySelector(':scope > svg');
  const drawn = svg?.viewBox?.baseVal;
  if (drawn?.width && drawn?.height) svg.style.setProperty('--board-ratio', String(drawn.width / drawn.height));
  if (spots) animate(board, spots);
  drawnAt = at;
  drawHandover();
  if (boardFocus !== null && handover === null) {
    // A keyboard player keeps their place: the same move if it is still offered, else the first.
    const offered = [...board.querySelectorAll('[data-move],[data-from]')];
    const target = offered.find((node) => (node.dataset.move ?? node.dataset.from) === boardFocus) ?? offered[0];
    if (target) target.focus();
    else board.focus(); // nothing to choose now (the other side's turn): wait on the board itself
  }
}

/** An element with a class and text; `parts` are appended after the text. */
function make(tag, className, text = '', ...parts) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(text, ...parts);
  return node;
}

/** A seat's colour dot, coloured through the CSSOM (no style="" attribute for the CSP). */
function dot(seat) {
  const coloured = seat !== null && seat !== undefined && seat >= 0;
  const node = make('span', coloured ? 'dot' : 'dot none');
  if (coloured) node.style.background = seatColour(seat);
  return node;
}

function drawHandover() {
  const box = $('handover');
  const appearing = box.hidden && handover !== null;
  box.hidden = handover === null;
  if (handover !== null) box.querySelector('.to').replaceChildren(dot(handover), seatName(handover));
  if (appearing) box.querySelector('button').focus(); // and into sight on a small screen
}

function drawStatus() {
  const seat = snap.to_move;
  let parts;
  if (snap.outcome) {
    const again = make('button', 'link', 'Show the result');
    again.type = 'button';
    again.onclick = () => { resultClosed = false; looking = null; draw(); $('result').focus(); };
    parts = [`Game over. ${resultText(snap.outcome).headline} `, ...(resultClosed || looking ? [again] : [])];
  }
  else if (snap.watching) parts = ['Watching as a spectator: ', ...(seat === -1 ? ['a card is being dealt.'] : [dot(seat), make('b', '', seatName(seat)), ' to move.'])];
  else if (handover !== null) parts = ['Pass the device to ', dot(handover), make('b', '', seatName(handover)), '.'];
  else if (earlyMove !== null) parts = [dot(seat), make('b', '', seatName(seat)), `: ${moveLabel(earlyMove)}. `,
    make('span', 'hint', 'Played as soon as the rules have loaded.')];
  else if (seat === -1) parts = ['Chance…'];
  else if (thinking === epoch) parts = [dot(seat), make('b', '', `${seatName(seat)} (computer)`), ' ', make('span', 'thinking', 'is thinking…')];
  else if (isComputer(seat)) parts = [dot(seat), make('b', '', seatName(seat)), ' (computer) to move.'];
  else if (snap.legal_moves.includes('accept draw')) {
    parts = [dot(1 - seat), make('b', '', seatName(1 - seat)), ' offers a draw. ', make('b', '', seatName(seat)), ':',
      ...[['accept draw', 'Accept the draw'], ['decline draw', 'Decline and play on']].map(([move, text]) => {
        const button = make('button', 'draw-answer', text);
        button.type = 'button';
        button.dataset.move = move;
        button.onclick = () => humanMove(move);
        return button;
      })];
  }
  else {
    const declined = snap.record.moves[snap.record.moves.length - 1] === 'decline draw' ? `${seatName(1 - seat)} declined the draw. ` : '';
    parts = [declined, dot(seat), make('b', '', seatName(seat)), ' to move. ', make('span', 'hint', renderer.hint?.(snap.view, snap.legal_moves) ?? '')];
    const advice = hintFor(snap);
    if (advice) parts.push(' ', make('span', 'advice', advice.asking ? 'Looking for a hint…' : hintText(advice)));
  }
  $('status').replaceChildren(...parts);
}

function resultText(outcome) {
  const players = outcome.scores.length;
  const winners = outcome.winners.map(seatName);
  const headline = winners.length === players ? 'A draw.' : `${winners.join(' and ')} win${winners.length > 1 ? '' : 's'}!`;
  const scores = outcome.scores.map((score, seat) => `${seatName(seat)} ${score}`).join(' · ');
  const reason = outcome.reason ? sentence(outcome.reason) : '';
  return {headline, scores, reason};
}

/** The end of the game, in view over the table: who won, every seat's score, why it ended, and
    what to do next. Closed, it leaves the board to look at; the status line brings it back. */
function drawResult() {
  const box = $('result');
  const shown = Boolean(snap?.outcome) && !resultClosed && !looking && !snap.watching;
  if (!shown) {
    box.hidden = true;
    return;
  }
  const {headline, reason} = resultText(snap.outcome);
  box.querySelector('h2').textContent = headline;
  box.querySelector('.standings').replaceChildren(...snap.outcome.standings.map((seat) => {
    const score = snap.outcome.scores[seat];
    const won = snap.outcome.winners.includes(seat);
    return make('li', won ? 'won' : '', '', dot(seat), make('span', 'who', seatName(seat)),
      make('span', 'score', String(score)), won ? make('span', 'mark', snap.outcome.winners.length > 1 ? 'shares the win' : 'wins') : '');
  }));
  box.querySelector('.reason').textContent = reason;
  $('rematch').disabled = $('result-new').disabled = busy;
  const appearing = box.hidden;
  box.hidden = false;
  if (appearing && !box.contains(document.activeElement)) box.focus({preventScroll: true});
}

/** The moves in turns: consecutive moves of the same turn (snapshot `turns`), a deal or a roll
    folded into the turn it belongs to. Turns of a seat are numbered; a deal that is nobody's
    turn is not. [{seat, number, plies: [ply after the move, from 1]}] */
function turnsOf(snapshot) {
  const groups = [];
  let number = 0;
  snapshot.record.moves.forEach((_, index) => {
    const seat = snapshot.turns[index] ?? null;
    const last = groups[groups.length - 1];
    if (last && last.seat === seat) {
      last.plies.push(index + 1);
      return;
    }
    groups.push({seat, number: seat === null ? null : ++number, plies: [index + 1]});
  });
  return groups;
}

function drawMoves() {
  const list = $('moves');
  const steppable = canLook();
  const shown = looking?.ply ?? snap?.ply;
  const moves = snap?.record.moves ?? [];
  const items = (snap ? turnsOf(snap) : []).map(({seat, number, plies}) => {
    // Moves in a row that read the same (cards dealt face down) are told once, "×n".
    const runs = [];
    for (const ply of plies) {
      const label = moveLabel(moves[ply - 1]);
      const run = runs[runs.length - 1];
      if (run?.label === label) run.plies.push(ply);
      else runs.push({label, plies: [ply]});
    }
    const entries = runs.map(({label, plies: run}, index) => {
      const ply = run[run.length - 1];
      const entry = make('span', 'move', run.length > 1 ? `${label} ×${run.length}` : label);
      if (run.length > 1) entry.dataset.count = String(run.length);
      if (steppable) { // a move in the list shows the position after it
        entry.tabIndex = 0;
        entry.setAttribute('role', 'button');
        entry.dataset.ply = String(ply);
      }
      if (run.includes(shown)) entry.classList.add('latest');
      // What the moves set off (Flaming Pyramids' mayhem), a line a step.
      const said = run.flatMap((each) => snap.notes?.[each - 1] ?? []);
      const notes = said.length ? [make('span', 'notes', '', ...said.map((text) => make('span', 'note', sentence(text))))] : [];
      const comma = index && !(runs[index - 1].plies.some((each) => snap.notes?.[each - 1]?.length)) ? [', '] : [];
      return [...comma, entry, ...notes];
    }).flat();
    const who = seat === null ? make('span', 'who', 'Deal') : make('span', 'who', '', dot(seat), seatName(seat));
    const item = make('li', '', '', make('span', 'turn', number === null ? '' : `${number}.`), who, make('span', 'plays', '', ...entries));
    if (plies.includes(shown)) item.classList.add('current');
    return item;
  });
  list.replaceChildren(...items);
  $('no-moves').hidden = items.length > 0;
  const current = list.querySelector('.current');
  if (current && looking) current.scrollIntoView({block: 'nearest'});
  else if (items.length) list.parentElement.scrollTop = list.parentElement.scrollHeight; // reading it forces a layout
}

/** Earlier positions can be looked at unless the record is sealed (hidden cards in play). */
const canLook = () => Boolean(snap) && !snap.sealed && snap.ply > 0;

function drawHistory() {
  const box = $('history');
  box.hidden = !canLook();
  if (box.hidden) return;
  const shown = looking?.ply ?? snap.ply;
  const turns = turnsOf(snap);
  const turn = turns.filter((group) => group.number !== null && group.plies[0] <= shown).length;
  const total = turns.filter((group) => group.number !== null).length;
  $('history-at').textContent = looking ? `Turn ${turn} of ${total}` : `Turn ${turn}`;
  $('history-at').title = looking ? '' : 'The latest move';
  $('history-first').disabled = $('history-back').disabled = busy || shown === 0;
  $('history-forward').disabled = $('history-latest').disabled = busy || !looking;
  $('play-on').hidden = !looking || snap.watching; // a watched game's hidden cards are not known
}

/** Shows the position after `ply` moves without changing the game (the latest: back to it).
    Meanwhile the computer does not move. */
async function lookAt(ply) {
  if (!canLook() || busy) return;
  ply = Math.max(0, Math.min(snap.ply, ply));
  if (ply === snap.ply) {
    looking = null;
    draw();
    return schedule(250); // the computer waited while an earlier position was shown
  }
  const mine = epoch;
  const record = {...snap.record, moves: snap.record.moves.slice(0, ply)};
  const wanted = snap.watching ? {watch: snap.record, ply} : {record}; // a watched game is rebuilt once, whole
  const answer = await locked(() => call({op: 'load', ...wanted, ...seatOf()}));
  if (mine !== epoch) return draw(); // the game moved on meanwhile
  if (!answer.ok) return toast(answer.error.message);
  looking = answer;
  draw();
}

/** Makes the position being looked at a new game of its own; the game it came from stays saved. */
function playOn() {
  if (!looking) return;
  const answer = looking;
  looking = null;
  saveId = newSaveId();
  announce(`Playing on from move ${answer.ply}.`);
  adopt(answer);
}

function drawControls() {
  const humans = humanSeats();
  const refused = !snap ? 'No game yet.' : snap.watching ? 'You are watching this game.'
    : !snap.movers.some((seat) => humans.includes(seat)) ? 'Nobody at this device has moved yet.'
      : snap.undo_refused ? sentence(snap.undo_refused) : '';
  $('undo').disabled = busy || handover !== null || Boolean(refused);
  $('undo').title = refused;
  $('undo').setAttribute('aria-description', refused);
  $('share').disabled = !snap || busy;
  const kept = snap ? humanSeats(true).filter((seat) => !sealedForPeople(seat) && seat < snap.record.players) : [];
  $('seats-note').textContent = snap?.watching ? 'You are watching: these seats play when you start a new game.'
    : kept.length ? `The computer plays ${kept.map(seatName).join(' and ')} until this game is over: it began `
      + 'there, and its cards stay hidden. A new game seats a person there.'
      : 'Switch a seat at any time: the game goes on.';
  $('new-game').disabled = !info || busy;
  $('hint').hidden = !snap || Boolean(snap.outcome) || Boolean(snap.watching) || Boolean(looking) || snap.to_move === -1
    || isComputer(snap.to_move) || handover !== null;
  $('hint').disabled = busy || !pythonReady || Boolean(hintFor(snap));
  $('resign').hidden = !resignations().length;
  $('offer-draw').hidden = !movesOfMine().includes('offer draw');
  const options = snap && info ? info.options.map((option) => {
    const choice = option.choices.find((each) => each.value === snap.record.options[option.name]);
    return choice ? `${option.label}: ${choice.label}` : '';
  }).filter(Boolean) : [];
  $('options-now').hidden = options.length === 0;
  $('options-now').textContent = `This game: ${options.join(' · ')}.`;
  for (const button of $('formats').querySelectorAll('button')) {
    button.disabled = !snap || busy || Boolean(snap.sealed || snap.watching);
    button.title = snap?.sealed || snap?.watching ? 'Cards are hidden: the game can be saved as a file once it is over.' : '';
  }
}

function draw() {
  const table = $('table');
  table.dataset.ply = snap ? String(snap.ply) : '';
  table.dataset.looking = looking ? String(looking.ply) : '';
  table.dataset.state = !snap ? 'empty' : snap.outcome ? 'over' : snap.watching ? 'watching' : thinking === epoch ? 'thinking'
    : busy ? 'busy' : handover !== null ? 'handover' : isComputer(snap.to_move) ? 'waiting' : 'ready';
  drawBoard();
  if (snap) {
    drawStatus();
    drawResult();
    drawMoves();
    drawHistory();
  }
  drawControls();
}

// -- the game -------------------------------------------------------------------

/** Adopt a new snapshot: remember it, show it, and let the computer move if it is its turn. */
function adopt(answer, {byComputer = false, restoreSeats = false} = {}) {
  hint = followedHint(answer); // a hint is for the position it was asked in, or the rest of its play
  const moved = snap !== null && answer.ply === snap.ply + 1 && answer.record.game === snap.record.game;
  snap = {
    record: answer.record, sealed: answer.sealed ?? null, url: answer.url, to_move: answer.to_move,
    movers: answer.movers, turns: answer.turns, notes: answer.notes ?? [], undo_refused: answer.undo_refused ?? null,
    legal_moves: answer.legal_moves, last_decision: Boolean(answer.last_decision), view: answer.view, outcome: answer.outcome,
    ply: answer.ply, watching: Boolean(answer.watching), watch_url: answer.watch_url ?? null,
    humans: answer.humans ?? null, // sealed: the seats that were people's when the game began
  };
  if (restoreSeats && snap.humans) seatAsBegun();
  epoch += 1;
  stalled = false;
  looking = null;
  if (!snap.outcome) resultClosed = false;
  $('share-box').hidden = true;
  $('banner').hidden = true;
  const link = snap.url ? `#r=${snap.url}` : snap.watching ? `#w=${snap.watch_url}` : '';
  const saved = snap.watching ? '' : `&save=${saveId}`; // a watched game is nobody's game on this device
  history.replaceState(null, '', `${location.pathname}?game=${encodeURIComponent(gameId)}${saved}${link}`);
  if (snap.watching) {
    deleteSave(saveId);
  } else if (snap.movers.some((seat) => seat !== -1)) { // a game nobody has moved in yet is not worth keeping
    writeSave(saveId, {game: gameId, record: snap.record, sealed: snap.sealed, ply: snap.ply, over: Boolean(snap.outcome)});
  } else {
    deleteSave(saveId);
  }
  if (moved && snap.movers[snap.ply - 1] !== -1) moveSound(); // a person's or the computer's move, not a deal
  if (moved && snap.outcome) endSound();
  if (changeViewer()) return;
  draw();
  if (snap.outcome) {
    const {headline, scores} = resultText(snap.outcome);
    announce(`${$('announce').textContent} ${headline} ${scores}.`);
  }
  schedule(!byComputer ? 250 : continuesTurn(snap.to_move) ? PACES[pace()].step : PACES[pace()].turn);
}

/** Where the turn `seat` is in began: its first move, or the next one if it has none yet. */
function turnStart(seat) {
  let start = snap.ply;
  while (start > 0 && snap.turns[start - 1] === seat) start -= 1;
  return start;
}

const continuesTurn = (seat) => seat >= 0 && turnStart(seat) < snap.ply;

/** A level's budget is for a whole turn: a decision gets half the time left, or all of it when
    it settles the rest of the turn (a Go move, a Pylos ball that completes no square, Lost Cities' draw, a
    Backgammon roll's play: the bridge's last_decision). */
function thinkingTime(seat) {
  const turn = `${saveId}:${seat}:${turnStart(seat)}`;
  if (turnClock?.turn !== turn) {
    const budget = Number(seatKinds[seat]) || 1000;
    turnClock = {turn, budget, left: budget};
  }
  const {left, budget} = turnClock;
  const floor = Math.min(LEAST_THOUGHT_MS, left + TURN_SLACK * budget);
  return Math.max(1, Math.round(Math.max(snap.last_decision ? left : left / 2, floor)));
}

/** A saved game with hidden cards resumed: its seats as it began, people where they were. */
function seatAsBegun() {
  for (let seat = 0; seat < snap.record.players; seat++) {
    const human = snap.humans.includes(seat);
    if (human !== (seatKinds[seat] === 'human')) seatKinds[seat] = human ? 'human' : '1000';
  }
  drawSeats(snap.record.players);
}

function schedule(delay) {
  if (!snap || snap.outcome || snap.watching || stalled || handover !== null || looking || !isComputer(snap.to_move)) return;
  const mine = epoch;
  if (snap.to_move === -1) delay = Math.min(delay, PACES[pace()].chance);
  setTimeout(() => { if (mine === epoch && !busy) computerMove(); }, delay);
}

/** With hidden information, switches the screen to the seat it should show (viewer.js), through
    the hand-over screen when the device passes between people. True if it started a switch. */
function changeViewer() {
  if (!hidden || !snap || snap.watching || handover !== null) return false;
  const humans = humanSeats().filter((seat) => seat < snap.record.players);
  const change = viewerChange({humans, toMove: snap.to_move, over: Boolean(snap.outcome), viewer});
  if (!change) return false;
  ({viewer, handover} = change);
  showViewer();
  return true;
}

async function showViewer() {
  const answer = await locked(() => call({op: 'load', ...recordOf(), seat: viewer}));
  if (!answer.ok) {
    toast(answer.error.message);
    return draw();
  }
  adopt(answer);
}

function handOver() {
  if (handover === null || busy) return;
  viewer = handover;
  handover = null;
  announce(`${seatName(viewer)} to move.`);
  showViewer();
}

async function computerMove() {
  const mine = epoch;
  const seat = snap.to_move;
  const budget = seat === -1 ? 1 : thinkingTime(seat);
  thinking = mine;
  draw();
  const asked = performance.now();
  // The strong level searches side by side in helper workers where the device has cores to spare (worker.js).
  const level = STRENGTHS.find(([kind]) => kind === seatKinds[seat])?.[2] ?? 'normal';
  const parallel = level === 'strong';
  const answer = await call({op: 'computer_move', ...recordOf(), ...seatOf(), player: 'search', budget_ms: budget,
    parallel, level});
  if (seat !== -1) turnClock.left -= performance.now() - asked;
  if (thinking === mine) thinking = -1;
  if (mine !== epoch) return; // the game changed meanwhile
  if (!answer.ok) {
    stalled = true;
    draw();
    toast(`The computer could not move: ${answer.error.message}`);
    return;
  }
  if (seat !== -1) $('table').dataset.searches = String(answer.parts.length || 1); // side by side: for tests and benches
  announce(`${seatName(seat)}${seat === -1 ? '' : ' (computer)'}: ${moveLabel(answer.move)}.${setOff(answer)}`);
  adopt(answer, {byComputer: true});
}

// -- hints ------------------------------------------------------------------------

/** The hint asked for this position, if any. */
const hintFor = (shown) => (shown && hint?.game === saveId && hint.ply === shown.ply ? hint : null);

/** Marks the hinted move on the board or, where a piece is picked first, what to pick on the way
    to it. A renderer redraws its own picks, so this runs after every change to the board. */
function markHint() {
  const move = hintFor(snap)?.move;
  if (!move || looking) return;
  const board = $('board');
  const moves = [...board.querySelectorAll('[data-move]')].filter((node) => node.dataset.move === move);
  const picks = new Set(moves.length ? [] : renderer.picksOf?.(move) ?? []);
  let marked = moves.length ? moves : [...board.querySelectorAll('[data-from]')]
    .filter((node) => picks.has(node.dataset.from) && node.getAttribute('aria-pressed') !== 'true');
  // Picked, yet not offered as the piece lies: the way on is the board's turn control (Cacao's Turn button).
  if (!marked.length && picks.size) marked = [...board.querySelectorAll('[data-turn]')];
  for (const node of marked) node.classList.add('hinted');
}

/** Once the first move of a hinted play of several (a Backgammon turn) is made, the rest of it. */
function followedHint(answer) {
  const rest = hint?.play?.slice(1) ?? [];
  const followed = rest.length > 0 && answer.record.game === snap?.record.game && answer.ply === hint.ply + 1
    && answer.record.moves[hint.ply] === hint.move;
  return followed ? {...hint, ply: answer.ply, move: rest[0], play: rest} : null;
}

/** "Hint: 13/8, 6/5. The computer gives you about a 57% chance." With more than two seats the
 * outlook is the share of the others the computer expects the person to finish ahead of. */
function hintText({play, outlook}) {
  const moves = play.map(moveLabel).join(', ');
  const two = snap?.record.players === 2;
  const rating = outlook === null ? '' : outlook === 1 ? ' It sees a forced win.'
    : outlook === 0 ? (two ? ' It sees no way to avoid losing.' : ' It sees no way to avoid finishing last.')
    : two ? ` The computer gives you about a ${Math.round(outlook * 100)}% chance.`
    : ` The computer expects you to finish ahead of about ${Math.round(outlook * 100)}% of the others.`;
  return `Hint: ${moves}.${rating}`;
}

/** The strong level's choice for the person to move, marked on the board and told. */
async function showHint() {
  if (!snap || busy || hintFor(snap)) return;
  const at = {game: saveId, ply: snap.ply};
  hint = {...at, asking: true};
  draw();
  const strong = Number(STRENGTHS[STRENGTHS.length - 1][0]);
  const answer = await call({op: 'hint', ...recordOf(), ...seatOf(), budget_ms: strong, seed: snap.ply, parallel: true});
  if (hint?.game !== at.game || hint.ply !== at.ply) return; // the game moved on meanwhile
  if (!answer.ok) {
    hint = null;
    toast(`No hint: ${answer.error.message}`);
  } else {
    hint = {...at, move: answer.move, play: answer.play, outlook: answer.outlook};
    $('table').dataset.searches = String(answer.parts.length || 1);
    announce(hintText(hint));
  }
  draw();
}

/** What the moves `answer` adds to the game set off, in sentences, for the announcement. */
function setOff(answer) {
  const said = (answer.notes ?? []).slice(snap?.notes?.length ?? 0).flat();
  return said.map((text) => ` ${sentence(text)}`).join('');
}

/** "the Curse strikes" → "The Curse strikes." */
const sentence = (text) => `${text[0].toUpperCase()}${text.slice(1)}.`;

async function request(body) {
  busy = true;
  const mine = ++epoch; // drops any computer answer still on its way
  draw();
  const answer = await call(body);
  busy = false;
  if (mine !== epoch) return null;
  if (!answer.ok) {
    toast(answer.error.message);
    settle();
    return null;
  }
  return answer;
}

/** The table as it was before a request that changed nothing: free again, and the computer on. */
function settle() {
  epoch += 1;
  draw();
  schedule(250);
}

async function humanMove(move) {
  if (!snap || busy || snap.outcome || snap.watching || isComputer(snap.to_move)) return;
  const seat = snap.to_move;
  if (!pythonReady) earlyMove = move;
  // No `seat` field: the snapshot then shows the view and legal moves of whoever is to move next.
  const answer = await request({op: 'play', ...recordOf(), ...seatOf(), move});
  earlyMove = null;
  if (answer) {
    announce(`${seatName(seat)}: ${moveLabel(move)}.${setOff(answer)}`);
    adopt(answer);
  }
}

async function undo() {
  if (!snap || busy) return;
  const humans = humanSeats();
  const body = {op: 'undo', ...recordOf(), ...seatOf()};
  if (humans.length < snap.record.players) body.seats = humans;
  const answer = await request(body);
  if (answer) {
    announce(`Took back to move ${answer.ply + 1}.`);
    adopt(answer);
  }
}

/** The game the table opens when there is none to resume: the setup chosen last (defaults at first). */
function startingSetup() {
  const setup = rememberedSetup(info);
  return {...setup, seats: seatsFor(setup)};
}

/** Starts a game of `setup`: {players, seats (a kind per seat), options}. */
async function newGame(setup = startingSetup()) {
  if (!info || busy) return;
  $('banner').hidden = true;
  $('result').hidden = true;
  takeSeats(setup);
  // No seed: the worker draws it, and keeps it sealed where cards are hidden.
  const answer = await request({op: 'new', game: gameId, options: setup.options, players: setup.players,
    ...seatOf(setup.players, true)});
  if (answer) begin(answer);
}

function takeSeats(setup) {
  seatKinds = [...setup.seats.slice(0, setup.players), ...seatKinds.slice(setup.players)];
  store(SEATS_KEY, seatKinds);
  drawSeats(setup.players);
  handover = null;
  viewer = startingViewer(setup.players);
}

/** A new game's first snapshot on the table. */
function begin(answer) {
  saveId = newSaveId();
  announce(`New game of ${info.title}.`);
  const table = $('table');
  table.dataset.game = String(Number(table.dataset.game ?? 0) + 1);
  adopt(answer);
}

/** Before Python has started: the game's first position as the build baked it (site_starts.py),
    when it is the game this table would start now, so that the first move can be played at once
    (it waits in the worker's queue until Python is up). Whether it is on the table. */
function startBaked(baked) {
  if (!baked?.start || baked.info?.id !== gameId) return false;
  info = baked.info;
  const setup = startingSetup();
  const defaults = Object.fromEntries(info.options.map((option) => [option.name, option.default]));
  if (setup.players !== baked.start.record.players || setup.seats[0] !== 'human'
      || Object.entries(defaults).some(([name, value]) => setup.options[name] !== value)) {
    info = undefined; // Python's answer sets the table up as usual
    return false;
  }
  takeSeats(setup);
  begin(baked.start);
  return true;
}

/** The legal moves, when a person at this device is to move and free to. */
function movesOfMine() {
  const mine = snap && !busy && !looking && !snap.outcome && !snap.watching && handover === null
    && thinking !== epoch && !isComputer(snap.to_move);
  return mine ? snap.legal_moves : [];
}

/** The resignations the person to move may make now (a game's "resign" moves). */
const resignations = () => movesOfMine().filter((move) => move === 'resign' || move.startsWith('resign '));

/** Asks before resigning, offering each way the game allows (Backgammon: a single game, a gammon, a backgammon). */
function chooseResignation() {
  const offered = resignations();
  if (!offered.length) return;
  const dialog = $('resign-dialog');
  const others = snap.record.players === 2 ? seatName(1 - snap.to_move) : 'the others';
  $('resign-note').textContent = `${seatName(snap.to_move)} gives up: ${others} win${snap.record.players === 2 ? 's' : ''}.`;
  $('resign-choices').replaceChildren(...offered.map((move) => {
    const button = make('button', 'resign-choice', offered.length > 1 ? `Resign: ${moveLabel(move)}` : 'Resign');
    button.type = 'submit';
    button.value = move;
    return button;
  }));
  dialog.addEventListener('close', () => { if (dialog.returnValue) humanMove(dialog.returnValue); }, {once: true});
  dialog.returnValue = '';
  dialog.showModal();
}

/** The New game dialog; the game chosen there starts at once. */
async function chooseNewGame() {
  if (!info || busy) return;
  const chosen = await chooseSetup(info, rememberedSetup(info), seatName);
  if (chosen) await newGame({...chosen, seats: seatsFor(chosen)});
}

/** The same players and options again, the seats turned one place where a seat is better placed. */
async function rematch() {
  const {players, options} = snap.record;
  const seats = seatKinds.slice(0, players);
  const turned = info.seat_advantage ? seats.map((_, seat) => seats[(seat - 1 + players) % players]) : seats;
  await newGame({players, options, seats: turned});
}

/** Puts the result away and steps through the game from its start. */
function review() {
  resultClosed = true;
  lookAt(0);
  $('history').scrollIntoView({block: 'nearest'});
  $('history-forward').focus({preventScroll: true});
}

/** Runs `load` with the table locked meanwhile. */
async function locked(load) {
  busy = true;
  draw();
  try {
    return await load();
  } finally {
    busy = false;
  }
}

/** Before a game is loaded: the one human seat if there is one; with several, nobody until
    the hand-over screen has asked for the seat to move. */
function startingViewer(players) {
  const humans = humanSeats(true).filter((seat) => seat < players);
  return humans.length === 1 ? humans[0] : null;
}

async function loadLink({url, watch}) {
  handover = null;
  viewer = startingViewer(seatKinds.length);
  const answer = await locked(() => call({op: 'load', ...(watch ? {watch_url: watch} : {url}), ...seatOf(undefined, true)}));
  if (!answer.ok) {
    const last = unfinished(gameId)[0];
    banner(`This game link cannot be opened: ${answer.error.message}.`, [
      ['Start a new game', newGame],
      ...(last ? [['Go back to your last game', () => resumeSaved(last.id)]] : []),
    ]);
    draw();
    return;
  }
  if (answer.record.game !== gameId) {
    location.replace(`play.html?game=${encodeURIComponent(answer.record.game)}${watch ? `#w=${watch}` : `#r=${url}`}`);
    return;
  }
  saveId = newSaveId(); // a game opened from a link is a copy of its own
  applySetup(answer.record);
  adopt(answer);
}

/** Resumes saved game `id`; false (with the reason shown) if it cannot be. */
async function resumeSaved(id) {
  const {save, problem} = readSave(id, gameId);
  if (!save) {
    if (problem) toast(`Your saved game could not be opened: ${problem}.`);
    return false;
  }
  handover = null;
  viewer = startingViewer(seatKinds.length);
  const kept = save.sealed ? {sealed: save.sealed} : {record: save.record};
  const answer = await locked(() => call({op: 'load', ...kept, ...seatOf(undefined, true)}));
  if (!answer.ok) {
    toast(`Your saved game could not be opened (${answer.error.message}); it was set aside.`);
    setSaveAside(id);
    return false;
  }
  saveId = id;
  applySetup(answer.record);
  adopt(answer, {restoreSeats: true});
  return true;
}

/** On arrival: the saved game the address names, else the game in the link, else this game's
    latest unfinished one, else a new game. */
async function arrive() {
  const wanted = new URLSearchParams(location.search).get('save');
  if (wanted && await resumeSaved(wanted)) return;
  const link = linkedGame();
  if (link) return loadLink(link);
  const latest = unfinished(gameId)[0];
  if (latest && await resumeSaved(latest.id)) return;
  return newGame();
}

/** The game in the address: {url} of a record, {watch} of a watched game, or null. */
function linkedGame() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get('w')) return {watch: fragment.get('w')};
  return fragment.get('r') ? {url: fragment.get('r')} : null;
}

// -- setup panel ------------------------------------------------------------------

function select(name, label, choices, value, onChange) {
  const wrap = document.createElement('label');
  wrap.append(label);
  const box = Object.assign(document.createElement('select'), {name});
  for (const [choice, text] of choices) box.append(new Option(text, choice, false, choice === value));
  if (onChange) box.onchange = () => onChange(box.value);
  wrap.append(box);
  return wrap;
}

function drawSeats(count) {
  while (seatKinds.length < count) seatKinds.push(seatKinds.length === 0 ? 'human' : '1000');
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const row = select(`seat-${seat}`, '', STRENGTHS, seatKinds[seat], (value) => {
      seatKinds[seat] = value;
      store(SEATS_KEY, seatKinds);
      stalled = false;
      if (thinking === epoch) epoch += 1; // drop the answer of a seat that is no longer the computer's
      if (changeViewer()) return;
      draw();
      schedule(250);
    });
    const name = make('span', 'seat-name', '', dot(seat), seatName(seat));
    row.prepend(name);
    rows.push(row);
  }
  $('seats').replaceChildren(...rows);
}

/** The Players panel: switch a seat between a person and the computer during the game. */
function buildSetup() {
  const saved = stored(SEATS_KEY);
  seatKinds = Array.isArray(saved) ? saved.filter((kind) => STRENGTHS.some(([value]) => value === kind)) : [];
  drawSeats(info.min_players);
  $('setup').classList.remove('waiting');
}

/** Shows a loaded game's seats in the Players panel. */
function applySetup(record) {
  drawSeats(record.players);
}

// -- share link -----------------------------------------------------------------

// -- game files (SGF for Go, match text for Backgammon) ----------------------------

const FORMAT_NAMES = {json: ['JSON', '.json'], sgf: ['SGF', '.sgf'], mat: ['match file', '.mat']};

function buildFormats() {
  const box = $('formats');
  for (const format of ['json', ...(info.formats ?? [])]) {
    const [name, extension] = FORMAT_NAMES[format] ?? [format, '.txt'];
    const save = make('button', '', `Save as ${name}`);
    save.type = 'button';
    save.dataset.format = format;
    save.onclick = () => saveFile(format, extension);
    const picker = Object.assign(document.createElement('input'), {type: 'file', accept: `${extension},.txt`});
    picker.dataset.format = format;
    picker.onchange = async () => {
      const file = picker.files?.[0];
      picker.value = '';
      if (file) await openFile(format, await file.text());
    };
    box.append(save, make('label', 'file-open', `Open a saved game (${extension}): `, picker));
  }
}

async function saveFile(format, extension) {
  if (!snap || busy || snap.sealed || snap.watching) return;
  let text = `${JSON.stringify(snap.record, null, 1)}\n`; // the record is the game
  if (format !== 'json') {
    const answer = await call({op: 'export', ...recordOf(), format});
    if (!answer.ok) return toast(answer.error.message);
    text = answer.text;
  }
  const url = URL.createObjectURL(new Blob([text], {type: format === 'json' ? 'application/json' : 'text/plain'}));
  const link = Object.assign(document.createElement('a'), {href: url, download: `${gameId}-${snap.ply}${extension}`});
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

async function openFile(format, text) {
  if (busy) return;
  let body = {op: 'import', game: gameId, format, text};
  if (format === 'json') {
    try {
      body = {op: 'load', record: JSON.parse(text)};
    } catch {
      return toast('This file is not a game record: it is not JSON.');
    }
  }
  const answer = await request({...body, ...seatOf(undefined, true)});
  if (answer && answer.record.game !== gameId) {
    settle();
    return toast(`This file holds a game of ${answer.record.game}, not of ${info.title}.`);
  }
  if (answer) {
    saveId = newSaveId();
    applySetup(answer.record);
    announce(`Opened a game of ${answer.ply} moves.`);
    adopt(answer);
  }
}

/** The link's fragment: the record, or while hidden cards are in play, the game as a spectator sees it. */
async function shareFragment() {
  if (snap.url) return `#r=${snap.url}`;
  if (snap.watching) return `#w=${snap.watch_url}`;
  const answer = await locked(() => call({op: 'watch_link', ...recordOf()}));
  draw();
  schedule(250); // a computer move due meanwhile waited for the table to be free
  if (answer.ok) return `#w=${answer.url}`;
  toast(answer.error.message);
  return null;
}

async function share() {
  if (!snap || busy) return;
  const fragment = await shareFragment();
  if (!fragment) return;
  const watch = fragment.startsWith('#w=');
  const link = `${location.origin}${location.pathname}?game=${encodeURIComponent(gameId)}${fragment}`;
  const field = $('share-link');
  field.value = link;
  $('share-box').hidden = false;
  field.select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    try { copied = document.execCommand('copy'); } catch { /* leave the link selected */ }
  }
  const reach = watch ? 'watches this game as a spectator: no hidden card is in the link.'
    : 'sees this game and can play on.';
  $('share-note').textContent = `${copied ? 'Copied. ' : 'Copy this link to share the game. '}Anyone with it ${reach}`;
}

// -- start ------------------------------------------------------------------------

const STAGES = {runtime: 'loading the runtime', snapshot: 'restoring the rules', package: 'installing the games',
  import: 'loading the rules', ready: 'ready'};

function progress({stage} = {}) {
  if (STAGES[stage]) $('stage').textContent = `(${STAGES[stage]})`;
  if (stage === 'stored') $('table').dataset.snapshot = 'stored'; // the next visit boots from it
}

async function main() {
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(gameId)) return fatal('No game was chosen.');
  $('title').textContent = gameId[0].toUpperCase() + gameId.slice(1);
  engine = startEngine(); // started already by engine-start.js
  engine.onProgress?.(progress);
  keepOffline(engine.ready); // after Python's start, not racing it
  const baked = bakedStart;
  try {
    renderer = await loadingRenderer;
  } catch {
    return fatal(`There is no game called “${gameId}” here.`);
  }
  $('board').addEventListener('focusout', (event) => {
    if (!redrawing && !$('board').contains(event.relatedTarget)) boardFocus = null;
  });
  $('undo').onclick = undo;
  $('hint').onclick = showHint;
  new MutationObserver(markHint).observe($('board'), {childList: true, subtree: true});
  $('new-game').onclick = chooseNewGame;
  $('resign').onclick = chooseResignation;
  $('offer-draw').onclick = () => humanMove('offer draw');
  const sound = $('sound');
  const showSound = () => {
    sound.textContent = soundOn() ? 'Sound on' : 'Sound off';
    sound.setAttribute('aria-pressed', String(soundOn()));
  };
  sound.onclick = () => { setSound(!soundOn()); showSound(); };
  showSound();
  const paceButton = $('pace');
  const showPace = () => {
    paceButton.textContent = `Computer pace: ${pace()}`;
    paceButton.setAttribute('aria-pressed', String(pace() === 'fast'));
  };
  paceButton.onclick = () => { setPace(pace() === 'fast' ? 'normal' : 'fast'); showPace(); };
  showPace();
  $('result-new').onclick = chooseNewGame;
  $('rematch').onclick = rematch;
  $('review').onclick = review;
  $('result-close').onclick = () => { resultClosed = true; draw(); $('board').focus(); };
  $('result').addEventListener('keydown', (event) => {
    if (event.key === 'Escape') $('result-close').click();
  });
  $('share').onclick = share;
  setupEmbedDialog({getSnapshot: () => snap && {...snap, ply: looking?.ply ?? snap.ply}, gameId, call});
  $('rules-link').href = `rules/${encodeURIComponent(gameId)}.html`;
  $('toast').onclick = () => { $('toast').hidden = true; };
  $('handover').querySelector('button').onclick = handOver;
  $('history-first').onclick = () => lookAt(0);
  $('history-back').onclick = () => lookAt((looking ?? snap).ply - 1);
  $('history-forward').onclick = () => lookAt((looking ?? snap).ply + 1);
  $('history-latest').onclick = () => lookAt(snap.ply);
  $('play-on').onclick = playOn;
  $('moves').addEventListener('click', (event) => {
    const item = event.target.closest('[data-ply]');
    if (item) lookAt(Number(item.dataset.ply));
  });
  $('moves').addEventListener('keydown', (event) => {
    const item = event.target.closest('[data-ply]');
    if (item && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      lookAt(Number(item.dataset.ply));
    }
  });
  // A new visitor's game: its first position at once where it is the same for everyone.
  const fresh = !new URLSearchParams(location.search).get('save') && !linkedGame() && !unfinished(gameId).length;
  const early = fresh && startBaked(await baked);
  if (!early) drawBoard(); // the empty board while Python starts
  if (fresh && !early) $('status').textContent = (await baked)?.info?.has_chance ? 'Dealing…' : '';
  try {
    const started = await engine.ready;
    $('table').dataset.engine = started.snapshot ? 'snapshot' : 'fresh'; // how Python started: for tests and benches
  } catch (error) {
    return fatal(`Python could not start in this browser: ${error?.message ?? error}. Try reloading the page.`, false);
  }
  pythonReady = true;
  const catalogue = await call({op: 'games', game: gameId});
  info = catalogue.ok && catalogue.games.find((game) => game.id === gameId);
  if (!info) return fatal(`There is no game called “${gameId}” here.`);
  hidden = info.has_hidden_info;
  $('loading').hidden = true;
  $('title').textContent = info.title;
  document.title = `${info.title} · pygames`;
  buildSetup();
  buildFormats();
  window.addEventListener('hashchange', () => {
    const link = linkedGame(); // a link pasted into this tab
    const shown = link?.watch ? snap?.watch_url : snap?.url;
    if (link && (link.watch ?? link.url) !== shown && !busy) loadLink(link);
  });
  if (early) draw();
  else await arrive();
}

main();
