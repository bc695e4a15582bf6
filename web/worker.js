// The Python engine: a module Web Worker that owns Pyodide, so the page never waits on Python.
//
// Protocol (client.js speaks it; see there):
//   worker -> page  {type: "progress", stage, ms}   stage: "runtime", "snapshot" (found), "package", "import"
//   worker -> page  {type: "ready", ms, stages, snapshot}   ms since the worker started; stages: ms
//                                                   at each; snapshot: whether Python booted from one
//   worker -> page  {type: "snapshot", ms, bytes}   a memory snapshot was made and stored
//   worker -> page  {type: "error", message}        start-up failed; the engine is unusable
//   page -> worker  {id, request}                   request: a bridge request object, e.g. {op: "games"}
//   worker -> page  {id, answer}                    answer: the parsed bridge answer ({ok: true, ...}
//                                                   or {ok: false, error: {code, message}})
//   worker -> page  {id, error}                     only when start-up failed (message as above)
// Requests that arrive before "ready" wait in a queue, and all are answered in order.
// A computer_move or hint with `parallel: true` is searched side by side in helper workers (see
// "helpers" below); its answer's `parts` lists the iterations of each search ([]: the bridge
// searched alone).
//
// Hidden information: while such a game is not over, the bridge's snapshot carries `public`, the
// record as the viewing seat may read it. The worker then seals the full record (seal.js) and
// answers {sealed, record: public, humans, ...}: the page never holds a card it may not see. The
// page sends the sealed string back as `sealed` in place of `record`.
// - The seed of every new game is drawn here (crypto.getRandomValues), never taken from the page:
//   for a game with hidden cards it stays inside the sealed record. So is the seed of a computer
//   move the page gives none (the search never reads hidden cards, so any seed is safe).
// - The page names its human seats now (`humans`). The seal keeps the seats that were human when
//   the game began, and the answer tells them to the page (`humans`); the page may hand some of
//   them to the computer, but a seat the computer began with never becomes a person's while cards
//   are hidden: it is left out. The bridge then shows only the seats the screen may show
//   (bridge.py, "not_your_seat"). Every request reaches the bridge with `humans`.
//
// Everything comes from this site, never from a CDN. build.py fills BUILD with this build's paths
// (relative to this file): the Pyodide runtime folder and our wheel.
//
// Our wheel is unpacked straight into site-packages, not installed with micropip: it has no
// dependencies to resolve, and importing micropip alone cost 0.8-1.1 s of a 4-5 s start here.
//
// Return visits boot from a memory snapshot (snapshot.js): after a start without one, once the
// page is idle, a worker of its own makes one (snapshot-maker.js), and later starts load Python's
// memory from it instead of starting Python and importing (4-6 s become about half a second). A
// snapshot that is missing, stale or damaged, or cannot be stored, only means the normal start.
import {download, unpackWheel} from './python-start.js';
import {seal, unseal} from './seal.js';
import {forgetSnapshot, savedSnapshot} from './snapshot.js';

const BUILD = /*BUILD_INFO*/ { "pyodide": "pyodide/", "wheel": "" } /*END_BUILD_INFO*/;

const here = (path) => new URL(path, import.meta.url).href;
const elapsed = () => Math.round(performance.now());
const stages = {};

function progress(stage) {
  stages[stage] = elapsed();
  postMessage({ type: "progress", stage, ms: stages[stage] });
}

