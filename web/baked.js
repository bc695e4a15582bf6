/* An engine of the shape of client.js's that answers from answers known in advance, so a
   diagram shows at once and its frame never starts Python: a rules page's diagram reads them
   from a file baked at build time (rules/diagrams/<game>/<id>.json, written by site_rules.py),
   and the table's Embed preview gets them from the table, whose Python is already running.
   A request they do not answer (a replay stepped far from its first move), or answers that are
   missing or were made for another record, go to the real engine, which starts then. */
import {startEngine} from './client.js';

/** The answers in a baked file made for `recordText` (the record in its URL form), or null. */
export function bakedFile(fileUrl, recordText) {
  return fetch(fileUrl)
    .then((response) => (response.ok ? response.json() : null))
    .then((baked) => (baked?.record === recordText ? baked.answers : null))
    .catch(() => null);
}

/** The answers the page that frames this one (the table, same origin) sends for `recordText`,
    or null if none come within `waitMs`. */
export function answersFromParent(recordText, waitMs = 3000) {
  return new Promise((resolve) => {
    if (window.parent === window) return resolve(null);
    const timer = setTimeout(() => resolve(null), waitMs);
    window.addEventListener('message', (event) => {
      if (event.source !== window.parent || event.origin !== location.origin || event.data?.type !== 'pygames-answers') return;
      clearTimeout(timer);
      resolve(event.data.record === recordText ? event.data.answers : null);
    });
    window.parent.postMessage({type: 'pygames-preview'}, location.origin);
  });
}

/** `answers` (a promise of {games | "load <moves>": answer}, or of null) in front of the real engine. */
export function bakedEngine(answers) {
  return {
    ready: answers.then(() => ({})),
    async call(request) {
      const known = await answers;
      const key = request?.op === 'games' ? 'games'
        : request?.op === 'load' && Array.isArray(request.record?.moves) ? `load ${request.record.moves.length}` : null;
      if (known && key && Object.hasOwn(known, key)) return structuredClone(known[key]);
      return startEngine().call(request);
    },
  };
}
