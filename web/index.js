import './framing.js';
import {keepOffline} from './pwa.js';
// The catalogue is static HTML, so it paints at once without Python. This adds the games in
// progress on this device (saves.js), each to resume or delete, and marks their games.
import {deleteSave, listSaves} from './saves.js';

const title = (game) => document.querySelector(`[data-game="${CSS.escape(game)}"] h2`)?.textContent ?? game;

function ago(time) {
  const minutes = Math.round((Date.now() - time) / 60000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(time).toLocaleDateString();
}

function showUnfinished() {
  const {saves, problems} = listSaves();
  const games = saves.filter((entry) => !entry.over && document.querySelector(`[data-game="${CSS.escape(entry.game)}"]`));
  const rows = games.map((entry) => {
    const row = document.createElement('li');
    const link = Object.assign(document.createElement('a'), {
      href: `play.html?game=${encodeURIComponent(entry.game)}&save=${encodeURIComponent(entry.id)}`,
    });
    link.append(Object.assign(document.createElement('b'), {textContent: title(entry.game)}),
      ` · ${entry.ply} move${entry.ply === 1 ? '' : 's'} · ${ago(entry.updated)}`);
    const remove = Object.assign(document.createElement('button'), {type: 'button', textContent: 'Delete'});
    remove.setAttribute('aria-label', `Delete the ${title(entry.game)} game of ${entry.ply} moves`);
    remove.onclick = () => {
      deleteSave(entry.id);
      showUnfinished();
    };
    row.append(link, remove);
    return row;
  });
  const box = document.getElementById('unfinished');
  box.querySelector('ul').replaceChildren(...rows);
  box.hidden = rows.length === 0;
  for (const note of document.querySelectorAll('.catalogue .resume')) note.remove();
  for (const game of new Set(games.map((entry) => entry.game))) {
    const count = games.filter((entry) => entry.game === game).length;
    const note = Object.assign(document.createElement('span'), {className: 'resume',
      textContent: `${count} game${count === 1 ? '' : 's'} in progress: continue →`});
    document.querySelector(`[data-game="${CSS.escape(game)}"] div`)?.append(note);
  }
  if (problems) {
    const problem = document.getElementById('saves-problem');
    problem.textContent = `${problems === 1 ? 'A saved game' : `${problems} saved games`} could not be read and ` +
      `${problems === 1 ? 'was' : 'were'} set aside.`;
    problem.hidden = false;
  }
}

showUnfinished();
keepOffline();