// Start every download at once: Pyodide's own fetches (the wasm, the standard library, the lock
// file) would begin only once pyodide.mjs has loaded and the snapshot store has been looked in,
// and on a return visit they came late enough to hold Python's start back. Our wheel, needed only
// without a snapshot, is fetched once the snapshot store has been looked in, and held in memory
// until Python is up.
progress("runtime");
const snapshotKey = here(`python-snapshot?${encodeURIComponent(BUILD.pyodide + BUILD.wheel)}`); // this build's Python
const saved = savedSnapshot(snapshotKey); // first: on a return visit it is what the start waits for
const runtime = import(here(BUILD.pyodide + "pyodide.mjs"));
import(here(BUILD.pyodide + "pyodide.asm.mjs")).catch(() => {}); // loadPyodide imports it again: the same module
const early = fetchEarly(["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map((name) => here(BUILD.pyodide + name)));
compileEarly(here(BUILD.pyodide + "pyodide.asm.wasm"), early);
const wheel = saved.then((found) => (found ? null : download(here(BUILD.wheel))));
wheel.catch(() => {}); // reported by boot(), not as an unhandled rejection

/** Fetches `urls` now; Pyodide's first fetch of each gets that download (or, should it have
    failed, a new one). A map of url to the download. */
function fetchEarly(urls) {
  const { fetch: fetchAny } = globalThis;
  const downloads = new Map(urls.map((url) => [url, fetchAny(url).catch(() => fetchAny(url))]));
  const waiting = new Map(downloads);
  globalThis.fetch = (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    const download = waiting.get(url);
    if (!download) return fetchAny(resource, init);
    waiting.delete(url);
    if (waiting.size === 0) globalThis.fetch = fetchAny;
    return download;
  };
  return downloads;
}

/** Compiles Pyodide's wasm from its early download now, while the snapshot is read (Pyodide
    waits for it, as it sizes Python's memory by it, before it even asks for the wasm), and hands
    the module to Pyodide when it asks. Should this compile fail, Pyodide compiles it again. */
function compileEarly(url, downloads) {
  const { WebAssembly: wasm } = globalThis;
  const { instantiateStreaming } = wasm;
  const download = downloads.get(url);
  const compiled = wasm.compileStreaming(download);
  compiled.catch(() => {});
  wasm.instantiateStreaming = async (source, imports) => {
    if (source !== download) return instantiateStreaming(source, imports);
    wasm.instantiateStreaming = instantiateStreaming;
    try {
      const module = await compiled;
      return { module, instance: await wasm.instantiate(module, imports) };
    } catch {
      return instantiateStreaming(fetch(url), imports);
    }
  };
}

let handle = null; // bridge.handle once ready
let handleInner = null; // bridge.handle_inner: our own requests, never the page's
let failure = null; // the start-up error message, if it failed
let fromSnapshot = false;
let snapshotWanted = false; // started without a snapshot: make one when the page is idle
const queue = [];

async function boot() {
  const { loadPyodide } = await runtime;
  const indexURL = here(BUILD.pyodide);
  const found = await saved;
  if (found) {
    progress("snapshot");
    try {
      const pyodide = await loadPyodide({ indexURL, _loadSnapshot: found.bytes });
      const bridge = pyodide.pyimport("pygames_core.bridge");
      if (!JSON.parse(bridge.handle('{"op": "games"}')).ok) throw new Error("the snapshot's bridge does not answer");
      ({ handle, handle_inner: handleInner } = bridge);
      fromSnapshot = true;
      return;
    } catch {
      await forgetSnapshot(snapshotKey); // damaged, or of another Pyodide: start afresh and make a new one
    }
  }
  const pyodide = await loadPyodide({ indexURL });
  progress("package");
  unpackWheel(pyodide, (await wheel) ?? (await download(here(BUILD.wheel))));
  progress("import");
  ({ handle, handle_inner: handleInner } = pyodide.pyimport("pygames_core.bridge"));
  snapshotWanted = typeof caches !== "undefined";
}

// The page has asked nothing for this long (a person thinking): the maker's second Python, about
// 5 s of one core, will not slow a game down. A shorter wait made it run in nearly every game.
const SNAPSHOT_IDLE_MS = 10_000;
let idleTimer = null;

/** After each answer: once the page has been idle a while, have a snapshot made, once. */
function snapshotWhenIdle() {
  if (!snapshotWanted) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    snapshotWanted = false;
    const maker = new Worker(here("snapshot-maker.js"), { type: "module" });
    maker.onmessage = ({ data }) => {
      maker.terminate();
      if (data?.stored) postMessage({ type: "snapshot", ms: elapsed(), bytes: data.bytes });
    };
    maker.onerror = () => maker.terminate(); // no snapshot this time: the next visit tries again
    maker.postMessage({ pyodide: BUILD.pyodide, wheel: BUILD.wheel, key: snapshotKey });
  }, SNAPSHOT_IDLE_MS);
}

/** A whole number below 2**53, so it stays exact as a JavaScript number. */
function randomSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 21) * 2 ** 32 + low;
}

async function respond(request) {
  const plainObject = request !== null && typeof request === "object" && !Array.isArray(request);
  let allowed = []; // the seats whose cards this screen may ever show: sealed with the game
  if (plainObject) {
    const { sealed, humans, ...rest } = request;
    const given = Array.isArray(humans) ? humans : [];
    allowed = given;
    if ("sealed" in request) {
      let envelope;
      try {
        envelope = await unseal(sealed);
      } catch (error) {
        return { ok: false, error: { code: "bad_record", message: error.message } };
      }
      allowed = envelope.humans ?? given; // a game sealed before envelopes: the page's word
      rest.record = envelope.record;
    }
    // Without a list, the sealed seats; with one, those of them the page still gives people.
    request = { ...rest, humans: Array.isArray(humans) ? given.filter((seat) => allowed.includes(seat)) : allowed };
    if (request.op === "new") request.seed = randomSeed();
    // The computer's own draws (a level's lapses, a search's playouts) then differ from game to
    // game, not only from ply to ply; the page may still name a seed.
    if (request.op === "computer_move" && !("seed" in request)) request.seed = randomSeed();
    if (request.op === "computer_move" || request.op === "hint") request = await searchedSideBySide(request);
  }
  let result;
  try {
    result = JSON.parse(handle(JSON.stringify(request ?? null)));
  } catch (error) {
    // bridge.handle never raises; this is Pyodide itself failing (out of memory, say).
    return { ok: false, error: { code: "internal", message: String(error?.message ?? error) } };
  }
  if (result.ok && "public" in result) {
    const { public: visible, ...rest } = result;
    if (visible !== null) {
      return { ...rest, record: visible, sealed: await seal({ record: result.record, humans: allowed }), humans: allowed };
    }
    return rest;
  }
  return result;
}

