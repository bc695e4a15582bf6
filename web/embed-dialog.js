/* "Embed this position" on the table (play.html): the code that puts a live board at the
   current move on another web page (a div for embed.js, and the script), a choice of mode and
   theme, a Copy button and a preview of the result.

     setupEmbedDialog({getSnapshot, gameId, call})

   getSnapshot() returns the table's snapshot (see app.js) or null: its `url` (the whole
   record) and its `ply` (the move to open at) make the code. The preview starts no Python of
   its own: it asks the table (baked.js, answersFromParent), which answers with `call`, the
   table's engine, for the moves around the one shown. The #embed button is enabled
   while there is a `url`: a game with hidden cards has none until it is over, so it cannot be
   embedded before then. The button follows the table by watching #table's data attributes.
   The code is frozen at the move where the dialog was opened.
*/

const $ = (id) => document.getElementById(id);
const PREVIEW_HEIGHT = '360'; // px: the preview stays short enough to see the dialog around it
const PREVIEW_STEPS = 3; // moves either side of the one shown that the preview gets answers for

/** Text for a double-quoted HTML attribute. */
function attribute(value) {
  return String(value).replace(/[&"<>]/g, (c) => ({'&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;'}[c]));
}

/** The embed.js data attributes for a position, in the order a person reads them. */
function embedAttributes(gameId, url, ply, mode, theme) {
  const attributes = [['pygamesGame', gameId], ['record', url], ['move', String(ply)], ['mode', mode]];
  if (theme !== 'light') attributes.push(['theme', theme]);
  return attributes;
}

const dataName = (key) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** embed.js, loaded once on this page for the preview (it turns the preview's div into a frame). */
function loadEmbedScript(source) {
  if (document.querySelector('script[data-pygames-embed-script]')) return;
  const script = document.createElement('script');
  script.src = source;
  script.dataset.pygamesEmbedScript = '';
  document.head.append(script);
}

/** What the preview frame would ask Python, answered by the table's engine. */
async function previewAnswers(call, gameId, record, ply) {
  const answers = {games: await call({op: 'games', game: gameId})};
  const total = record.moves.length;
  const plies = new Set([total]);
  for (let step = -PREVIEW_STEPS; step <= PREVIEW_STEPS; step++) plies.add(Math.min(total, Math.max(0, ply + step)));
  for (const moves of plies) {
    answers[`load ${moves}`] = await call({op: 'load', record: {...record, moves: record.moves.slice(0, moves)}, seat: null});
  }
  return answers;
}

export function setupEmbedDialog({getSnapshot, gameId, call}) {
  const button = $('embed');
  const dialog = $('embed-dialog');
  const scriptUrl = new URL('embed.js', document.baseURI).href;
  let position = null; // {url, ply} of the move the dialog was opened at

  function followTable() {
    const snap = getSnapshot();
    button.disabled = !snap?.url;
    button.title = snap && !snap.url ? 'Cards are hidden: the game can be embedded once it is over.' : '';
  }

  function showCode() {
    const attributes = embedAttributes(gameId, position.url, position.ply, $('embed-mode').value, $('embed-theme').value);
    const div = attributes.map(([key, value]) => `${dataName(key)}="${attribute(value)}"`).join(' ');
    $('embed-code').value = `<div ${div}></div>\n<script src="${attribute(scriptUrl)}" defer></script>`;
    $('embed-note').textContent = '';
    const holder = document.createElement('div');
    for (const [key, value] of attributes) holder.dataset[key] = value;
    holder.dataset.height = PREVIEW_HEIGHT;
    holder.dataset.preview = '1';
    $('embed-preview').replaceChildren(holder); // embed.js turns it into the frame
  }

  async function copy() {
    const field = $('embed-code');
    field.select();
    let copied = false;
    try {
      await navigator.clipboard.writeText(field.value);
      copied = true;
    } catch {
      try { copied = document.execCommand('copy'); } catch { /* the code stays selected */ }
    }
    $('embed-note').textContent = copied ? 'Copied.' : 'Select the code and copy it.';
  }

  button.onclick = () => {
    const snap = getSnapshot();
    if (!snap?.url) return;
    position = {url: snap.url, ply: snap.ply, record: snap.record};
    loadEmbedScript(scriptUrl);
    showCode();
    dialog.showModal();
  };
  $('embed-mode').onchange = showCode;
  $('embed-theme').onchange = showCode;
  $('embed-copy').onclick = copy;
  window.addEventListener('message', async (event) => {
    const frame = $('embed-preview').querySelector('iframe');
    if (!position || !frame || event.source !== frame.contentWindow || event.origin !== location.origin
        || event.data?.type !== 'pygames-preview') return;
    const {url, record, ply} = position;
    const answers = await previewAnswers(call, gameId, record, ply);
    event.source.postMessage({type: 'pygames-answers', record: url, answers}, location.origin);
  });
  $('embed-close').onclick = () => dialog.close();
  // A closed preview would keep its own Python running: drop it.
  dialog.addEventListener('close', () => $('embed-preview').replaceChildren());

  new MutationObserver(followTable).observe($('table'), {attributes: true,
    attributeFilter: ['data-ply', 'data-state', 'data-looking']});
  followTable();
}
