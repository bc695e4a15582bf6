// The catalogue is static HTML, so it paints at once without Python. This only marks the
// games that have one in progress on this device (play.html saves it in localStorage).
for (const entry of document.querySelectorAll('[data-game]')) {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(`pygames.${entry.dataset.game}`));
  } catch { /* storage off: nothing to mark */ }
  if (saved?.record?.moves?.length && !saved.over) {
    const note = document.createElement('span');
    note.className = 'resume';
    const count = saved.record.moves.length;
    note.textContent = `Game in progress (${count} move${count === 1 ? '' : 's'}): continue →`;
    entry.querySelector('div').append(note);
  }
}
