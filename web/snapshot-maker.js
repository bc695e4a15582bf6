// Makes the memory snapshot that later visits boot Python from (worker.js, snapshot.js): a module
// worker of its own, started by worker.js once the table is idle after a start without one. It
// boots a Python that never sees a game (so no card of a game in progress can be left in the
// image, not even in freed memory), unpacks our wheel, imports every module of ours (the bridge's
// "preload": a Python booted from the image has them in memory but not on its file system),
// stores the image and says {stored, bytes}. Then it is closed.
import {download, unpackWheel} from './python-start.js';
import {storeSnapshot} from './snapshot.js';

self.onmessage = async ({data: {pyodide, wheel, key}}) => {
  let stored = false;
  let bytes = 0;
  try {
    const here = (path) => new URL(path, import.meta.url).href;
    const {loadPyodide} = await import(here(`${pyodide}pyodide.mjs`));
    const python = await loadPyodide({indexURL: here(pyodide), _makeSnapshot: true});
    unpackWheel(python, await download(here(wheel)));
    if (JSON.parse(python.pyimport('pygames_core.bridge').handle('{"op": "preload"}')).ok) {
      const image = python.makeMemorySnapshot();
      bytes = image.length;
      stored = await storeSnapshot(key, image);
    }
  } catch {
    // no snapshot this time: the next visit starts as this one did, and tries again
  }
  postMessage({stored, bytes});
};
