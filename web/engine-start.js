// The table's first script: before app.js and its imports have loaded, it starts what the first
// position waits for: Python's worker (client.js), the game's baked start (starts/<id>.json, from
// site_starts.py) and its renderer (games/<id>.js). app.js takes the last two from here.
import {startEngine} from './client.js';

export const gameId = new URLSearchParams(location.search).get('game') || '';
const named = /^[a-z][a-z0-9_]{0,30}$/.test(gameId);

/** The baked start of this game, or null (none baked, or no game named). */
export const bakedStart = named
  ? fetch(`starts/${gameId}.json`).then((response) => (response.ok ? response.json() : null)).catch(() => null)
  : Promise.resolve(null);

/** The game's renderer module; rejects when there is no such game. */
export const renderer = named ? import(`./games/${gameId}.js`) : Promise.reject(new Error('No game was chosen.'));
renderer.catch(() => {}); // app.js tells the person
if (named) import('./games/svg.js').catch(() => {}); // what every renderer draws with: beside it, not after it

startEngine();
