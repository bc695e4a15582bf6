/* The embed: a board without page chrome, made to fit an iframe on a rule-explainer page.

  embed.html?game=ID&record=<record URL form>&move=N&mode=view|replay|play&seat=S&theme=light|dark|auto

  game    the game's id (required)
  record  a record in the URL form of pygames_core/record.py; without one, a new game's start
  move    how many of the record's moves to show (0: the start); all of them by default
  mode    view    the position after `move`, not interactive (the default)
          replay  that position, with buttons (and the arrow keys, Home, End) to step through the record
          play    playable from that position, and nothing is saved: without `seat`, every seat is
                  a person at this device; with it, that seat is and the others are the computer
  seat    a seat by its name ("north") or its number from 0 (used by mode=play)
  theme   light (the default), dark, or auto (the reader's system setting): a class on <html>
  baked   a rules page's diagram id: view and replay answer from rules/diagrams/<game>/<id>.json
          (baked.js) and start Python only for what that file does not hold
  preview 1: the table's Embed preview, which asks the table (its parent, same origin) for the
          answers instead of starting Python of its own (baked.js)

Everything in the address is untrusted. A bad value shows a message in the frame, always as
text, and nothing else. Views and replays of a game with hidden information show what a
spectator sees (seat null); in play, the screen shows a human seat's cards as the table does
(a hand-over screen between people), and a sealed record goes back to the worker sealed.

The root element #embed-root carries data-mode, data-ply (the moves shown) and data-state:
"loading", "failed", "shown" (view and replay), "busy" (a step or a move on its way), and in
play "ready" (a person to move), "waiting" or "thinking" (the computer), "handover", "over".
The renderers are the table's (web/games/<id>.js; their interface is described in app.js).
*/
import {startEngine} from './client.js';
import {answersFromParent, bakedEngine, bakedFile} from './baked.js';
import {viewerChange} from './viewer.js';
import {PACES, pace} from './pace.js';

const GAME_ID = /^[a-z][a-z0-9_]{0,30}$/;
const DIAGRAM_ID = /^[a-z0-9][a-z0-9-]{0,60}$/;
const MODES = ['view', 'replay', 'play'];
const THEMES = ['light', 'dark', 'auto'];
const COMPUTER_MS = 300; // the table's "quick" computer

const MAX_RECORD_TEXT = 200_000; // record.py's MAX_URL_LENGTH
const MAX_RECORD_JSON = MAX_RECORD_TEXT * 8; // and the most it lets that inflate to

const $ = (id) => document.getElementById(id);
const root = $('embed-root');

/** A problem with the embed's address or record, told to the reader as it is. */
class EmbedError extends Error {}

let engine, renderer, info;
let params; // the address, checked
let full; // the record shown: every move of it (from the address, or a new game's start)
let start = 0; // the move the embed opens at
let snap = null; // the bridge's snapshot on screen
let problem = ''; // a failed move or computer move, shown in the status line

// view and replay
const shown = new Map(); // ply -> snapshot, so stepping back and forth asks Python once
let wanted = 0; // the ply asked for last

// play
let seatKinds = []; // per seat: 'human' or 'computer'
let epoch = 0; // bumped by every change of position, so late answers are dropped
let busy = false;
let thinking = -1; // the epoch the computer is thinking for
let handover = null; // with hidden cards, the seat the device is being passed to
let viewer = null; // with hidden cards, the seat whose cards the screen shows

const seatName = (seat) => (seat === -1 ? 'Chance' : renderer?.seats?.[seat]?.name ?? `Seat ${seat + 1}`);
const isComputer = (seat) => seat === -1 || seatKinds[seat] === 'computer';
const humans = () => seatKinds.flatMap((kind, seat) => (kind === 'human' ? [seat] : []));
const recordOf = () => (snap.sealed ? {sealed: snap.sealed} : {record: snap.record});
const seatOf = () => (info.has_hidden_info ? {seat: viewer, humans: humans()} : {});
const cut = (ply) => ({...full, moves: full.moves.slice(0, ply)});
const total = () => full?.moves.length ?? 0;

