// The stride-arithmetic panel. Pick a tensor and an element (pointer or
// keyboard) to see offset + i·stride0 + j·stride1 + … = k with the numbers
// filled in, and cell k lit in memory; pick a cell to see every (tensor, index)
// that reads it. The logical grid sits beside the storage it maps into; a view
// shows how its sizes, strides and offset were derived.
import { el, svg } from '../dom.js';
import { byId, cellOf, cellsOfTensor, indices, numel, tensorNames, tensorLabel, storageValues, formatValue, offsetTerms } from '../trace_state.js';
import { tensorColour } from '../palette.js';

// A letter and a colour per index (not k: the formula's result is a cell).
const INDEX_NAMES = ['i', 'j', 'l', 'm', 'n', 'p', 'q', 'r'];
const INDEX_COLOURS = ['#D55E00', '#0072B2', '#009E73', '#CC79A7', '#8a5d00', '#56B4E9'];
const indexName = (d) => INDEX_NAMES[d] || `i${d}`;
const indexColour = (d) => INDEX_COLOURS[d % INDEX_COLOURS.length];
const MAX_GRID = 400;
const MAX_STRIP = 256;
const GW = 36; // a grid element
const GH = 26;
const GG = 3;
const SW = 29; // a storage cell on the strip
const MIN_SW = 24;
const SH = 24;
const ARC = 30; // room above a line of the strip for the jumps
const ROW_H = ARC + SH + 16;
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const INK = '#1d2430';
const MUTED = '#5b6472';
const CHAR = 6.7;

// A value's text attributes, squeezed to the box only when it would spill.
function fit(text, w, size = 11) {
  const over = text.length * CHAR * (size / 11) > w - 4;
  return over ? { text, textLength: w - 5, lengthAdjust: 'spacingAndGlyphs' } : { text };
}

