// Python's memory, kept between visits so that a return visit need not start Python again
// (worker.js). One snapshot is kept, under a key naming the Pyodide runtime and our wheel: a
// snapshot of another build is deleted when this one is looked for. It is stored as it is (about
// 31 MB) in Cache Storage, under a name the service worker leaves alone: gzipped it took a sixth
// of the room, but unpacking it cost the worker's thread 150-200 ms of a start of 0.7-0.9 s. A
// snapshot of the wrong length is not used; one Pyodide refuses, or whose bridge does not answer,
// is forgotten by the worker. Nothing here throws: no snapshot, or no room for one, means the
// normal start.

const STORE = 'python-snapshot';

/** This build's snapshot, if one is stored: {bytes}, a promise of its bytes (it is read while
    Pyodide compiles; a damaged one rejects). Snapshots of other builds are deleted afterwards. */
export async function savedSnapshot(key) {
  try {
    const cache = await caches.open(STORE);
    const response = await cache.match(key);
    setTimeout(() => forgetOthers(cache, key).catch(() => {}), 0); // off the start's path

    if (!response) return null;
    const length = Number(response.headers.get('Snapshot-Length'));
    const bytes = response.arrayBuffer().then((buffer) => {
      if (buffer.byteLength !== length) throw new Error('a snapshot of the wrong length');
      return new Uint8Array(buffer);
    });
    bytes.catch(() => {}); // the worker hears of it from loadPyodide
    return {bytes};
  } catch {
    return null; // no Cache Storage here: the normal start
  }
}

/** Stores `bytes` as this build's snapshot; false if it could not be (no room, say). */
export async function storeSnapshot(key, bytes) {
  try {
    const cache = await caches.open(STORE);
    await cache.put(key, new Response(bytes, {headers: {
      'Content-Type': 'application/octet-stream', 'Snapshot-Length': String(bytes.length)}}));
    return true;
  } catch {
    return false;
  }
}

async function forgetOthers(cache, key) {
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
}

export async function forgetSnapshot(key) {
  try {
    await (await caches.open(STORE)).delete(key);
  } catch {
    // nothing to forget
  }
}