/** An untrusted value, short enough to quote in a message. */
function quote(value) {
  const text = String(value);
  return `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
}

function readAddress() {
  const query = new URLSearchParams(location.search);
  const theme = query.get('theme') || 'light';
  document.documentElement.classList.add(`theme-${THEMES.includes(theme) ? theme : 'light'}`);
  if (!THEMES.includes(theme)) throw new EmbedError(`The theme is “light”, “dark” or “auto”, not ${quote(theme)}.`);
  const game = query.get('game');
  if (!game) throw new EmbedError('No game was named: the address needs game=<id>.');
  if (!GAME_ID.test(game)) throw new EmbedError(`There is no game called ${quote(game)}.`);
  const mode = query.get('mode') || 'view';
  if (!MODES.includes(mode)) throw new EmbedError(`The mode is “view”, “replay” or “play”, not ${quote(mode)}.`);
  const move = query.get('move') || null;
  if (move !== null && !/^\d{1,6}$/.test(move)) {
    throw new EmbedError(`The move is a count of moves from 0, not ${quote(move)}.`);
  }
  const baked = query.get('baked') || null;
  if (baked !== null && !DIAGRAM_ID.test(baked)) throw new EmbedError(`There is no diagram called ${quote(baked)}.`);
  return {game, mode, record: query.get('record') || null, move: move === null ? null : Number(move),
    seat: query.get('seat') || null, baked, preview: query.get('preview') === '1'};
}

/** A record from its URL form (URL-safe base64 of deflated JSON behind the version "1"). */
async function decodeRecord(text) {
  const damaged = new EmbedError('The record in the address is damaged: it does not hold a game.');
  if (text.length > MAX_RECORD_TEXT || !/^1[A-Za-z0-9_-]+$/.test(text)) throw damaged;
  let json = '';
  try {
    const base64 = text.slice(1).replaceAll('-', '+').replaceAll('_', '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'))
      .pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      json += value;
      if (json.length > MAX_RECORD_JSON) throw damaged;
    }
    const record = JSON.parse(json);
    if (record && typeof record === 'object' && !Array.isArray(record) && Array.isArray(record.moves ?? [])) {
      return {...record, moves: record.moves ?? []};
    }
  } catch { /* told below */ }
  throw damaged;
}

function parseSeat(text, players) {
  if (text === null) return null;
  const names = Array.from({length: players}, (_, seat) => seatName(seat).toLowerCase());
  const seat = /^\d$/.test(text) ? Number(text) : names.indexOf(text.toLowerCase());
  if (seat < 0 || seat >= players) {
    throw new EmbedError(`There is no seat ${quote(text)} here: name one of ${names.join(', ')} (or 0 to ${players - 1}).`);
  }
  return seat;
}

async function call(request) {
  try {
    return await engine.call(request);
  } catch (error) {
    return {ok: false, error: {code: 'internal', message: String(error?.message ?? error)}};
  }
}

// -- drawing ------------------------------------------------------------------------

function fail(text) {
  root.dataset.state = 'failed';
  $('message').textContent = text;
  $('message').hidden = false;
  for (const id of ['board', 'controls', 'handover', 'open']) $(id).hidden = true;
  $('status').textContent = '';
}

function interactive() {
  return params.mode === 'play' && Boolean(snap) && !busy && !snap.outcome && !isComputer(snap.to_move)
    && thinking !== epoch && handover === null;
}

function currentState() {
  if (!snap) return 'loading';
  if (params.mode !== 'play') return wanted === snap.ply ? 'shown' : 'busy';
  if (snap.outcome) return 'over';
  if (thinking === epoch) return 'thinking';
  if (busy) return 'busy';
  if (handover !== null) return 'handover';
  return isComputer(snap.to_move) ? 'waiting' : 'ready';
}

function resultText(outcome) {
  const winners = outcome.winners.map(seatName);
  const headline = winners.length === 0 ? 'Nobody wins.' : winners.length === outcome.scores.length ? 'A draw.'
    : `${winners.join(' and ')} win${winners.length > 1 ? '' : 's'}.`;
  const scores = outcome.scores.map((score, seat) => `${seatName(seat)} ${score}`).join(' · ');
  return `Game over. ${headline} ${scores}.`;
}

function statusText() {
  if (!snap) return 'Starting Python…';
  if (problem) return problem;
  if (params.mode !== 'play') {
    const ply = snap.ply;
    const last = ply === 0 ? 'The start.'
      : `Move ${ply}: ${seatName(snap.movers[ply - 1])}, ${renderer.moveLabel?.(snap.record.moves[ply - 1], snap.view) ?? snap.record.moves[ply - 1]}.`;
    return snap.outcome ? `${last} ${resultText(snap.outcome)}` : last;
  }
  const seat = snap.to_move;
  if (snap.outcome) return resultText(snap.outcome);
  if (handover !== null) return `Pass the device to ${seatName(handover)}.`;
  if (seat === -1) return 'Chance…';
  if (thinking === epoch) return `${seatName(seat)} (computer) is thinking…`;
  if (isComputer(seat)) return `${seatName(seat)} (computer) to move.`;
  return `${seatName(seat)} to move. ${renderer.hint?.(snap.view, snap.legal_moves) ?? ''}`.trim();
}

function drawControls() {
  const replay = params.mode === 'replay';
  const play = params.mode === 'play';
  $('controls').hidden = !(replay || play) || !snap;
  for (const id of ['first', 'back', 'counter', 'forward', 'last']) $(id).hidden = !replay;
  $('restart').hidden = !play;
  if (replay) {
    $('first').disabled = $('back').disabled = wanted === 0;
    $('forward').disabled = $('last').disabled = wanted === total();
    $('counter').textContent = `Move ${wanted} / ${total()}`;
  }
  $('restart').disabled = !snap || (snap.ply === start && !problem);
}

function drawLink() {
  const link = $('open');
  const record = snap?.url ?? params.record;
  const address = `play.html?${new URLSearchParams({game: params.game})}${record ? `#${new URLSearchParams({r: record})}` : ''}`;
  link.href = new URL(address, location.href).href;
  link.hidden = !snap;
}

function drawHandover() {
  const box = $('handover');
  const appearing = box.hidden && handover !== null;
  box.hidden = handover === null;
  if (handover !== null) box.querySelector('.to').textContent = seatName(handover);
  if (appearing) box.querySelector('button').focus();
}

function draw() {
  root.dataset.ply = snap ? String(snap.ply) : '';
  root.dataset.state = currentState();
  const board = $('board');
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset?.move : undefined;
  renderer.render(board, {
    view: snap?.view ?? null,
    legalMoves: snap?.legal_moves ?? [],
    interactive: interactive(),
    seatLabel: seatName,
  }, humanMove);
  if (focused !== undefined) {
    // A keyboard player keeps their place on the redrawn board.
    (board.querySelector(`[data-move="${CSS.escape(focused)}"]`) ?? board.querySelector('[data-move]') ?? board).focus();
  }
  const text = statusText();
  $('status').textContent = text;
  $('status').title = text;
  drawHandover();
  drawControls();
  drawLink();
}

const SIDE_GAIN = 1.2; // notes go beside the board when that makes it this much taller
const SIDE_SHARE = 0.62; // and the board then takes at most this share of the width

/** Sizes the board's SVG to the room the renderer's notes (scores, buttons) leave it: under
    it, or beside it when the board is tall and the frame wide. The SVG keeps its shape, so
    the box is the board itself. Runs whenever the board is drawn again or resized. */
function fitBoard() {
  const board = $('board');
  const svg = board.querySelector(':scope > svg:first-child'); // the board; any other SVG is a note
  board.classList.remove('side');
  const {width, height} = svg?.viewBox.baseVal ?? {};
  if (board.hidden || !width || !height) return;
  const size = (pixels) => { svg.style.width = `${Math.floor(Math.max(pixels, 0))}px`; };
  const notes = [...board.children].filter((node) => node !== svg).reduce((sum, node) => {
    const style = getComputedStyle(node);
    return sum + node.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  }, 0);
  const below = Math.min(board.clientWidth, (board.clientHeight - notes) * width / height);
  const beside = Math.min(board.clientWidth * SIDE_SHARE, board.clientHeight * width / height);
  if (notes > 0 && beside >= below * SIDE_GAIN) {
    board.classList.add('side');
    size(beside);
    if (board.scrollHeight <= board.clientHeight) return;
    board.classList.remove('side'); // the notes do not fit beside it
  }
  size(below);
}

// -- view and replay ----------------------------------------------------------------

async function showPly(ply) {
  wanted = Math.max(0, Math.min(total(), ply));
  draw();
  const mine = wanted;
  let answer = shown.get(mine);
  if (!answer) {
    answer = await call({op: 'load', record: cut(mine), seat: null});
    if (!answer.ok) throw new EmbedError(`Move ${mine} cannot be shown: ${answer.error.message}.`);
    shown.set(mine, answer);
  }
  if (mine !== wanted) return; // a later step has been asked for
  snap = answer;
  draw();
}

function step(ply) {
  if (!snap || ply < 0 || ply > total() || ply === wanted) return;
  showPly(ply).catch(report);
}

function onKey(event) {
  if (params.mode !== 'replay' || event.altKey || event.ctrlKey || event.metaKey) return;
  const ply = {ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: total()}[event.key];
  if (ply === undefined) return;
  event.preventDefault();
  step(ply);
}

// -- play ---------------------------------------------------------------------------

async function startPlay() {
  epoch += 1;
  handover = null;
  problem = '';
  const people = humans();
  viewer = people.length === 1 ? people[0] : null;
  // Without a record, a new game each time: its seed (its deal, its dice) is the worker's to draw.
  const request = params.record ? {op: 'load', record: cut(start)} : {op: 'new', game: full.game, players: full.players};
  const answer = await whileBusy({...request, ...seatOf()});
  if (answer && !answer.ok) throw new EmbedError(`This position cannot be played: ${answer.error.message}.`);
  if (answer) adopt(answer);
}

/** Sends a request with the board locked; null if the position changed meanwhile. */
async function whileBusy(request) {
  busy = true;
  const mine = ++epoch;
  draw();
  const answer = await call(request);
  busy = false;
  if (mine !== epoch) return null;
  return answer;
}

function adopt(answer) {
  snap = answer;
  problem = '';
  epoch += 1;
  if (changeViewer()) return;
  draw();
  if (snap.outcome || handover !== null || !isComputer(snap.to_move)) return;
  const mine = epoch;
  setTimeout(() => { if (mine === epoch) computerMove(); }, snap.to_move === -1 ? PACES[pace()].chance : PACES[pace()].turn);
}

async function computerMove() {
  const mine = epoch;
  const seat = snap.to_move;
  thinking = mine;
  draw();
  const answer = await call({op: 'computer_move', ...recordOf(), ...seatOf(), player: 'search',
    budget_ms: seat === -1 ? 1 : COMPUTER_MS, level: 'quick'});
  if (thinking === mine) thinking = -1;
  if (mine !== epoch) return;
  if (!answer.ok) {
    problem = `The computer could not move: ${answer.error.message}.`;
    return draw();
  }
  adopt(answer);
}

async function humanMove(move) {
  if (!interactive()) return;
  const answer = await whileBusy({op: 'play', ...recordOf(), ...seatOf(), move});
  if (!answer) return;
  if (!answer.ok) {
    problem = `${answer.error.message[0].toUpperCase()}${answer.error.message.slice(1)}.`;
    return draw();
  }
  adopt(answer);
}

/** With hidden cards, switches the screen to the seat it should show (viewer.js), through the
    hand-over screen when the device passes between people; true if it started a switch. */
function changeViewer() {
  if (!info.has_hidden_info || handover !== null) return false;
  const change = viewerChange({humans: humans(), toMove: snap.to_move, over: Boolean(snap.outcome), viewer});
  if (!change) return false;
  ({viewer, handover} = change);
  showViewer();
  return true;
}

async function showViewer() {
  const answer = await whileBusy({op: 'load', ...recordOf(), seat: viewer});
  if (!answer) return;
  if (!answer.ok) {
    problem = answer.error.message;
    return draw();
  }
  adopt(answer);
}

function handOver() {
  if (handover === null || busy) return;
  viewer = handover;
  handover = null;
  showViewer();
}

// -- start --------------------------------------------------------------------------

function report(error) {
  fail(error instanceof EmbedError ? error.message : `Something went wrong: ${error?.message ?? error}.`);
}

async function main() {
  params = readAddress();
  root.dataset.mode = params.mode;
  // What can be checked without Python is checked before it starts.
  const record = params.record ? await decodeRecord(params.record) : null;
  if (record && record.game !== params.game) {
    throw new EmbedError(`The record is a game of ${quote(record.game)}, not of ${quote(params.game)}.`);
  }
  const moves = record?.moves.length ?? 0;
  start = params.move ?? moves;
  if (start > moves) throw new EmbedError(`The record has ${moves} move${moves === 1 ? '' : 's'}: there is no move ${start}.`);
  const file = () => bakedFile(new URL(`rules/diagrams/${params.game}/${params.baked}.json`, location.href), params.record);
  engine = params.mode === 'play' ? startEngine() // Python boots while the renderer loads
    : params.baked ? bakedEngine(file()) : params.preview ? bakedEngine(answersFromParent(params.record)) : startEngine();
  try {
    renderer = await import(`./games/${params.game}.js`);
  } catch {
    throw new EmbedError(`There is no game called ${quote(params.game)} here.`);
  }
  new MutationObserver(fitBoard).observe($('board'), {childList: true});
  new ResizeObserver(fitBoard).observe($('board'));
  draw(); // the empty board while Python starts
  try {
    await engine.ready;
  } catch (error) {
    throw new EmbedError(`Python could not start in this browser: ${error?.message ?? error}.`);
  }
  const catalogue = await call({op: 'games', game: params.game});
  info = catalogue.ok && catalogue.games[0];
  if (!info) throw new EmbedError(`There is no game called ${quote(params.game)} here.`);
  document.title = `${info.title} · pygames`;
  root.setAttribute('aria-label', `${info.title} board`);

  full = record ?? {game: params.game, players: info.min_players, moves: [], seed: 0};
  // The whole record must replay, even past the move shown: a replay may step there.
  const whole = await call({op: 'load', record: full, seat: null});
  if (!whole.ok) throw new EmbedError(`The record cannot be shown: ${whole.error.message}.`);
  const seat = parseSeat(params.seat, whole.record.players);

  if (params.mode === 'play') {
    seatKinds = Array.from({length: whole.record.players}, (_, s) => (seat === null || s === seat ? 'human' : 'computer'));
    $('restart').onclick = () => startPlay().catch(report);
    $('handover').querySelector('button').onclick = handOver;
    return startPlay();
  }
  shown.set(total(), whole);
  $('first').onclick = () => step(0);
  $('back').onclick = () => step(wanted - 1);
  $('forward').onclick = () => step(wanted + 1);
  $('last').onclick = () => step(total());
  document.addEventListener('keydown', onKey);
  return showPly(start);
}

main().catch(report);
