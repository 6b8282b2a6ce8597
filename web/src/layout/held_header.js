// NOTE [The held header]
// On a wide but short screen (layout.css, 901 px and wider, 860 px and shorter) the right column
// scrolls under the stepper and the step's narration, both held at its top (position: sticky).
// How tall they are depends on the width (the stepper wraps onto two rows below about 1000 px)
// and on the sentence, so their offsets come from their measured heights, not from constants:
// this sets --stepper-height and --held-height on the column, which the narration's `top` and
// the column's scroll-padding read. The narration covers the gap above it (teach.css), so the
// memory drawing scrolling under them never shows between the two.
export function holdHeader(column, stepper, teach) {
  const set = () => {
    const s = stepper.offsetHeight;
    const t = teach.hidden ? 0 : teach.offsetHeight;
    column.style.setProperty('--stepper-height', `${s}px`);
    column.style.setProperty('--held-height', `${s + (t ? 6 + t : 0)}px`);
  };
  const ro = new ResizeObserver(set);
  ro.observe(stepper);
  ro.observe(teach);
  set();
}

// Brings the cells a step wrote into view in their scrolling column, below the held header
// (block 'nearest' keeps the column where it is when they are in view already). Wide screens
// only: on a phone the page is the scroller, and stepping must not move the code away.
export function revealWritten(root) {
  if (!matchMedia('(min-width: 901px)').matches) return;
  const cell = root.querySelector('[data-written="true"]');
  if (!cell) return;
  // Its storage whole when it fits (its name and its tensors' versions), else the cell.
  const storage = cell.closest('[data-testid="memory-storage"]');
  if (storage) storage.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'auto' });
  cell.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'auto' });
}
