// Sealed records, for games with hidden information (used by worker.js only).
//
// Until such a game is over its record names every card dealt, so the page must not hold it: the
// worker encrypts it (AES-GCM) into an opaque string the page keeps and sends back, as it keeps a
// plain record for other games. The key is made once per browser, cannot be exported, and is kept
// in IndexedDB, so a sealed game survives a reload. AES-GCM also authenticates: a sealed string
// that was changed, or made in another browser, is refused instead of being read wrongly.
// Where IndexedDB is unavailable (some private modes) the key lives only as long as the worker.
//
// What is sealed is an envelope, {record, humans}: `humans` are the seats people played when the
// game began, the only seats whose cards this screen may ever show. Its JSON is padded with spaces
// to a multiple of PAD bytes, so the sealed string's length does not tell which card was drawn.
//
// The key's store recovers by itself: a database of another version is opened as it is (the
// store is added if it is missing, and nothing else in it is touched), and a stored value that
// is not a usable key is replaced by a new one. Games sealed with a lost key cannot be opened
// again; unseal() then says so.

const PREFIX = 's2.';
const OLD_PREFIX = 's1.'; // a bare record, before envelopes and padding
const PAD = 256;
const DATABASE = 'pygames';
const STORE = 'keys';
const KEY_NAME = 'seal';

let key = null; // a promise of the CryptoKey
let keyLost = false; // a stored key could not be used and was replaced

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

/** The pygames database with its key store, whatever version it was left at. */
async function openDatabase() {
  const first = indexedDB.open(DATABASE);
  first.onupgradeneeded = () => first.result.createObjectStore(STORE); // a new database
  const database = await request(first);
  if (database.objectStoreNames.contains(STORE)) return database;
  const version = database.version + 1;
  database.close();
  const upgrade = indexedDB.open(DATABASE, version);
  upgrade.onupgradeneeded = () => upgrade.result.createObjectStore(STORE);
  return request(upgrade);
}

const usable = (value) => value instanceof CryptoKey && value.algorithm?.name === 'AES-GCM'
  && value.usages.includes('encrypt') && value.usages.includes('decrypt');

async function storedKey(fresh) {
  const database = await openDatabase();
  try {
    // One transaction reads and, if there is none yet, writes: two tabs starting at once agree.
    const store = database.transaction(STORE, 'readwrite').objectStore(STORE);
    const existing = await request(store.get(KEY_NAME));
    if (usable(existing)) return existing;
    keyLost = existing !== undefined;
    await request(store.put(fresh, KEY_NAME));
    return fresh;
  } finally {
    database.close();
  }
}

function sealingKey() {
  if (key === null) {
    key = crypto.subtle.generateKey({name: 'AES-GCM', length: 256}, false, ['encrypt', 'decrypt'])
      .then((fresh) => storedKey(fresh).catch(() => fresh));
  }
  return key;
}

function toBase64Url(bytes) {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The envelope {record, humans} as an opaque string. */
export async function seal(envelope) {
  const json = new TextEncoder().encode(JSON.stringify(envelope));
  const plain = new Uint8Array(Math.ceil((json.length + 1) / PAD) * PAD).fill(0x20); // JSON ignores the spaces
  plain.set(json);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({name: 'AES-GCM', iv}, await sealingKey(), plain));
  const bytes = new Uint8Array(iv.length + cipher.length);
  bytes.set(iv);
  bytes.set(cipher, iv.length);
  return PREFIX + toBase64Url(bytes);
}

/** The envelope {record, humans} inside a string made by seal() (humans null for a game sealed
    before envelopes); throws an Error in words if it cannot be opened. */
export async function unseal(sealed) {
  const prefix = [PREFIX, OLD_PREFIX].find((known) => typeof sealed === 'string' && sealed.startsWith(known));
  if (!prefix) throw new Error('this is not a sealed game');
  let opened;
  try {
    const bytes = fromBase64Url(sealed.slice(prefix.length));
    const decrypted = await crypto.subtle.decrypt(
      {name: 'AES-GCM', iv: bytes.subarray(0, 12)}, await sealingKey(), bytes.subarray(12));
    opened = JSON.parse(new TextDecoder().decode(decrypted));
  } catch {
    throw new Error(keyLost
      ? 'this game was sealed with a key this browser had stored, which was damaged and has been replaced: it cannot be opened'
      : 'this sealed game was changed, or was saved in another browser, and cannot be opened');
  }
  return prefix === OLD_PREFIX ? {record: opened, humans: null} : opened;
}
