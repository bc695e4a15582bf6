// Moves you can follow: when the board is drawn again after a move, what moved is shown moving.
// The renderers say what, with data attributes on their SVG (they hold no timing of their own):
//
//   data-spot="<name>"        a place a piece can stand (a square, a pit, a point, a pile)
//   data-came-from="<name>"   a piece that has just arrived: it slides from that spot (of the board
//                             as it was drawn before) to where it is now
//   data-step="<n>"           a mark, drawn invisible, that flashes n steps in: a sowing, stone by stone
//   data-leaving              a piece that has just gone (a capture), drawn invisible: it is shown
//                             where it stood and fades out
//   data-arriving="<n>"       a piece just laid that came from nowhere on the board (a LITS
//                             tetromino, an Isaac bar): it grows in where it lies, n half steps late
//   data-after="<n>"          on a moving or leaving piece: it waits n steps first, so that a move
//                             that set off several things in turn shows them in turn
//
// Each step takes STEP_MS. Nothing waits for an animation: the board is already in its new state
// and takes clicks at once. Under prefers-reduced-motion nothing moves.

export const STEP_MS = 180;
const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The centres of the spots on `container`'s board, in the board's own units, before it is redrawn. */
export function spotsOf(container) {
  const svg = container.querySelector(':scope > svg');
  const spots = new Map();
  if (!svg || reduced()) return spots;
  for (const node of svg.querySelectorAll('[data-spot]')) spots.set(node.dataset.spot, centre(svg, node));
  return spots;
}

function centre(svg, node) {
  const box = node.getBBox();
  const matrix = svg.getScreenCTM()?.inverse().multiply(node.getScreenCTM());
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
  return matrix ? point.matrixTransform(matrix) : point;
}

/** Plays the moves the renderer marked, from the spots of the board drawn before (`spotsOf`). */
export function animate(container, before) {
  const svg = container.querySelector(':scope > svg');
  if (!svg || reduced()) return;
  for (const node of svg.querySelectorAll('[data-came-from]')) {
    const from = before.get(node.dataset.cameFrom);
    if (!from) continue;
    const to = centre(svg, node);
    if (Math.hypot(from.x - to.x, from.y - to.y) < 1) continue;
    const duration = STEP_MS * Number(node.dataset.steps || 1);
    const delay = after(node);
    // A copy moves over everything else on the board (SVG draws in document order), the piece
    // itself shows where it lands once the copy is there.
    const ghost = lifted(svg, node);
    ghost.firstChild.animate([{transform: `translate(${from.x - to.x}px, ${from.y - to.y}px)`}, {transform: 'translate(0, 0)'}],
      {duration, delay, easing: 'ease-in-out', fill: 'backwards'}).onfinish = () => ghost.remove();
    node.animate([{opacity: 0}, {opacity: 0}], {duration: duration + delay});
  }
  for (const node of svg.querySelectorAll('[data-step]')) {
    node.animate([{opacity: 0}, {opacity: 1, offset: 0.3}, {opacity: 0}],
      {duration: STEP_MS * 2, delay: STEP_MS * Number(node.dataset.step)});
  }
  for (const node of svg.querySelectorAll('[data-arriving]')) {
    node.style.transformBox = 'fill-box';
    node.style.transformOrigin = 'center';
    node.animate([{opacity: 0, transform: 'scale(0.6)'}, {opacity: 1, transform: 'scale(1)'}],
      {duration: STEP_MS * 2, delay: STEP_MS * Number(node.dataset.arriving || 0) / 2, easing: 'ease-out', fill: 'backwards'});
  }
  for (const node of svg.querySelectorAll('[data-leaving]')) {
    node.animate([{opacity: 1}, {opacity: 0}], {duration: STEP_MS * 3, delay: after(node), fill: 'backwards'});
  }
}

const after = (node) => STEP_MS * Number(node.dataset.after || 0);

/** A copy of `node` at the top of `svg`, where `node` is drawn, that takes no clicks. */
function lifted(svg, node) {
  const ghost = document.createElementNS(svg.namespaceURI, 'g');
  const matrix = svg.getScreenCTM()?.inverse().multiply(node.parentNode.getScreenCTM());
  if (matrix) ghost.setAttribute('transform', `matrix(${matrix.a} ${matrix.b} ${matrix.c} ${matrix.d} ${matrix.e} ${matrix.f})`);
  ghost.setAttribute('aria-hidden', 'true');
  ghost.setAttribute('pointer-events', 'none');
  const copy = node.cloneNode(true);
  for (const each of [copy, ...copy.querySelectorAll('[data-move], [data-from], [data-spot], [id]')]) {
    for (const name of ['data-move', 'data-from', 'data-spot', 'data-came-from', 'id', 'tabindex', 'role']) each.removeAttribute(name);
  }
  ghost.append(copy);
  svg.append(ghost);
  return ghost;
}
