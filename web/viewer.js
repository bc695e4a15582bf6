// Hidden cards on a shared screen (the table and play-mode embeds): which seat's cards to show.
// With one human seat, always that seat. With several, the human seat to move, through a
// hand-over screen whenever the device passes to another person; meanwhile, nobody's.

/** The change to make now, or null: {viewer, handover} where viewer is the seat to show (null:
    only what everyone may see) and handover the seat the device is being passed to, if any.
    `humans` are the human seats of the game on the screen. */
export function viewerChange({humans, toMove, over, viewer}) {
  let wanted;
  if (humans.length === 1) wanted = humans[0];
  else if (!over && humans.includes(toMove)) wanted = toMove;
  else wanted = humans.includes(viewer) ? viewer : null;
  if (wanted === viewer) return null;
  if (wanted !== null && humans.length > 1) return {viewer: null, handover: wanted};
  return {viewer: wanted, handover: null};
}