// -- helpers: the strong level's search, side by side -----------------------------------------
//
// A computer move or hint that asks for it (`parallel: true`: the page's strong level) is searched
// by this worker's Python and, at once, by helpers: Pythons of their own in workers this worker
// starts (helper.js), one for each core beyond the first, at most HELPERS_MOST. Each searches the
// same position for the whole budget with a seed of its own (bridge.py's "search_part"), and the
// bridge combines their root statistics (`parts`), which only this worker adds: any the page sends
// are dropped. Games whose search does not split (Go, Kalah, Backgammon) search here alone, and
// start no helpers: they start at the first request whose search splits, and take part once their
// Python is up. One that fails is left out, and so is an answer that comes later than
// HELPER_GRACE_MS past the budget, so a slow helper cannot hold a turn up.
const HELPERS_MOST = 3;
const HELPER_GRACE_MS = 100;
let helpers = null;

function startHelpers() {
  const cores = Number(navigator.hardwareConcurrency) || 1;
  helpers = Array.from({ length: Math.min(HELPERS_MOST, Math.max(0, cores - 1)) }, startHelper);
}

function startHelper() {
  const worker = new Worker(here("helper.js"), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  const helper = { ready: false, dead: false };
  const stop = () => {
    helper.dead = true;
    worker.terminate();
    for (const resolve of pending.values()) resolve(null);
    pending.clear();
  };
  worker.onmessage = ({ data }) => {
    if (data.ready) helper.ready = true;
    else if ("failed" in data) stop();
    else {
      pending.get(data.id)?.(data.answer);
      pending.delete(data.id);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    stop();
  };
  helper.ask = (request) => new Promise((resolve) => {
    if (helper.dead) return resolve(null);
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({ id, request });
  });
  worker.postMessage({ pyodide: BUILD.pyodide, wheel: BUILD.wheel, key: snapshotKey });
  return helper;
}

/** The computer_move or hint request to hand the bridge: with `parts` when the helpers searched it too. */
async function searchedSideBySide(request) {
  const { parts, parallel, ...plain } = request; // parts come from the helpers alone
  if (parallel !== true) return plain;
  const { record, player, budget_ms, seed } = plain;
  const asked = { op: "search_part", record, player, budget_ms, seed };
  const ready = (helpers ?? []).filter((helper) => helper.ready && !helper.dead);
  const answers = ready.map((helper, index) => helper.ask({ ...asked, part: index + 1 }));
  const due = performance.now() + (Number.isInteger(budget_ms) ? budget_ms : 0) + HELPER_GRACE_MS;
  const own = JSON.parse(handleInner(JSON.stringify({ ...asked, part: 0 })));
  if (!own.ok || own.part === null) return plain; // no split: the bridge searches alone
  if (helpers === null) startHelpers(); // only once a search splits: never for Go, Kalah or Backgammon
  let graceOver; // a search that settles early stops early: the others may still use their budget
  const grace = new Promise((resolve) => { graceOver = setTimeout(resolve, Math.max(0, due - performance.now()), null); });
  const theirs = await Promise.all(answers.map((answer) => Promise.race([answer, grace])));
  clearTimeout(graceOver);
  const found = theirs.filter((answer) => answer?.ok && answer.part).map((answer) => answer.part);
  return { ...plain, parts: [own.part, ...found] };
}

let inOrder = Promise.resolve(); // sealing is asynchronous; answers still leave in request order

function answer(id, request) {
  inOrder = inOrder.then(() => respond(request)).then(
    (result) => postMessage({ id, answer: result }),
    (error) => postMessage({ id, answer: { ok: false, error: { code: "internal", message: String(error?.message ?? error) } } }),
  );
  snapshotWhenIdle();
}

self.onmessage = (event) => {
  const { id, request } = event.data ?? {};
  if (failure !== null) postMessage({ id, error: failure });
  else if (handle === null) queue.push([id, request]);
  else answer(id, request);
};

// A wheel that cannot be downloaded fails the start at once, not after Pyodide has loaded.
const wheelFailure = wheel.then(() => new Promise(() => {}));

Promise.race([boot(), wheelFailure]).then(
  () => {
    postMessage({ type: "ready", ms: elapsed(), stages, snapshot: fromSnapshot });
    for (const [id, request] of queue.splice(0)) answer(id, request);
    snapshotWhenIdle();
  },
  (error) => {
    failure = `The Python engine could not start: ${error?.message ?? error}`;
    postMessage({ type: "error", message: failure });
    for (const [id] of queue.splice(0)) postMessage({ id, error: failure });
  },
);
