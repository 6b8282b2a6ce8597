// Okabe-Ito colours, readable for the common colour-vision deficiencies. A
// tensor's colour depends only on its id, so it is the same at every step and
// in whichever order the steps are visited. Labels always name the tensor too:
// colour is never the only cue.
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#000000', '#B8A200'];

export function tensorColour(tensorId) {
  const m = /(\d+)$/.exec(String(tensorId));
  let n = 0;
  if (m) n = Number(m[1]);
  else for (const ch of String(tensorId)) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[n % PALETTE.length];
}

// Cell marks in the memory view, told apart by shape as well as colour: a cell
// written in the step is filled yellow; a cell read in the step gets a blue
// corner and a dashed outline.
export const WRITE_FILL = '#ffe08a';
export const READ_MARK = '#0072B2';
