// Sound, off until switched on (one switch for the whole site, kept in localStorage): a soft click
// for each move and a short chime at the end of a game. The sounds are made with the Web Audio API,
// so there is no file to download and nothing plays before a person has switched it on.

const KEY = 'pygames.sound';
let context = null;

export function soundOn() {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSound(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch { /* storage off: the switch lasts for this page */ }
  if (on) audio(); // created in the click that switched it on, as browsers ask
}

function audio() {
  if (context === null && typeof AudioContext === 'function') context = new AudioContext();
  if (context?.state === 'suspended') context.resume();
  return context;
}

/** A tone of `frequency` Hz starting `delay` s from now, fading out over `length` s. */
function tone(frequency, delay, length, volume) {
  const out = audio();
  if (!out) return;
  const start = out.currentTime + delay;
  const oscillator = new OscillatorNode(out, {type: 'sine', frequency});
  const gain = new GainNode(out, {gain: 0});
  gain.gain.linearRampToValueAtTime(volume, start + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(out.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.05);
}

/** A soft click: a move was made. */
export function moveSound() {
  if (soundOn()) tone(880, 0, 0.06, 0.08);
}

/** A short rising chime: the game is over. */
export function endSound() {
  if (!soundOn()) return;
  [523.25, 659.25, 783.99].forEach((frequency, index) => tone(frequency, index * 0.12, 0.5, 0.09));
}
