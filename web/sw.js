// The service worker: offline play. It keeps every file of one build of the site (Pyodide's
// runtime included) in a cache named by that build's content hash, and answers from that cache
// first, so after one visit the whole site plays with the network off. pwa.js registers it.
//
// build.py writes the build hash and the file list into BUILD below, rather than this worker
// fetching manifest.json at install: the browser finds a new version by comparing sw.js byte for
// byte, so every build that changes any file must change this file too. With the list inside,
// it does, and the install needs nothing but the files themselves.
//
// Each file is fetched with its sha256 as subresource integrity, so a cache can only hold the
// build it is named after, never a mix (say, when a deploy lands during an install). There is
// no size limit: the 9 MB wasm and the 2.5 MB standard library are cached like any other file.
//
// A new version installs beside the old one and waits: it takes over only when pwa.js asks
// (the player clicked Reload) or when every tab of the site is closed.

const BUILD = /*BUILD_INFO*/ { "build": "", "files": {} } /*END_BUILD_INFO*/;

const PREFIX = 'pygames-';
const CACHE = PREFIX + BUILD.build;
const BASE = new URL('./', self.location.href);

self.addEventListener('install', (event) => {
  // addAll is all or nothing: if one file fails, the cache gains nothing, the install fails, and
  // the browser tries again on a later visit. A failed install never serves, so no page ever
  // sees a half-filled cache. 'no-cache' asks the server again instead of trusting the HTTP
  // cache blindly; an unchanged file costs a 304.
  const requests = Object.entries(BUILD.files).map(
    ([path, integrity]) => new Request(new URL(path, BASE), {integrity, cache: 'no-cache'}));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // On the first visit this takes over the page that registered, so it plays offline without
    // a reload. (A later version reaches here only after Reload, or with every tab closed.)
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const path = precachedPath(event.request);
  if (path !== null) event.respondWith(fromCache(path, event.request));
});

/** The file of BUILD.files that answers `request`, or null to leave it to the network. */
function precachedPath(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return null;
  const path = url.pathname.slice(BASE.pathname.length).replace(/(^|\/)$/, '$1index.html');
  if (!Object.hasOwn(BUILD.files, path)) return null;
  // Pages read their settings from the query (play.html?game=go), so the query does not change
  // the file. Nothing else is asked for with one: a query there means something we do not know.
  if (url.search && !path.endsWith('.html')) return null;
  return path;
}

async function fromCache(path, request) {
  const cache = await caches.open(CACHE);
  // Nothing cached means the browser evicted the cache to free space: the network still has it.
  return (await cache.match(new URL(path, BASE))) ?? fetch(request);
}
