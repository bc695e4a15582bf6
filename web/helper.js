// A helper of the Python engine: a Python of its own, in a module worker that worker.js starts
// for the strong level, to run one of a computer move's searches side by side with the engine's
// own (root parallel: bridge.py's "search_part"). Only worker.js holds it, so the page can never
// ask it anything, and the full records it is sent (every card dealt) never reach the page.
//
//   worker.js -> helper  {pyodide, wheel, key}    first: start Python, from the memory snapshot
//                                                 stored under key if there is one
//   helper -> worker.js  {ready: true}, or {failed: message} (then it is closed)
//   worker.js -> helper  {id, request}            a request for bridge.handle_inner, an object
//   helper -> worker.js  {id, answer}             its answer, parsed
import {download, unpackWheel} from './python-start.js';
import {savedSnapshot} from './snapshot.js';

let started = null; // bridge.handle_inner, once Python is up

self.onmessage = ({data}) => {
  if (started === null) {
    started = start(data);
    started.then(() => postMessage({ready: true}), (error) => postMessage({failed: String(error?.message ?? error)}));
    return;
  }
  started.then((handleInner) => {
    let answer;
    try {
      answer = JSON.parse(handleInner(JSON.stringify(data.request)));
    } catch (error) { // handle_inner never raises: this is Pyodide itself failing
      answer = {ok: false, error: {code: 'internal', message: String(error?.message ?? error)}};
    }
    postMessage({id: data.id, answer});
  });
};

async function start({pyodide, wheel, key}) {
  const here = (path) => new URL(path, import.meta.url).href;
  const {loadPyodide} = await import(here(`${pyodide}pyodide.mjs`));
  const indexURL = here(pyodide);
  const found = await savedSnapshot(key);
  if (found) {
    try {
      const python = await loadPyodide({indexURL, _loadSnapshot: found.bytes});
      return python.pyimport('pygames_core.bridge').handle_inner;
    } catch {
      // a damaged snapshot, which worker.js forgets: start afresh
    }
  }
  const python = await loadPyodide({indexURL});
  unpackWheel(python, await download(here(wheel)));
  return python.pyimport('pygames_core.bridge').handle_inner;
}
