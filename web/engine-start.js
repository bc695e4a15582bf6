// The table's first script: it starts Python's worker (client.js) before app.js and its imports
// have loaded, since Python's start is what a visitor waits for. app.js gets the same engine.
import {startEngine} from './client.js';

startEngine();