export function createStrideView(root, channel) {
  const picker = el('select', { 'data-testid': 'stride-tensor-picker', 'aria-label': 'Tensor to inspect' });
  const head = el('div', { class: 'stride-head' }, el('label', {}, 'tensor ', picker));
  const derivation = el('div', { class: 'stride-derivation', 'data-testid': 'stride-derivation' });
  const drawing = el('div', { class: 'stride-drawing', 'data-keys': 'own' });
  const formula = el('div', { class: 'stride-formula', 'data-testid': 'stride-formula', 'aria-live': 'polite' });
  // Not live: a cell picked in memory already says which elements map to it.
  const readers = el('div', { class: 'stride-readers', 'data-testid': 'cell-readers' });
  const meta = el('div', { class: 'stride-meta' });
  root.append(head, meta, drawing, formula, derivation, readers);
  let width = 0;
  let sw = SW; // the strip's cell width in the drawing shown
  new ResizeObserver((entries) => {
    const w = Math.floor(entries[entries.length - 1].contentRect.width);
    if (w === width) return;
    width = w;
    bodyKey = null;
    render();
  }).observe(drawing);

  let state = null;
  let tensorId = null;
  let index = null;
  let cellSel = null;
  picker.addEventListener('change', () => channel.emit('select:tensor', { tensor: picker.value }));

  function tensor() { return state ? byId(state.tensors).get(tensorId) : null; }

  function chooseDefault(names) {
    const ts = state.tensors || [];
    if (ts.some((t) => t.id === tensorId)) return;
    const named = ts.filter((t) => names.has(t.id));
    const pick = [...named].reverse().find((t) => t.view) || named[named.length - 1] || ts[0];
    tensorId = pick ? pick.id : null;
    index = null;
  }

  // Redrawn only when something it shows changed, in two parts: the picker (the
  // live tensors, their names and shapes) and the rest (the picked tensor's
  // layout and view, its storage's values, the picked element or cell).
  let pickerKey = null;
  let bodyKey = null;
  function render() {
    if (!state || !(state.tensors || []).length) {
      pickerKey = bodyKey = null;
      picker.replaceChildren();
      derivation.replaceChildren();
      drawing.replaceChildren();
      meta.replaceChildren();
      setFormula(...(state ? [el('span', {}, 'No tensor is alive at this step.')] : []));
      renderReaders();
      return;
    }
    const names = tensorNames(state);
    chooseDefault(names);
    const label = (t) => `${tensorLabel(t, names)}${names.has(t.id) ? '' : ' (unnamed)'} · [${t.shape.join(', ')}]`;
    const pk = JSON.stringify([state.tensors.map((t) => [t.id, label(t)]), tensorId]);
    if (pk !== pickerKey) {
      pickerKey = pk;
      picker.replaceChildren(...state.tensors.map((t) => el('option', { value: t.id, selected: t.id === tensorId }, label(t))));
    }
    const t = tensor();
    const tensors = byId(state.tensors);
    const storageOf = (id) => (state.storages || []).find((st) => st.id === id) || null;
    const layout = (x) => (x ? [x.id, x.shape, x.stride, x.offset, x.storage, x.dtype, x.contiguous ?? x.is_contiguous, x.view, x.base,
      tensorLabel(x, names), x.view && x.view.source && tensors.get(x.view.source) ? tensorLabel(tensors.get(x.view.source), names) : null,
      x.base && tensors.get(x.base) ? tensorLabel(tensors.get(x.base), names) : null] : null);
    const readersOf = cellSel ? state.tensors.filter((x) => x.storage === cellSel.storage).map((x) => [x.id, x.shape, x.stride, x.offset, tensorLabel(x, names)]) : null;
    const bk = JSON.stringify([layout(t), t ? storageOf(t.storage) : null, index, cellSel, readersOf]);
    if (bk === bodyKey) return;
    bodyKey = bk;
    derivation.replaceChildren();
    drawing.replaceChildren();
    meta.replaceChildren();
    if (!t) return;
    renderDerivation(t, names);
    renderDrawing(t, names);
    renderFormula(t, names);
    renderReaders();
  }

  function renderDerivation(t, names) {
    const contiguous = t.contiguous ?? t.is_contiguous;
    meta.replaceChildren(el('b', {}, tensorLabel(t, names)), ` size (${t.shape.join(', ')}) · stride (${t.stride.join(', ')}) · storage_offset ${t.offset}${contiguous === false ? ' · not contiguous' : contiguous === true ? ' · contiguous' : ''}`);
    const rows = [];
    const v = t.view;
    const tensors = byId(state.tensors);
    if (v) {
      const src = v.source ? tensors.get(v.source) : null;
      const srcName = src ? tensorLabel(src, names) : v.source || (v.source_shape ? `a tensor of shape (${v.source_shape.join(', ')}) now gone` : null);
      rows.push(el('div', {}, 'a view, made by ', v.text ? el('code', {}, v.text) : el('code', {}, v.op || '?'),
        v.text && v.op ? ` (${v.op})` : '', srcName ? ` from ${srcName}` : ''));
      const terms = offsetTerms(t);
      if (terms.length) rows.push(el('div', { 'data-testid': 'stride-derivation-offset' }, `offset = ${terms.join(' + ')} = ${v.offset ?? t.offset}`));
      // (A source that is gone left its strides in the view record.)
      const srcStride = src ? src.stride : v.source_stride;
      if (Array.isArray(v.strides) && srcStride) {
        const parts = v.strides.map((m, d) => (m ? `${srcStride[m[0]]}·${m[1]}` : '0 (expanded)') + ` = ${t.stride[d]}`);
        rows.push(el('div', {}, `stride: ${parts.join(', ')}`));
      } else if (v.stride) rows.push(el('div', {}, `stride = (${v.stride.join(', ')})`));
      if (v.broke_dim !== undefined && v.broke_dim !== null) rows.push(el('div', { class: 'note' }, `dimension ${v.broke_dim} broke the view rule, so reshape copied`));
      if (v.note) rows.push(el('div', { class: 'note' }, v.note));
    } else if (t.base) {
      const base = byId(state.tensors).get(t.base);
      rows.push(el('div', {}, `a view of ${base ? tensorLabel(base, names) : t.base}`));
    }
    derivation.append(...rows);
  }

  // The drawing: the logical grid on the left, the storage strip on the right
  // (below it when the panel is narrow), a line from the picked element to its
  // cell, and the formula's terms drawn as jumps along the strip: from the
  // offset, i jumps of stride[0], then j jumps of stride[1], ... to the cell.
  // Sizes come from the panel's width (a ResizeObserver): nothing here reads layout.
  function renderDrawing(t, names) {
    const s = byId(state.storages).get(t.storage);
    const values = s && Array.isArray(s.values) ? s.values : null;
    const colour = tensorColour(t.id, state);
    const shape = t.shape;
    const rank = shape.length;
    const shownIndex = index || shape.map((n) => Math.min(1, n - 1));
    const k = cellOf(t, shownIndex);
    const W = Math.max(260, width || 420);
    const root_ = svg('svg', { class: 'stride-svg', 'data-testid': 'stride-drawing', role: 'group', 'font-family': FONT, 'font-size': 11,
      'aria-label': `${tensorLabel(t, names)}: its elements and the storage cells they map to` });
    const defs = svg('defs');
    for (let d = 0; d < Math.max(1, rank); d++) {
      defs.append(svg('marker', { id: `jump-${d}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
        svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: indexColour(d) })));
    }
    root_.append(defs);
    // ---- the logical grid ----
    // A 1-d tensor longer than the panel is wide wraps onto more lines.
    const fitCols = Math.max(4, Math.floor((W - 30) / (GW + GG)));
    const wrap1d = rank === 1 && shape[0] > fitCols;
    const rows = rank >= 2 ? shape[rank - 2] : wrap1d ? Math.ceil(shape[0] / fitCols) : 1;
    const cols = rank >= 2 ? shape[rank - 1] : wrap1d ? fitCols : rank === 1 ? shape[0] : 1;
    const outer = rank > 2 ? shape.slice(0, rank - 2) : [];
    const gridG = svg('g', { 'data-testid': 'stride-grid', 'data-keys': 'own', role: 'grid', 'aria-label': `elements of ${tensorLabel(t, names)}` });
    const gx = 22;
    let gy = 30;
    const gridTitle = svg('text', { x: gx, y: 12, fill: INK, 'font-weight': 700 });
    gridTitle.append(svg('tspan', { text: `${tensorLabel(t, names)}[` }));
    shape.forEach((_, d) => { if (d) gridTitle.append(svg('tspan', { text: ', ' })); gridTitle.append(svg('tspan', { fill: indexColour(d), text: indexName(d) })); });
    gridTitle.append(svg('tspan', { text: ']' }));
    gridG.append(gridTitle);
    if (rank >= 1) gridG.append(svg('text', { x: gx, y: 26, fill: indexColour(rank - 1), 'font-size': 10, text: `${indexName(rank - 1)} →` }));
    if (rank >= 2) gridG.append(svg('text', { x: 4, y: gy + GH / 2 + 4, fill: indexColour(rank - 2), 'font-size': 10, text: `${indexName(rank - 2)}↓` }));
    let drawn = 0;
    let picked = null;
    for (const lead of indices(outer)) {
      if (drawn >= MAX_GRID) break;
      if (outer.length) {
        gridG.append(svg('text', { x: gx, y: gy + 9, fill: MUTED, 'font-size': 10, text: `[${lead.join(', ')}, :, :]` }));
        gy += 13;
      }
      for (let r = 0; r < rows && drawn < MAX_GRID; r++) {
        const rowG = svg('g', { role: 'row' });
        for (let c = 0; c < cols && drawn < MAX_GRID; c++) {
          if (wrap1d && r * cols + c >= shape[0]) break;
          const idx = rank === 0 ? [] : rank === 1 ? [r * cols + c] : [...lead, r, c];
          const cell = cellOf(t, idx);
          const sel = shownIndex.join(',') === idx.join(',');
          const x = gx + c * (GW + GG);
          const y = gy + r * (GH + GG);
          const g = svg('g', { class: 'grid-cell' + (sel && index ? ' selected' : ''), 'data-testid': 'stride-element', role: 'gridcell',
            'data-index': idx.join(','), 'data-cell': cell, tabindex: (index ? sel : drawn === 0) ? 0 : -1,
            'aria-label': `element [${idx.join(', ')}] in cell ${cell}`, 'aria-selected': sel && index ? 'true' : null });
          g.append(svg('rect', { x, y, width: GW, height: GH, rx: 3, fill: sel ? '#fff3c4' : '#fff', stroke: sel ? '#000' : colour, 'stroke-width': sel ? 2.5 : 1.5 }));
          const v = values && values[cell] !== undefined ? formatValue(values[cell], t.dtype) : '·';
          g.append(svg('text', { x: x + GW / 2, y: y + GH / 2 + 4, 'text-anchor': 'middle', fill: INK, 'font-weight': sel ? 700 : 400, ...fit(v, GW) }));
          if (sel) picked = { x: x + GW / 2, y: y + GH };
          rowG.append(g);
          drawn++;
        }
        gridG.append(rowG);
      }
      gy += rows * (GH + GG) + 6;
    }
    if (numel(shape) > MAX_GRID) {
      gridG.append(svg('text', { x: gx, y: gy + 10, fill: MUTED, 'font-size': 10, text: `the first ${MAX_GRID} of ${numel(shape)} elements` }));
      gy += 16;
    }
    root_.append(gridG);
    const gridW = gx + Math.min(cols, Math.max(1, Math.floor(MAX_GRID / Math.max(1, rows)))) * (GW + GG);
    // ---- the storage strip ----
    let height = gy + 4;
    if (s) {
      const { cells } = storageValues(s);
      const strip = cells.slice(0, MAX_STRIP);
      const mine = cellsOfTensor(t);
      // Beside the grid when it fits there on one line (or needs several
      // lines wherever it goes), else below the grid, across the panel.
      let sx = gridW + 30;
      let perLine = Math.floor((W - sx - 8) / SW);
      let sy = 0;
      // Cells a little narrower (down to 24 px) when that puts the strip on one line across the panel.
      const full = Math.max(4, Math.floor((W - 16) / SW));
      const narrowFits = strip.length > full && strip.length * MIN_SW <= W - 16;
      if (perLine < Math.min(6, strip.length) || (strip.length > perLine && (strip.length <= full || narrowFits))) { sx = 8; perLine = Math.max(full, strip.length <= (W - 16) / MIN_SW ? strip.length : full); sy = gy + 8; }
      sw = Math.min(SW, Math.floor((W - sx - 8) / Math.max(1, Math.min(perLine, strip.length))));
      const stripG = svg('g', { 'data-testid': 'stride-storage', 'data-storage': s.id });
      // Its caption clears the grid's title when they share a line.
      const titleEnd = gx + (tensorLabel(t, names).length + 2 + rank * 3) * CHAR + 12;
      const cx0 = sy === 0 ? Math.max(sx, titleEnd) : sx;
      stripG.append(svg('text', { x: cx0, y: sy + 12, fill: INK, 'font-weight': 700, text: `storage ${s.id}` }));
      stripG.append(svg('text', { x: cx0 + 78, y: sy + 12, fill: MUTED, 'font-size': 10, text: `${cells.length === strip.length ? '' : 'the first '}cells, in order` }));
      const top = sy + 18;
      const pos = new Map();
      strip.forEach(([c], p) => {
        const line = Math.floor(p / perLine);
        pos.set(c, { x: sx + (p % perLine) * sw, y: top + line * ROW_H + ARC });
      });
      for (const [c, v] of strip) {
        const { x, y } = pos.get(c);
        const lit = c === k;
        const isMine = mine.has(c);
        const g = svg('g', { 'data-testid': 'stride-cell', 'data-cell': c, class: lit ? 'lit' : null });
        g.append(svg('rect', { x: x + 1, y, width: sw - 2, height: SH, rx: 2, fill: lit ? '#fff3c4' : '#fff',
          stroke: lit ? '#000' : isMine ? colour : '#c3c9d2', 'stroke-width': lit ? 2.5 : isMine ? 1.5 : 1 }));
        g.append(svg('text', { x: x + sw / 2, y: y + SH / 2 + 4, 'text-anchor': 'middle', fill: isMine ? INK : MUTED, 'font-size': 10,
          'font-weight': lit ? 700 : 400, ...fit(formatValue(v, s.dtype), sw - 2, 10) }));
        g.append(svg('text', { x: x + sw / 2, y: y + SH + 10, 'text-anchor': 'middle', fill: MUTED, 'font-size': 8, text: String(c) }));
        stripG.append(g);
      }
      const lines = Math.max(1, Math.ceil(strip.length / perLine));
      height = Math.max(height, top + lines * ROW_H + 4);
      // The offset, then each index's jumps.
      const jumps = svg('g', { class: 'stride-jumps', 'aria-hidden': 'true' });
      const at = (c) => pos.get(c);
      const start = at(t.offset || 0);
      if (start) {
        jumps.append(svg('path', { d: `M${start.x + sw / 2} ${start.y + SH + 13} l-4 6 h8 z`, fill: INK }));
        jumps.append(svg('text', { x: Math.max(start.x + sw / 2, 32), y: start.y + SH + 28, 'text-anchor': 'middle', fill: INK, 'font-size': 10, text: `offset ${t.offset || 0}` }));
        height = Math.max(height, start.y + SH + 32);
      }
      let cur = t.offset || 0;
      let arcs = 0;
      shownIndex.forEach((i, d) => {
        const st = t.stride[d];
        if (!i) return;
        const many = i > 6 || arcs + i > 24;
        const hops = many ? [[cur, cur + i * st, `+${i}·${st}`]] : Array.from({ length: i }, (_, h) => [cur + h * st, cur + (h + 1) * st, `+${st}`]);
        hops.forEach(([a, b, text], h) => {
          const pa = at(a);
          const pb = at(b);
          if (!pa || !pb) return;
          arcs++;
          const label = h === 0 ? `${indexName(d)}: ${text}${st === 0 ? ' (expanded)' : ''}` : text;
          jumps.append(jump(pa, pb, d, label));
        });
        cur += i * st;
      });
      root_.append(stripG, jumps);
      // The line from the element to its cell.
      const end = at(k);
      if (picked && end) {
        const ex = end.x + sw / 2;
        const ey = end.y + SH;
        root_.append(svg('path', { 'data-testid': 'stride-link', d: `M${picked.x} ${picked.y} C${picked.x} ${picked.y + 36}, ${ex} ${ey + 40}, ${ex} ${ey + 1}`,
          fill: 'none', stroke: '#000', 'stroke-width': 1.5, 'stroke-dasharray': '4 3', 'aria-hidden': 'true' }));
        root_.append(svg('circle', { cx: picked.x, cy: picked.y, r: 3, fill: '#000', 'aria-hidden': 'true' }));
        height = Math.max(height, ey + 44);
      }
    }
    // Wider than the panel only when a grid's rows are: the drawing then scrolls sideways.
    root_.setAttribute('width', Math.max(W, gridW + 8));
    root_.setAttribute('height', Math.ceil(height + 4));
    drawing.replaceChildren(root_);
  }

  // One jump along the strip: an arc over the cells from a to b, in the
  // index's colour, labelled with what it adds.
  function jump(pa, pb, d, label) {
    const g = svg('g', { 'data-testid': 'stride-jump', 'data-dim': d });
    const x1 = pa.x + sw / 2;
    const x2 = pb.x + sw / 2;
    const colour = indexColour(d);
    if (pa === pb || (x1 === x2 && pa.y === pb.y)) {
      // stride 0 (an expanded dimension): a loop that stays on the cell.
      g.append(svg('path', { d: `M${x1 - 6} ${pa.y} c-4 -16, 16 -16, 12 0`, fill: 'none', stroke: colour, 'stroke-width': 1.6, 'marker-end': `url(#jump-${d})` }));
      g.append(svg('text', { x: x1 + 10, y: pa.y - 12, fill: colour, 'font-size': 10, 'font-weight': 700, text: label }));
      return g;
    }
    const h = Math.min(ARC - 8, 8 + Math.abs(x2 - x1) * 0.2 + d * 3);
    const y1 = pa.y;
    const y2 = pb.y;
    g.append(svg('path', { d: `M${x1} ${y1} C${x1} ${y1 - h}, ${x2} ${y2 - h}, ${x2} ${y2 - 1}`, fill: 'none', stroke: colour, 'stroke-width': 1.6, 'marker-end': `url(#jump-${d})` }));
    g.append(svg('text', { x: (x1 + x2) / 2, y: Math.min(y1, y2) - h + 2, 'text-anchor': 'middle', fill: colour, 'font-size': 10, 'font-weight': 700,
      stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', text: label }));
    return g;
  }

  // The formula is a live region: it is rewritten only when its text changes,
  // so that playing the run does not make screen readers repeat it.
  function setFormula(...children) {
    const text = children.map((c) => c.textContent).join('');
    if (formula.textContent !== text || formula.childElementCount !== children.length) formula.replaceChildren(...children);
  }
  // In large type, each index in its own letter and colour, as the jumps are drawn.
  function renderFormula(t, names) {
    const shown = index || t.shape.map((n) => Math.min(1, n - 1));
    const k = cellOf(t, shown);
    const coloured = (node, d) => { node.style.color = indexColour(d); return node; };
    const sym = [el('span', {}, 'cell = offset')];
    shown.forEach((_, d) => sym.push(' + ', coloured(el('span', { class: 'ix' }, indexName(d)), d), `·stride[${d}]`));
    const nums = [el('span', {}, String(t.offset))];
    shown.forEach((i, d) => nums.push(' + ', coloured(el('span', { class: 'ix' }, String(i)), d), `·${t.stride[d]}`));
    nums.push(` = ${k}`);
    const s = byId(state.storages).get(t.storage);
    const addr = s ? s.address + k * (s.itemsize || 1) : null;
    const which = [el('span', {}, `${tensorLabel(t, names)}[`)];
    shown.forEach((i, d) => { if (d) which.push(', '); which.push(coloured(el('span', {}, `${indexName(d)}=${i}`), d)); });
    which.push(']: ');
    setFormula(
      el('div', { class: 'sym' }, el('span', { class: 'which' }, ...which), ...sym),
      el('div', { class: 'nums', 'data-testid': 'stride-formula-numbers' }, ...nums),
      el('div', { class: 'muted' }, (s ? `cell ${k} of storage ${s.id}, address ${s.address} + ${k}·${s.itemsize} = ${addr}` : `cell ${k}`) +
        (index ? '' : ' · shown for this element: pick any other')),
    );
  }

  function renderReaders() {
    readers.replaceChildren();
    if (!cellSel || !state) return;
    const names = tensorNames(state);
    const list = [];
    for (const t of state.tensors || []) {
      if (t.storage !== cellSel.storage) continue;
      const idxs = cellsOfTensor(t).get(cellSel.cell);
      for (const ix of idxs || []) list.push(`${tensorLabel(t, names)}[${ix.join(', ')}]`);
    }
    readers.append(el('div', {}, `cell ${cellSel.cell} of ${cellSel.storage} is read by: `),
      list.length ? el('ul', {}, list.map((x) => el('li', { 'data-testid': 'cell-reader' }, x))) : el('div', { class: 'muted' }, 'no live tensor element'));
  }

  function pick(idx, focus = true) {
    index = idx;
    cellSel = null;
    channel.emit('select:element', { tensor: tensorId, index: idx });
    if (focus) {
      const b = drawing.querySelector(`[data-testid="stride-element"][data-index="${idx.join(',')}"]`);
      if (b) b.focus();
    }
  }

  drawing.addEventListener('click', (e) => {
    const g = e.target.closest && e.target.closest('[data-testid="stride-element"]');
    if (g) pick(g.dataset.index === '' ? [] : g.dataset.index.split(',').map(Number));
  });
  drawing.addEventListener('keydown', (e) => {
    const onElement = e.target.closest && e.target.closest('[data-testid="stride-element"]');
    if (onElement && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      pick(onElement.dataset.index === '' ? [] : onElement.dataset.index.split(',').map(Number));
      return;
    }
    const t = tensor();
    if (!t) return;
    const rank = t.shape.length;
    if (!rank) return;
    const cur = index ? index.slice() : t.shape.map(() => 0);
    const moves = { ArrowRight: [rank - 1, 1], ArrowLeft: [rank - 1, -1], ArrowDown: [rank - 2, 1], ArrowUp: [rank - 2, -1] };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    let [d, delta] = m;
    if (d < 0) d = 0;
    cur[d] = Math.max(0, Math.min(t.shape[d] - 1, cur[d] + delta));
    pick(cur);
  });

  channel.on('run:started', () => { state = null; tensorId = null; index = null; cellSel = null; render(); });
  channel.on('step:changed', ({ state: s }) => {
    state = s;
    const t = tensor();
    if (index && (!t || index.length !== t.shape.length || index.some((i, d) => i >= t.shape[d]))) index = null;
    render();
  });
  channel.on('select:tensor', ({ tensor: id }) => { if (id !== tensorId) { tensorId = id; index = null; render(); } });
  channel.on('select:element', (sel) => { if (sel) { tensorId = sel.tensor; index = sel.index; cellSel = null; } render(); const b = drawing.querySelector('.selected'); if (b && drawing.contains(document.activeElement)) b.focus(); });
  channel.on('select:cell', (sel) => { cellSel = sel; if (sel) index = null; render(); });
  render();
}
