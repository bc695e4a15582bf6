// The page's side of the Python engine (worker.js).
//
//   import { startEngine } from "./client.js";
//   const engine = startEngine();              // starts the worker at once; the page goes on drawing
//   engine.onProgress(({ stage, ms }) => ...);  // "runtime", "snapshot", "package", "import", "ready",
//                                               // then "stored" once a memory snapshot is kept
//   await engine.ready;                         // resolves {ms, stages, snapshot}; rejects if Python cannot start
//   const answer = await engine.call({ op: "new", game: "kalah", options: {}, players: 2, seed: 1 });
//   if (answer.ok) ... else answer.error.code ...
//
// call() may be used before ready: requests wait in the worker and are answered in order. It
// resolves with the bridge's answer whether ok is true or false, and rejects only when the engine
// is gone (it could not start, it crashed, or it was terminated).
// There is one worker per page: startEngine() returns the same engine every time.

let engine = null;

export function startEngine() {
  if (engine === null) engine = createEngine();
  return engine;
}

function createEngine() {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  const listeners = new Set();
  let nextId = 1;
  let lastProgress = null;
  let dead = null;
  let settleReady;

  const ready = new Promise((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  ready.catch(() => {}); // a page that never awaits ready must not see an unhandled rejection

  function tell(progress) {
    lastProgress = progress;
    for (const listener of listeners) {
      try {
        listener(progress);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function die(message) {
    if (dead) return;
    dead = new Error(message);
    settleReady.reject(dead);
    for (const { reject } of pending.values()) reject(dead);
    pending.clear();
    worker.terminate();
    if (engine === api) engine = null; // a later startEngine() may try again
    tell({ stage: "error", message });
  }

  worker.onmessage = ({ data }) => {
    if (data.type === "progress") {
      tell({ stage: data.stage, ms: data.ms });
    } else if (data.type === "ready") {
      settleReady.resolve({ ms: data.ms, stages: data.stages, snapshot: Boolean(data.snapshot) });
      tell({ stage: "ready", ms: data.ms });
    } else if (data.type === "snapshot") {
      tell({ stage: "stored", ms: data.ms }); // Python's memory snapshot is stored for the next visit
    } else if (data.type === "error") {
      die(data.message);
    } else if (pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if ("error" in data) reject(new Error(data.error));
      else resolve(data.answer);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    die(`The Python engine stopped: ${event.message || "worker.js could not be loaded"}`);
  };
  worker.onmessageerror = () => die("The Python engine sent a message that could not be read");

  const api = {
    ready,
    call(request) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request });
      });
    },
    onProgress(listener) {
      listeners.add(listener);
      if (lastProgress) listener(lastProgress);
      return () => listeners.delete(listener);
    },
    terminate() {
      die("The Python engine was stopped");
    },
  };
  return api;
}
