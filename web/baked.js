/* An engine for a rules page's diagram that answers from a file baked at build time
   (rules/diagrams/<game>/<id>.json, written by site_rules.py), so the diagram shows at once and
   its frame never starts Python. It has the shape of client.js's engine. A request the file
   does not answer (a replay stepped far from its first move), or a file that is missing or was
   made for another record, goes to the real engine, which starts then. */
import {startEngine} from './client.js';

export function bakedEngine(fileUrl, recordText) {
  const answers = fetch(fileUrl)
    .then((response) => (response.ok ? response.json() : null))
    .then((baked) => (baked?.record === recordText ? baked.answers : null))
    .catch(() => null);
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
