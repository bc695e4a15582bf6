// Small helpers shared by the renderers: SVG elements and move input.

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes (null/false skipped) and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
    }
  }
  return node;
}

/** The board hides the browser's focus outline, so an action draws its own: `show(true)` when it
    gets keyboard focus (not the focus a click or a tap gives), `show(false)` when it loses it. */
export function keyboardFocus(node, show) {
  node.addEventListener('focus', () => { if (node.matches(':focus-visible')) show(true); });
  node.addEventListener('blur', () => show(false));
}

/** The attributes that make an SVG element a focusable button for a move or a choice. */
export function actionable(label, {class: classes = '', ...data} = {}) {
  return {role: 'button', tabindex: '0', 'aria-label': label, class: `action ${classes}`.trim(), ...data};
}

/**
 * Routes clicks, taps and Enter/Space on [data-move] and [data-from] elements inside
 * `container`. Assigning the handler properties replaces those of an earlier render.
 */
export function listen(container, onAction) {
  const act = (event) => {
    const target = event.target.closest?.('[data-move],[data-from]');
    if (!target || !container.contains(target)) return false;
    event.preventDefault();
    onAction(target, event.type === 'keydown');
    return true;
  };
  container.onclick = act;
  container.onkeydown = (event) => {
    // A native <button> turns Enter and Space into a click by itself.
    if ((event.key === 'Enter' || event.key === ' ') && event.target.tagName !== 'BUTTON') act(event);
  };
}

/**
 * `listen` for boards where a piece is picked before it moves: a [data-move] element plays its
 * move; a [data-from] element goes to `pick`, the board is drawn again, and if the keyboard
 * chose, focus goes to the element `focusAfter(from)` finds.
 */
export function listenWithPick(container, {onMove, pick, redraw, focusAfter}) {
  listen(container, (target, byKeyboard) => {
    if (target.dataset.move) {
      onMove(target.dataset.move, byKeyboard);
      return;
    }
    const from = target.dataset.from;
    pick(from);
    redraw();
    if (byKeyboard) focusAfter(from)?.focus();
  });
}

/** The pick after a tap on `from`: tapping the picked one again drops it, when that is allowed. */
export function toggled(current, from, canDrop = true) {
  return current === from && canDrop ? null : from;
}

/**
 * Small targets under a finger: on a touch screen, where `small(move)` says the move's target is
 * small now (a button under the board is not), the first tap on a move only marks it (`mark(move)` draws it pending) and a second tap on the
 * same move plays it; a mouse, a pen or the keyboard plays at once. Returns the onMove to route
 * the board's moves through. `pending()` is the move marked now, if any.
 */
export function confirmOnTouch(container, {small, pending, mark, onMove}) {
  let pointer = 'mouse';
  container.onpointerdown = (event) => { pointer = event.pointerType; };
  return (move, byKeyboard = false) => {
    if (!byKeyboard && pointer === 'touch' && small(move) && pending() !== move) mark(move);
    else onMove(move);
  };
}
