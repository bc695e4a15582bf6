// Saved games, kept in localStorage so that nothing is lost: not to a reload, a crashed tab, going
// offline, nor a new game started by mistake.
//
//   pygames.saves        the index, newest first: [{id, game, ply, over, updated}]
//   pygames.save.<id>    one game: {game, record} (a plain record) or {game, sealed} (hidden cards)
//
// Whatever cannot be read is moved aside, under pygames.aside.<when>, and reported; nothing here
// throws. Finished games are kept only while they are among the newest few.

const INDEX = 'pygames.saves';
const PREFIX = 'pygames.save.';
const ASIDE = 'pygames.aside.';
const KEEP_FINISHED = 10;
const GAME_ID = /^[a-z][a-z0-9_]{0,30}$/;
const SAVE_ID = /^[a-z0-9]{1,24}$/;

function read(key) {
  try {
    return {text: localStorage.getItem(key)};
  } catch {
    return {text: null}; // storage switched off: there is nothing saved
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false; // full or switched off: the game goes on, unsaved
  }
}

function setAside(text) {
  write(`${ASIDE}${Date.now()}${Math.random().toString(36).slice(2, 6)}`, text);
}

function validEntry(entry) {
  return entry !== null && typeof entry === 'object' && SAVE_ID.test(entry.id) && GAME_ID.test(entry.game)
    && Number.isInteger(entry.ply) && entry.ply >= 0 && typeof entry.over === 'boolean'
    && Number.isFinite(entry.updated);
}

/** {saves, problems}: the index entries that can be read, and how many could not. */
export function listSaves() {
  const {text} = read(INDEX);
  if (text === null) return {saves: [], problems: 0};
  let entries;
  try {
    entries = JSON.parse(text);
  } catch {
    entries = null;
  }
  if (!Array.isArray(entries)) {
    setAside(text);
    write(INDEX, null);
    return {saves: [], problems: 1};
  }
  const saves = entries.filter(validEntry);
  if (saves.length < entries.length) {
    setAside(JSON.stringify(entries.filter((entry) => !validEntry(entry))));
    write(INDEX, saves);
  }
  return {saves, problems: entries.length - saves.length};
}

/** The unfinished games, newest first (optionally of one game). */
export function unfinished(game = null) {
  return listSaves().saves.filter((entry) => !entry.over && (game === null || entry.game === game));
}

/** {save, problem}: the saved game `id` of `game`; or save null, with the reason in words when
    there was something that could not be read. */
export function readSave(id, game) {
  if (!SAVE_ID.test(id ?? '')) return {save: null, problem: null};
  const {text} = read(PREFIX + id);
  if (text === null) return {save: null, problem: null};
  let save = null;
  try {
    save = JSON.parse(text);
  } catch { /* handled below */ }
  const readable = save !== null && typeof save === 'object' && save.game === game
    && ((typeof save.sealed === 'string') || (save.record !== null && typeof save.record === 'object'));
  if (!readable) {
    setAside(text);
    deleteSave(id);
    return {save: null, problem: 'the saved game could not be read and was set aside'};
  }
  return {save, problem: null};
}

/** Saves a game under `id`: {game, record} or {game, sealed}, with its ply and whether it is over. */
export function writeSave(id, {game, record = null, sealed = null, ply, over}) {
  const stored = sealed ? {game, sealed} : {game, record};
  if (!write(PREFIX + id, stored)) return false;
  const others = listSaves().saves.filter((entry) => entry.id !== id);
  const index = [{id, game, ply, over, updated: Date.now()}, ...others];
  let finished = 0;
  const kept = index.filter((entry) => !entry.over || ++finished <= KEEP_FINISHED);
  for (const entry of index) if (!kept.includes(entry)) write(PREFIX + entry.id, null);
  return write(INDEX, kept);
}

/** Moves saved game `id` aside, for a save that reads but does not replay. */
export function setSaveAside(id) {
  const {text} = read(PREFIX + id);
  if (text !== null) setAside(text);
  deleteSave(id);
}

export function deleteSave(id) {
  write(PREFIX + id, null);
  const {saves} = listSaves();
  write(INDEX, saves.filter((entry) => entry.id !== id));
}

export function newSaveId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}
