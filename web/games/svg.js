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
