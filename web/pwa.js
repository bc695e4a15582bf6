// Offline play: registers the service worker (sw.js), which keeps this build of the site in the
// browser, and offers the next build once it has been saved beside this one.
//
// The next build never takes over by itself: a bar says "Update available" and only its Reload
// button switches to it and reloads the page, so nobody is thrown out of a game mid-move. (A
// reload keeps the game: the table holds it in the address and in localStorage.)
// Without a service worker (an old browser, a profile that refuses them) the site plays online.
//
//   import {keepOffline} from './pwa.js';
//   keepOffline(engine.ready);   // registers once that settles (by default, once the page has loaded)
//
// A first visit's install fetches and stores the whole build, Pyodide included (16 MB). Begun
// with the page, it raced the table's own requests and Python's start for the network and both
// cores, so it begins after them.

/** Registers sw.js once `after` settles, however it settles. */
export function keepOffline(after = loaded()) {
  if (!('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register(new URL('./sw.js', import.meta.url)).then(
    // A browser set to block service workers (as the tests' Playwright is) resolves with none.
    (registration) => registration && watch(registration),
    (error) => console.warn(`pygames: offline play is unavailable: ${error?.message ?? error}`));
  after.then(register, register);
}

function loaded() {
  return document.readyState === 'complete' ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', resolve, {once: true}));
}

function watch(registration) {
  // No controller means this is the first visit: the worker being installed is the first copy,
  // not an update, and it takes over by itself (sw.js claims the page).
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) offerUpdate(registration);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    let installed = false;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') {
        installed = true;
        if (isUpdate()) offerUpdate(registration);
      } else if (worker.state === 'redundant' && !installed) {
        console.warn('pygames: this version could not be saved for offline play; the next visit tries again');
      }
    });
  });
  // A tab left open for days still hears of new versions: look again when it comes back to view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      registration.update().catch(() => {}); // offline or a server hiccup: the next look will do
    }
  });
}

let bar = null;

function offerUpdate(registration) {
  if (bar !== null) return;
  bar = document.createElement('div');
  bar.className = 'update-bar';
  bar.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = 'Update available';
  const reload = Object.assign(document.createElement('button'), {type: 'button', textContent: 'Reload'});
  reload.addEventListener('click', () => {
    reload.disabled = true;
    const waiting = registration.waiting;
    if (waiting === null) { // another tab has switched already: this page only needs the new files
      location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {once: true});
    waiting.postMessage('skipWaiting');
  });
  const later = Object.assign(document.createElement('button'), {type: 'button', textContent: '×', className: 'later'});
  later.setAttribute('aria-label', 'Not now');
  later.addEventListener('click', () => bar.remove());
  bar.append(text, reload, later);
  document.body.append(bar);
}
