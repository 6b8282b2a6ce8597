// Okabe-Ito colours, readable for the common colour-vision deficiencies. A
// tensor's colour depends only on its id, so it is the same at every step and
// in whichever order the steps are visited. Labels always name the tensor too:
// colour is never the only cue.
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#000000', '#B8A200'];

function preferredSlot(tensorId) {
  const m = /(\d+)$/.exec(String(tensorId));
  let n = 0;
  if (m) n = Number(m[1]);
  else for (const ch of String(tensorId)) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  return n % PALETTE.length;
}

// Tensors alive at one step never share a colour (while there are no more of
// them than colours): each takes the colour its id prefers unless a tensor
// with a smaller id alive at the same step has it, then the next free one. So
// a tensor keeps its colour from step to step unless another one that prefers
// the same colour is alive beside it.
const byState = new WeakMap();
function coloursOf(state) {
  let m = byState.get(state);
  if (m) return m;
  m = new Map();
  const ids = (state.tensors || []).map((t) => t.id)
    .sort((a, b) => (Number(/\d+$/.exec(a)?.[0] ?? 0) - Number(/\d+$/.exec(b)?.[0] ?? 0)) || String(a).localeCompare(String(b)));
  const used = new Set();
  for (const id of ids) {
    let slot = preferredSlot(id);
    if (used.size < PALETTE.length) while (used.has(slot)) slot = (slot + 1) % PALETTE.length;
    used.add(slot);
    m.set(id, PALETTE[slot]);
  }
  byState.set(state, m);
  return m;
}

/** A tensor's colour; with the step's `state`, one no other tensor alive at that step has. */
export function tensorColour(tensorId, state = null) {
  if (state) { const c = coloursOf(state).get(tensorId); if (c) return c; }
  return PALETTE[preferredSlot(tensorId)];
}

// Cell marks in the memory view, told apart by shape as well as colour: a cell
// written in the step is filled yellow; a cell read in the step gets a blue
// corner and a dashed outline.
export const WRITE_FILL = '#ffe08a';
export const READ_MARK = '#0072B2';
