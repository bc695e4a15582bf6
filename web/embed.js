/* Live game diagrams for any web page. Include this script once, from the pygames site:

     <div data-pygames-game="kalah" data-record="<record URL form>" data-move="12" data-mode="replay"></div>
     <script src="https://<the pygames site>/embed.js" defer></script>

   Every element with data-pygames-game (now, or added later by the page's own scripts) gets an
   iframe of embed.html inside it. The other attributes, all optional, are embed.html's
   parameters: data-record, data-move, data-mode (view, replay or play), data-seat and
   data-theme (light, dark or auto), and on this site's own pages data-baked (rules pages) and
   data-preview (the table's Embed preview); see the top of embed-app.js. data-height sets the frame's height
   in pixels (the default follows the board's shape), data-title its accessible name.

   Each frame runs its own Python (some 100 MB), so only the few diagrams nearest the screen
   have one: a frame is made when its element comes near the viewport, and when more than
   MAX_LIVE are alive the ones farthest from it are removed again. (This site's rules pages
   bake their diagrams' answers, data-baked: those frames start no Python unless a reader
   steps far, and do not count.) The element keeps the
   frame's height meanwhile (a .pygames-placeholder with a short note), so the page never
   jumps; a diagram loaded again starts afresh from its data-move.

   The frame's address is resolved against this script's own URL, so the page may be on any site.
   The values only ever travel as URL parameters: embed.html checks them and shows a message for
   a bad one. A classic script on purpose (no `export`): a host page needs no type="module".
*/
(() => {
  const here = document.currentScript?.src || document.querySelector('script[src*="embed.js"]')?.src || location.href;
  const page = new URL('embed.html', here);
  const PARAMETERS = {pygamesGame: 'game', record: 'record', move: 'move', mode: 'mode', seat: 'seat', theme: 'theme',
    baked: 'baked', preview: 'preview'};
  // Width / height of each game's board with its notes, as embed.html draws them 640 px wide
  // (Lost Cities' notes then go beside its tall board); 1 for any other game.
  const SHAPES = {kalah: 3, bobail: 1, pylos: 0.75, lits: 0.9, isaac: 0.8, go: 0.9, one: 0.85, backgammon: 1.3,
    lostcities: 1.3, nautilus: 1, evolution: 1.45};
  // Under 520 px wide Kalah stands on end, Lost Cities' notes go under its board, and Evolution's
  // species wrap two to a line.
  const NARROW_SHAPES = {kalah: 0.6, lostcities: 0.5, evolution: 0.6};
  const STATUS_PX = 34; // the status line above the board
  const CONTROLS_PX = 48; // the buttons under it in replay and play
  const MAX_LIVE = 3; // frames alive at once: a phone's tab survives three Pythons
  const NEAR = '100% 0px'; // a screen above and below: the frame starts before it is scrolled to
  const PLACEHOLDER_TEXT = 'The board loads when you scroll to it';

  const heights = new WeakMap(); // holder -> its frame's height in pixels, fixed when first seen
  const near = new Set(); // holders within NEAR of the viewport
  const live = new Set(); // holders with a frame

  function defaultHeight(holder, game, mode) {
    const width = holder.clientWidth || 640;
    const shape = (width < 520 && NARROW_SHAPES[game]) || SHAPES[game] || 1;
    const height = width / shape + STATUS_PX + (mode === 'replay' || mode === 'play' ? CONTROLS_PX : 0);
    return Math.round(Math.min(Math.max(height, 220), 900));
  }

  function load(holder) {
    const query = new URLSearchParams();
    for (const [attribute, parameter] of Object.entries(PARAMETERS)) {
      const value = holder.dataset[attribute];
      if (value !== undefined && value !== '') query.set(parameter, value);
    }
    const game = holder.dataset.pygamesGame;
    const frame = document.createElement('iframe');
    frame.src = `${page.href}?${query}`;
    const name = game ? `${game[0].toUpperCase()}${game.slice(1)} board` : 'Game board';
    frame.title = holder.dataset.title || `${name} (pygames)`;
    frame.loading = 'lazy';
    frame.width = '100%';
    frame.height = String(heights.get(holder));
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.style.maxWidth = '100%';
    holder.replaceChildren(frame);
    live.add(holder);
  }

  /** Removes the holder's frame (and its Python), leaving a note of the frame's size. */
  function unload(holder) {
    const note = document.createElement('div');
    note.className = 'pygames-placeholder';
    note.textContent = PLACEHOLDER_TEXT;
    Object.assign(note.style, {height: `${heights.get(holder)}px`, boxSizing: 'border-box', padding: '1rem',
      display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center'});
    holder.replaceChildren(note);
    live.delete(holder);
  }

  /** How far the holder is from the viewport in pixels: 0 on screen, Infinity if not shown at all. */
  function distance(holder) {
    if (!holder.isConnected || holder.getClientRects().length === 0) return Infinity;
    const {top, bottom} = holder.getBoundingClientRect();
    return Math.max(0, top - innerHeight, -bottom);
  }

  /** Gives frames to the MAX_LIVE nearby holders closest to the viewport, keeping other live
      frames while there is room, and removing the farthest first. */
  function update() {
    const ranked = [...new Set([...near, ...live])].map((holder) => [distance(holder), holder])
      .sort((a, b) => a[0] - b[0]).map(([, holder]) => holder);
    // A rules page's baked diagram, or the table's preview, starts no Python (baked.js): it lives
    // while it is near, and only the other frames count against MAX_LIVE.
    const answered = (holder) => Boolean(holder.dataset.baked || holder.dataset.preview);
    const costly = ranked.filter((holder) => !answered(holder));
    const wanted = costly.filter((holder) => near.has(holder) && holder.isConnected).slice(0, MAX_LIVE);
    const keep = new Set(wanted);
    for (const holder of costly) {
      if (keep.size < MAX_LIVE && live.has(holder) && holder.isConnected) keep.add(holder);
    }
    for (const holder of ranked) {
      if (answered(holder) && near.has(holder) && holder.isConnected) {
        keep.add(holder);
        wanted.push(holder);
      }
    }
    for (const holder of live) if (!keep.has(holder)) unload(holder);
    for (const holder of wanted) if (!live.has(holder)) load(holder);
  }

  // Two watchers: one says which holders are near, the other asks again as each one reaches
  // the screen, where it may have to take a frame from a nearby one that is farther away.
  const nearby = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) near.add(entry.target);
      else near.delete(entry.target);
    }
    update();
  }, {rootMargin: NEAR});
  const onScreen = new IntersectionObserver(update);

  function adopt(holder) {
    holder.dataset.pygamesEmbedded = 'true';
    const asked = Number(holder.dataset.height);
    heights.set(holder, Number.isInteger(asked) && asked >= 100 && asked <= 3000 ? asked
      : defaultHeight(holder, holder.dataset.pygamesGame, holder.dataset.mode));
    unload(holder);
    nearby.observe(holder);
    onScreen.observe(holder);
  }

  function scan() {
    for (const holder of document.querySelectorAll('[data-pygames-game]:not([data-pygames-embedded])')) adopt(holder);
  }

  let queued = false;
  const rescan = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      scan();
    });
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
  new MutationObserver((changes) => {
    if (changes.some((change) => change.addedNodes.length)) rescan();
  }).observe(document.documentElement, {childList: true, subtree: true});
})();
