// Sealed records, for games with hidden information (used by worker.js only).
//
// Until such a game is over its record names every card dealt, so the page must not hold it: the
// worker encrypts it (AES-GCM) into an opaque string the page keeps and sends back, as it keeps a
// plain record for other games. The key is made once per browser, cannot be exported, and is kept
// in IndexedDB, so a sealed game survives a reload. AES-GCM also authenticates: a sealed string
// that was changed, or made in another browser, is refused instead of being read wrongly.
// Where IndexedDB is unavailable (some private modes) the key lives only as long as the worker.

const PREFIX = 's1.';
const DATABASE = 'pygames';
const STORE = 'keys';
const KEY_NAME = 'seal';

let key = null; // a promise of the CryptoKey

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

async function storedKey(fresh) {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const database = await request(open);
  try {
    // One transaction reads and, if there is none yet, writes: two tabs starting at once agree.
    const store = database.transaction(STORE, 'readwrite').objectStore(STORE);
    const existing = await request(store.get(KEY_NAME));
    if (existing) return existing;
    await request(store.add(fresh, KEY_NAME));
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

/** The record as an opaque string. */
export async function seal(record) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(record));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({name: 'AES-GCM', iv}, await sealingKey(), plain));
  const bytes = new Uint8Array(iv.length + cipher.length);
  bytes.set(iv);
  bytes.set(cipher, iv.length);
  return PREFIX + toBase64Url(bytes);
}

/** The record inside a string made by seal(); throws an Error in words if it cannot be opened. */
export async function unseal(sealed) {
  if (typeof sealed !== 'string' || !sealed.startsWith(PREFIX)) throw new Error('this is not a sealed game');
  let plain;
  try {
    const bytes = fromBase64Url(sealed.slice(PREFIX.length));
    const decrypted = await crypto.subtle.decrypt(
      {name: 'AES-GCM', iv: bytes.subarray(0, 12)}, await sealingKey(), bytes.subarray(12));
    plain = new TextDecoder().decode(decrypted);
  } catch {
    throw new Error('this sealed game was changed, or was saved in another browser, and cannot be opened');
  }
  return JSON.parse(plain);
}
