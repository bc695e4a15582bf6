// How fast the computer plays, one switch for the whole site (kept in localStorage, like the
// sound): "normal" pauses before each of its turns so a person can follow them; "fast" barely
// pauses, for people who want the game to move on.

const KEY = 'pygames.pace';

export const PACES = {
  normal: {turn: 700, step: 300, chance: 60}, // ms before a computer's turn, between its decisions, before a deal or a roll
  fast: {turn: 120, step: 40, chance: 10},
};

export function pace() {
  try {
    return localStorage.getItem(KEY) === 'fast' ? 'fast' : 'normal';
  } catch {
    return 'normal';
  }
}

export function setPace(name) {
  try {
    localStorage.setItem(KEY, name);
  } catch { /* storage off: the switch lasts for this page */ }
}
