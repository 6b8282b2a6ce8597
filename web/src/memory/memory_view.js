// The memory view: every storage a row of cells (byte address, value); under
// the cells, one lane per tensor that points into the storage, marking the
// cells its elements map to, in the tensor's colour. Cells allocated, written
// or read in this step, and cells that differ from the step shown before, are
// marked; a legend names the write and read marks when the step has any.
// Drawn as one SVG so it can be exported as it is.
import { revealWritten } from '../layout/held_header.js';
import { svg, el } from '../dom.js';
import { byId, cellsOfTensor, tensorNames, tensorLabel, storageValues, formatValue, hex, diffStates, gradientRoles, gradientText } from '../trace_state.js';
import { tensorColour, WRITE_FILL, READ_MARK } from '../palette.js';

const CELL_W = 48;
const CELL_H = 30;
const LANE_H = 6;
const PANEL_CHROME = 40; // the panel's title, padding and border around the drawing, with a little to spare
const CHAR_W = 6.7; // a character of the 11 px monospaced font, with a little to spare
const PAD = 8;
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const INK = '#1d2430';
const MUTED = '#5b6472';
const CHANGED_STROKE = '#b3261e';
const MAX_CELLS_DRAWN = 512;
const GRAD_INK = '#8a3b6e'; // gradient buffers during backward (Okabe-Ito reddish purple, darkened for text)

// A storage's cell width: 48 px, wider when its longest value needs it at 11 px.
const MAX_CELL_W = 96;
function cellWidth(s) {
  const { cells } = storageValues(s);
  let longest = 0;
  for (let i = 0; i < cells.length && i < MAX_CELLS_DRAWN; i++) longest = Math.max(longest, formatValue(cells[i][1], s.dtype).length);
  return Math.min(MAX_CELL_W, Math.max(CELL_W, Math.ceil(longest * CHAR_W + 8)));
}

// A text's content changed through its text node: replacing the node
// (textContent) takes it out of layout and puts a new one in.
function setText(node, text) {
  const t = node.firstChild;
  if (t && t.nodeType === 3 && !t.nextSibling) { if (t.data !== text) t.data = text; } else node.textContent = text;
}

// The badges whose words name the step shown before.
function newBadgeText(d) {
  return d.adjacent ? 'new at this step' : d.forward ? `new since step ${d.from + 1}` : `freed by step ${d.from + 1}, shown before`;
}
function differsBadgeText(d) {
  return `every value differs from step ${d.from + 1}, shown before`;
}

// A read cell's mark: a triangle in the cell's lower left corner.
function readCorner(cx, y) {
  return svg('path', { d: `M${cx + 1} ${y + CELL_H} h9 l-9 -9 z`, fill: READ_MARK, 'data-testid': 'memory-read-mark' });
}

// Whether cell k was read, from a storage's read events (docs/trace-format.md,
// "Reads"): sorted half-open ranges [start, stop), or blocks of cells
// offset + Σ i·stride whose dims go from the largest stride.
function readTest(events) {
  if (!events.length) return () => false;
  const tests = events.map((e) => {
    if (e.ranges) {
      const rs = e.ranges;
      return (k) => {
        let lo = 0, hi = rs.length;
        while (lo < hi) { const m = (lo + hi) >> 1; if (rs[m][1] <= k) lo = m + 1; else hi = m; }
        return lo < rs.length && rs[lo][0] <= k;
      };
    }
    const blocks = (e.blocks || []).map((b) => {
      // reach[d]: the farthest the dims after d can go.
      const reach = new Array(b.shape.length + 1).fill(0);
      for (let d = b.shape.length - 1; d >= 0; d--) reach[d] = reach[d + 1] + (b.shape[d] - 1) * b.stride[d];
      return { ...b, reach };
    });
    const has = (b, d, rem) => {
      if (d === b.shape.length) return rem === 0;
      const st = b.stride[d];
      const lo = Math.max(0, Math.ceil((rem - b.reach[d + 1]) / st));
      for (let i = Math.min(b.shape[d] - 1, Math.floor(rem / st)); i >= lo; i--) if (has(b, d + 1, rem - i * st)) return true;
      return false;
    };
    return (k) => blocks.some((b) => k >= b.offset && has(b, 0, k - b.offset));
  });
  return (k) => tests.some((t) => t(k));
}

// What the marks compare with. Stepping forward by one, the step's own events
// (allocated, written, read, freed this step) say what changed, and only what
// they miss is marked. After a jump or a step back, what differs from the step
// shown before is marked, sparingly: a caption counts it; a storage that is new
// gets a badge unless every storage is; cells are outlined unless every cell of
// the storage differs (a badge says so); a tensor line says what changed in it
// ("version 1 → 2"), and "new" only for a view on a storage that is not new.
function marksAgainst(d, storages, freedThisStep) {
  const none = { caption: null, newBadges: false, changedCells: () => new Set(), allDiffer: () => false, tensorMarks: () => new Map() };
  if (!d || d.first) return none;
  const shownBefore = d.from + 1;
  const allNew = !d.adjacent && storages.length > 0 && storages.every((s) => d.storagesNew.has(s.id));
  const differing = (s, writes) => {
    const c = d.cells.get(s.id);
    if (!c) return new Set();
    return d.adjacent ? new Set([...c].filter((k) => !writes.has(k))) : c;
  };
  const allDiffer = (s, writes) => !d.adjacent && Array.isArray(s.values) && s.values.length > 1 && differing(s, writes).size === s.values.length;
  const tensorMarks = (inStorage, storageId) => {
    const out = new Map();
    for (const t of inStorage) {
      if (d.tensorChanges.has(t.id)) out.set(t.id, d.tensorChanges.get(t.id));
      else if (d.tensorsNew.has(t.id) && !d.storagesNew.has(storageId)) {
        out.set(t.id, d.adjacent ? 'new' : d.forward ? `new since step ${shownBefore}` : `not alive at step ${shownBefore}`);
      }
    }
    return out;
  };
  let caption = null;
  if (!d.adjacent) {
    const parts = [];
    const n = d.storagesNew.size;
    if (n) parts.push(`${allNew && n > 1 ? 'every storage' : n === 1 ? '1 storage' : `${n} storages`} ${d.forward ? 'new' : 'freed in between'}`);
    const gone = d.storagesGone.filter((g) => !freedThisStep.includes(g.id)).map((g) => g.id);
    if (gone.length) parts.push(`${gone.join(', ')} ${d.forward ? 'freed in between' : 'not allocated yet'}`);
    const cells = [...d.cells.values()].reduce((a, c) => a + c.size, 0);
    if (cells) parts.push(`${cells} cell${cells === 1 ? '' : 's'} differ${cells === 1 ? 's' : ''}`);
    const ts = d.tensorChanges.size;
    if (ts) parts.push(`${ts} tensor${ts === 1 ? '' : 's'} changed`);
    caption = { text: `Compared with step ${shownBefore}, shown before: ${parts.length ? parts.join(' · ') : 'the same memory'}`, cells: cells > 0 };
  }
  return { caption, newBadges: !allNew, changedCells: (s, w) => (allDiffer(s, w) ? new Set() : differing(s, w)), allDiffer, tensorMarks };
}

export function createMemoryView(root, channel) {
  const wrap = el('div', { class: 'memory-scroll', 'data-testid': 'memory-svg-wrap', role: 'region', 'aria-label': 'Storages' });
  root.append(wrap);
  let current = null; // {state, prev, diff}
  let selectedElement = null; // {tensor, index}
  let selectedCell = null; // {storage, cell}
  let selectedTensor = null;
  let focusCell = new Map(); // storage id -> cell for keyboard moves

  // Drawn storages are kept and reused. Each storage's drawing is keyed by its
  // layout (its cells, the tensors on it, its badges): while that stays the
  // same, a step only updates what changed in it (a cell's value, fill and
  // outline, a tensor's version) in place, and moves it when a storage above
  // grew or shrank; a step that changes nothing leaves the SVG as it is.
  let drawnGroups = new Map(); // storage id -> {g, h, y, layout, cells, tensors}
  // Drawings of a storage that went out of use (a badge came or went, a tensor
  // appeared), kept by layout so that stepping back and forth over the change
  // takes them up again instead of building them anew.
  const spare = new Map(); // storage id -> Map(layout -> entry)
  const SPARE_PER_STORAGE = 4;
  const SPARE_STORAGES = 64;
  function keepSpare(id, entry) {
    const m = spare.get(id) || new Map();
    m.delete(entry.layout);
    m.set(entry.layout, entry);
    if (m.size > SPARE_PER_STORAGE) m.delete(m.keys().next().value);
    spare.delete(id);
    spare.set(id, m);
    // A long run frees many storages: the ones least recently put aside go.
    if (spare.size > SPARE_STORAGES) spare.delete(spare.keys().next().value);
  }
  const legends = new Map(); // which marks it names -> its group, drawn once
  let captionDrawn = null; // {key, g}: the comparison line
  let svgRoot = null;
  let width = 0; // from the ResizeObserver: render never reads layout
  let tallest = 0; // the drawing's greatest height in this run (layout.css keeps the panel that tall)

  function render() {
    if (!current) {
      drawnGroups = new Map();
      spare.clear();
      svgRoot = null;
      wrap.replaceChildren(el('p', { class: 'empty', text: 'Run the code to see its storages here.' }));
      return;
    }
    const { state, prev, diff } = current;
    if (!width) width = Math.max(300, wrap.clientWidth || root.clientWidth || 600) - 4;
    const cols = Math.max(4, Math.floor((width - 2 * PAD) / CELL_W));
    const names = tensorNames(state);
    const tensors = state.tensors || [];
    const tensorsById = byId(tensors);
    const events = state.events || [];
    const allocated = new Set(events.filter((e) => e.type === 'alloc').map((e) => e.storage));
    const writes = new Map();
    const reads = new Map();
    for (const e of events) {
      if (e.type === 'write') {
        const m = writes.get(e.storage) || new Map();
        (e.cells || []).forEach((c, i) => m.set(c, { old: e.old ? e.old[i] : undefined, new: e.new ? e.new[i] : undefined }));
        writes.set(e.storage, m);
      } else if (e.type === 'read') {
        reads.set(e.storage, [...(reads.get(e.storage) || []), e]);
      }
    }
    const freed = events.filter((e) => e.type === 'free').map((e) => e.storage);
    const prevStorages = prev ? byId(prev.storages) : new Map();

    if (!svgRoot) {
      svgRoot = svg('svg', { xmlns: 'http://www.w3.org/2000/svg', 'data-testid': 'memory-svg', role: 'group', 'font-family': FONT, 'font-size': 11 });
      wrap.replaceChildren(svgRoot);
    }
    const count = (state.storages || []).length;
    svgRoot.setAttribute('aria-label', `Memory at step ${state.step + 1}: ${count === 1 ? '1 storage' : `${count} storages`}`);
    const nodes = [];
    const groups = new Map();
    let y = PAD;
    // During backward the gradient buffers the node received and produced come
    // first, labelled as gradients.
    const roles = gradientRoles(state);
    const gradStorages = new Set(tensors.filter((t) => roles.has(t.id)).map((t) => t.storage));
    const storages = [...(state.storages || [])].sort((a, b) => (gradStorages.has(b.id) ? 1 : 0) - (gradStorages.has(a.id) ? 1 : 0));
    // The legend's line is kept while there are storages, empty on a step
    // without marks: a legend that comes and goes would move every storage
    // below it and resize the drawing, which lays out and paints all of it.
    if (writes.size || reads.size) {
      const key = `${writes.size > 0},${reads.size > 0}`;
      if (!legends.has(key)) legends.set(key, legend(y, writes.size > 0, reads.size > 0));
      nodes.push(legends.get(key));
    }
    if (writes.size || reads.size || storages.length) y += 20;
    // After a jump or a step back, a line says what differs from the step shown
    // before; the marks below stay sparse (see marksAgainst).
    const against = marksAgainst(diff, storages, freed);
    if (against.caption) {
      const key = `${y}|${against.caption.text}|${against.caption.cells}|${cols}`;
      if (!captionDrawn || captionDrawn.key !== key) captionDrawn = { key, ...caption(y, against.caption, cols * CELL_W < 620) };
      nodes.push(captionDrawn.g);
      y += captionDrawn.h;
    }
    if (!storages.length && !freed.length) {
      nodes.push(svg('text', { x: PAD, y: y + 14, fill: MUTED, text: 'No tensor storage is alive at this step.' }));
      y += 24;
    }
    for (const s of storages) {
      const inStorage = tensors.filter((t) => t.storage === s.id);
      // Named tensors first, then the rest (bases kept alive by views, temporaries).
      inStorage.sort((a, b) => (names.has(b.id) ? 1 : 0) - (names.has(a.id) ? 1 : 0));
      const w = writes.get(s.id) || new Map();
      // Cells as wide as the storage's longest value needs (-0.005294 stays readable).
      const cw = cellWidth(s);
      const scols = Math.max(2, Math.floor((cols * CELL_W) / cw));
      const ctx = {
        cw,
        names, tensorsById, allocated: allocated.has(s.id), isNew: against.newBadges && diff.storagesNew.has(s.id),
        writes: w, reads: reads.get(s.id) || [], changed: against.changedCells(s, w),
        tensorMarks: against.tensorMarks(inStorage, s.id), allDiffer: against.allDiffer(s, w),
        roles: inStorage.filter((t) => roles.has(t.id)).map((t) => [t.id, roles.get(t.id)]),
      };
      const layout = layoutKey(s, inStorage, scols, ctx);
      let entry = drawnGroups.get(s.id);
      if (!entry || entry.layout !== layout) {
        if (entry) keepSpare(s.id, entry);
        const kept = spare.get(s.id);
        entry = kept && kept.get(layout);
        if (entry) kept.delete(layout);
      }
      if (entry) updateStorage(entry, s, ctx);
      else entry = drawStorage(s, inStorage, scols, ctx, layout);
      groups.set(s.id, entry);
      if (entry.y !== y) { entry.g.setAttribute('transform', `translate(0 ${y})`); entry.y = y; }
      nodes.push(entry.g);
      y += entry.h;
    }
    for (const [id, entry] of drawnGroups) if (!groups.has(id)) keepSpare(id, entry);
    drawnGroups = groups;
    for (const id of freed) {
      const old = prevStorages.get(id);
      const g = svg('g', { 'data-testid': 'memory-freed', 'data-storage': id });
      g.append(svg('text', { x: PAD, y: y + 12, fill: '#8c1d18', 'font-weight': 600,
        text: `${id} freed this step` + (old ? ` (was ${old.nbytes} bytes at ${hex(old.address)})` : '') }));
      nodes.push(g);
      y += 22;
    }
    // Only what changed is taken out or put in: a drawing moved in the DOM is
    // laid out again, so the ones that stay are never re-inserted.
    const keep = new Set(nodes);
    for (const n of [...svgRoot.childNodes]) if (!keep.has(n)) n.remove();
    let at = svgRoot.firstChild;
    for (const n of nodes) {
      if (n === at) at = at.nextSibling;
      else svgRoot.insertBefore(n, at);
    }
    // No viewBox: drawn at one unit a pixel, a new height only resizes the
    // viewport, where a new viewBox would transform, lay out and paint every
    // shape in it. The export adds one (share.js svgText).
    const h = String(y + PAD);
    if (svgRoot.getAttribute('width') !== String(width)) svgRoot.setAttribute('width', width);
    if (svgRoot.getAttribute('height') !== h) svgRoot.setAttribute('height', h);
    if (y + PAD > tallest) {
      tallest = y + PAD;
      root.style.setProperty('--memory-tallest', `${tallest + PANEL_CHROME}px`);
    }
  }

  // What a storage's drawing is laid out from: a change here redraws it.
  function layoutKey(s, inStorage, cols, ctx) {
    const first = current.diff.first;
    const d = current.diff;
    const ts = inStorage.map((t) => [t.id, tensorColour(t.id, current.state), t.shape, t.stride, t.offset, t.base,
      t.base && ctx.tensorsById.get(t.base) ? tensorLabel(ctx.tensorsById.get(t.base), ctx.names) : '', ctx.names.get(t.id) || null]);
    // Which badges, not their step numbers: those are set in place.
    const badge = `${ctx.isNew && !first ? (d.adjacent ? 'adjacent' : d.forward ? 'forward' : 'back') : ''}|${ctx.allDiffer}`;
    const { cells, summary } = storageValues(s);
    return JSON.stringify([s.id, s.dtype, s.nbytes, s.address, s.itemsize, cells.length, summary && [summary.numel, summary.gapAfter, cells.map(([k]) => k)],
      ts, cols, ctx.cw, ctx.allocated, badge, ctx.roles]);
  }

  function drawStorage(s, inStorage, cols, ctx, layout) {
    const cw = ctx.cw;
    // For screen readers the storage is a grid of cells (its rows are the lines
    // of cells), each named by its address, value and the elements that map to
    // it; one cell is in the tab order and the arrow keys move between them.
    // What is drawn around the cells is said once, in the grid's description.
    const g = svg('g', { 'data-testid': 'memory-storage', 'data-storage': s.id, 'data-keys': 'own', role: 'grid',
      'aria-label': `Storage ${s.id}, ${s.nbytes} bytes of ${s.dtype} at address ${s.address}` });
    let y = 0;
    const { cells, summary } = storageValues(s);
    const itemsize = s.itemsize || 1;
    const ncells = summary ? summary.numel : cells.length;
    const badges = [];
    const roleOf = new Map(ctx.roles);
    if (ctx.roles.length) {
      const texts = [...new Set(ctx.roles.flatMap(([, rs]) => rs.map((r) => gradientText(r, false).replace(/^gradient /, ''))))];
      badges.push([`gradient buffer, ${texts.join('; ')}`, GRAD_INK, 'memory-gradient', ctx.roles.some(([, rs]) => rs.some((r) => r.role === 'passed')) ? 'passed' : ctx.roles.some(([, rs]) => rs.some((r) => r.role === 'produced')) ? 'produced' : 'received']);
    }
    if (ctx.allocated) badges.push(['allocated this step', '#0b6e4f']);
    else if (ctx.isNew && !current.diff.first) badges.push([newBadgeText, '#0b6e4f']);
    if (ctx.allDiffer) badges.push([differsBadgeText, CHANGED_STROKE, 'memory-differs']);
    let x = PAD;
    const title = svg('text', { x, y: y + 12, fill: INK, 'font-weight': 700, text: `storage ${s.id}` });
    g.append(title);
    x += 92;
    // Narrow (a phone): the metadata goes on lines of its own instead of running off the edge.
    const narrow = cols * cw < 620;
    if (narrow) { y += 14; x = PAD; }
    const meta = `${s.dtype || ''} · ${s.nbytes} bytes · ${ncells} × ${itemsize} · address ${s.address} (${hex(s.address)})`;
    g.append(svg('text', { x, y: y + 12, fill: MUTED, text: meta }));
    // A lone badge ends the header line when it fits there (the font is
    // monospaced, so its width is known without reading layout): on a line of
    // its own, a badge that comes and goes ("allocated this step") would change
    // the storage's height and move every storage below it.
    const badgeX = x + meta.length * CHAR_W + 16;
    const longest = badges.length === 1 ? (typeof badges[0][0] === 'function' ? badges[0][0](current.diff) : badges[0][0]).length + 6 : Infinity;
    const inline = !narrow && badgeX + longest * CHAR_W <= PAD + cols * cw;
    const headerY = y;
    y += 16;
    const badgeRefs = [];
    for (const [text, colour, testid, role] of badges) {
      const b = svg('text', { x: inline ? badgeX : PAD, y: inline ? headerY + 12 : y + 10, fill: colour, 'font-weight': 600, 'data-testid': testid || (ctx.allocated ? 'memory-alloc' : 'memory-new'),
        'data-role': role || null });
      badgeRefs.push({ node: b, text, mark: testid === 'memory-gradient' ? '∇ ' : '● ', shown: null });
      g.append(b);
      if (!inline) y += 14;
    }
    if (ctx.roles.length) {
      // The whole storage framed in the gradient colour.
      g.prepend(svg('rect', { x: 2, y: -2, width: PAD + cols * cw + 2, height: 0, fill: 'none', stroke: GRAD_INK, 'stroke-width': 1.5,
        'stroke-dasharray': '5 3', rx: 5, class: 'grad-frame' }));
    }
    // Legend: one line per tensor with its colour, metadata and version.
    const lanes = inStorage.map((t) => ({ t, colour: tensorColour(t.id, current.state), cells: cellsOfTensor(t) }));
    const tensors = new Map(); // tensor id -> {texts, look}
    for (const lane of lanes) {
      const t = lane.t;
      const rs = roleOf.get(t.id);
      const lg = svg('g', { 'data-testid': 'memory-tensor', 'data-tensor': t.id, class: 'mem-tensor', cursor: 'pointer',
        onclick: () => channel.emit('select:tensor', { tensor: t.id }) });
      lg.append(svg('rect', { x: PAD, y: y + 2, width: 18, height: 10, fill: lane.colour, rx: 2 }));
      const texts = [];
      if (narrow || rs) {
        // A phone's width takes the name, the layout, and the version on lines of their own.
        const lines = cols * cw < 400 ? 3 : 2;
        texts.push(svg('text', { x: PAD + 24, y: y + 11, fill: rs ? GRAD_INK : INK }));
        for (let i = 1; i < lines; i++) texts.push(svg('text', { x: PAD + 24, y: y + 11 + 14 * i, fill: INK }));
        y += 14 * (lines - 1);
      } else {
        texts.push(svg('text', { x: PAD + 24, y: y + 11, fill: INK }));
      }
      lg.append(...texts);
      g.append(lg);
      const entry = { texts, look: null };
      applyLegend(entry, legendLook(t, ctx, rs, texts.length));
      tensors.set(t.id, entry);
      y += 15;
    }
    y += 4;
    // Cells, wrapped into lines of `cols` cells; what changes from step to step
    // (value, fill, outline, marks, name) is set by applyCell, here and on update.
    const drawn = cells.slice(0, MAX_CELLS_DRAWN);
    const lineCount = Math.ceil(drawn.length / cols) || 1;
    const gapAfter = summary ? summary.gapAfter : -1;
    const cellRefs = new Map(); // k -> {g, title, rect, value, corner, old, look, cx, y}
    for (let line = 0; line < lineCount; line++) {
      const row = drawn.slice(line * cols, (line + 1) * cols);
      const rowG = svg('g', { role: 'row' });
      g.append(rowG);
      row.forEach(([k], i) => {
        const cx = PAD + i * cw;
        const cg = svg('g', { 'data-testid': 'memory-cell', 'data-storage': s.id, 'data-cell': k, cursor: 'pointer', onclick: () => pickCell(s.id, k), role: 'gridcell' });
        const ref = { g: cg, title: svg('title'), rect: svg('rect', { x: cx + 1, y, width: cw - 2, height: CELL_H, rx: 3, 'aria-hidden': 'true' }),
          value: svg('text', { x: cx + cw / 2, y: y + 21, fill: INK, 'text-anchor': 'middle', 'aria-hidden': 'true' }), corner: null, old: null, look: null, cx, y, cw };
        cg.append(ref.title, ref.rect, svg('text', { x: cx + 3, y: y + 9, fill: MUTED, 'font-size': 8, 'aria-hidden': 'true', text: String(k) }), ref.value);
        cellRefs.set(k, ref);
        rowG.append(cg);
        if (k === gapAfter) {
          g.append(svg('text', { x: cx + cw - 2, y: y + CELL_H + 2, fill: MUTED, text: '…' }));
        }
        // Lanes: one bar per tensor under the cells it reads.
        lanes.forEach((lane, li) => {
          const idxs = lane.cells.get(k);
          if (!idxs) return;
          const ly = y + CELL_H + 2 + li * (LANE_H + 1);
          const lr = svg('rect', { x: cx + 1, y: ly, width: cw - 2, height: LANE_H, fill: lane.colour, rx: 1,
            'data-testid': 'memory-lane', 'data-tensor': lane.t.id, 'data-cell': k });
          lr.append(svg('title', { text: `${tensorLabel(lane.t, ctx.names)}${idxs.map((ix) => '[' + ix.join(', ') + ']').join(' ')} → cell ${k}` }));
          g.append(lr);
        });
      });
      const laneSpace = lanes.length * (LANE_H + 1);
      // Byte addresses under each cell: the low hex digits, the full one in the title.
      row.forEach(([k], i) => {
        const addr = (s.address || 0) + k * itemsize;
        g.append(svg('text', { x: PAD + i * cw + cw / 2, y: y + CELL_H + laneSpace + 12, fill: MUTED, 'font-size': 8,
          'text-anchor': 'middle', text: '…' + addr.toString(16).slice(-4) }));
      });
      y += CELL_H + laneSpace + 18;
    }
    if (cells.length > MAX_CELLS_DRAWN) {
      g.append(svg('text', { x: PAD, y: y + 10, fill: MUTED, text: `… ${cells.length - MAX_CELLS_DRAWN} more cells not drawn` }));
      y += 16;
    }
    g.addEventListener('keydown', (e) => {
      const onCell = e.target.closest && e.target.closest('[data-testid="memory-cell"]');
      const cur = onCell ? Number(onCell.dataset.cell) : activeCell(s.id, drawn);
      const pos = Math.max(0, drawn.findIndex(([k]) => k === cur));
      const moves = { ArrowRight: pos + 1, ArrowLeft: pos - 1, ArrowDown: pos + cols, ArrowUp: pos - cols,
        Home: e.ctrlKey ? 0 : pos - (pos % cols), End: e.ctrlKey ? drawn.length - 1 : Math.min(drawn.length - 1, pos - (pos % cols) + cols - 1) };
      if (moves[e.key] !== undefined) {
        e.preventDefault();
        const next = drawn[Math.max(0, Math.min(drawn.length - 1, moves[e.key]))];
        if (next) pickCell(s.id, next[0], true);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        pickCell(s.id, cur, true);
      }
    });
    // Everything but the rows of cells is said once, in the grid's description.
    for (const c of g.children) if (c.getAttribute('role') !== 'row') c.setAttribute('aria-hidden', 'true');
    const entry = { g, h: 0, y: null, layout, cells: cellRefs, tensors, lanes, drawn, badges: badgeRefs, ncells, itemsize, description: null };
    updateStorage(entry, s, ctx);
    const frame = g.querySelector('.grad-frame');
    if (frame) frame.setAttribute('height', y + 4);
    entry.h = y + 8;
    return entry;
  }

  // The cell the keyboard is on in a storage: the last one moved to, else the first.
  function activeCell(storageId, drawn) {
    const k = focusCell.get(storageId);
    return k !== undefined && drawn.some(([c]) => c === k) ? k : (drawn[0] ? drawn[0][0] : null);
  }

  // What changes in a drawn storage from step to step, set in place.
  function updateStorage(entry, s, ctx) {
    const selCells = selectedCells(s.id);
    const active = activeCell(s.id, entry.drawn);
    const from = current.diff.from;
    // Nothing it shows changed: nothing to do.
    const dyn = JSON.stringify([s.values, s.summary, [...ctx.writes], ctx.reads, [...ctx.changed], [...selCells], active, from, selectedTensor,
      entry.lanes.map((lane) => { const t = ctx.tensorsById.get(lane.t.id) || lane.t; return [t.version, ctx.tensorMarks.get(t.id)]; })]);
    if (dyn === entry.dyn) return;
    entry.dyn = dyn;
    const { cells } = storageValues(s);
    const values = new Map(cells);
    const isRead = readTest(ctx.reads);
    for (const [k, ref] of entry.cells) {
      const holders = entry.lanes.filter((lane) => lane.cells.has(k))
        .map((lane) => lane.cells.get(k).map((ix) => `${tensorLabel(lane.t, ctx.names)}[${ix.join(', ')}]`).join(', '));
      applyCell(ref, cellLook(s, k, values.get(k), ctx, selCells.has(k), isRead(k), k === active, holders, from));
    }
    const roleOf = new Map(ctx.roles);
    const described = [];
    for (const lane of entry.lanes) {
      const t = ctx.tensorsById.get(lane.t.id) || lane.t;
      const rs = roleOf.get(t.id);
      const t0 = entry.tensors.get(t.id);
      applyLegend(t0, legendLook(t, ctx, rs, t0.texts.length));
      described.push(`${tensorLabel(t, ctx.names)}${rs ? ` (${rs.map((r) => gradientText(r, false)).join('; ')})` : ''}: ` +
        `shape [${t.shape.join(', ')}], stride (${t.stride.join(', ')}), offset ${t.offset}, version ${t.version}` +
        `${ctx.tensorMarks.has(t.id) ? `, ${ctx.tensorMarks.get(t.id)}` : ''}`);
    }
    const badges = entry.badges.map((b) => {
      const text = typeof b.text === 'function' ? b.text(current.diff) : b.text;
      if (text !== b.shown) { setText(b.node, b.mark + text); b.shown = text; }
      return text;
    });
    const description = [`${entry.ncells} cells of ${entry.itemsize} bytes`, ...badges,
      described.length ? `tensors: ${described.join('; ')}` : 'no tensor', 'arrow keys, Home and End move between cells'].join('. ');
    if (description !== entry.description) { entry.g.setAttribute('aria-description', description); entry.description = description; }
  }

  // A tensor's legend line: its name, shape, strides, offset, version and what changed.
  function legendLook(t, ctx, rs, lines) {
    const label = tensorLabel(t, ctx.names);
    const named = ctx.names.has(t.id);
    const base = t.base ? ctx.tensorsById.get(t.base) : null;
    const baseText = t.base ? ` · view of ${base ? tensorLabel(base, ctx.names) : t.base}` : '';
    const changed = ctx.tensorMarks.get(t.id);
    const what = rs ? `  (${rs.map((r) => gradientText(r, false)).join('; ')})` : (named ? '' : ' (unnamed)');
    const layout = `[${t.shape.join(', ')}]  stride (${t.stride.join(', ')})  offset ${t.offset}`;
    const version = `version ${t.version}${baseText}${changed ? `  ← ${changed}` : ''}`;
    const weight = selectedTensor === t.id || rs ? 700 : (named ? 600 : 400);
    if (lines === 3) return { texts: [`${label}${what}`, layout, version], weight };
    if (lines === 2) return { texts: [`${label}${what}`, `${layout}  ${version}`], weight };
    return { texts: [`${label}${what}  ${layout}  ${version}`], weight };
  }
  function applyLegend(entry, look) {
    const prev = entry.look;
    look.texts.forEach((text, i) => { if (!prev || prev.texts[i] !== text) setText(entry.texts[i], text); });
    if (!prev || prev.weight !== look.weight) entry.texts[0].setAttribute('font-weight', look.weight);
    entry.look = look;
  }

  // A cell's look at this step: its value, its marks, its name.
  function cellLook(s, k, v, ctx, isSel, r, isActive, holders, from) {
    const w = ctx.writes.get(k);
    const ch = ctx.changed.has(k);
    const txt = formatValue(v, s.dtype);
    const addr = (s.address || 0) + k * (s.itemsize || 1);
    return {
      v: String(v), txt, sel: isSel, tab: isActive ? 0 : -1, read: r, written: Boolean(w), changed: ch,
      fill: w ? WRITE_FILL : (isSel ? '#fff3c4' : '#ffffff'),
      stroke: isSel ? '#000' : (ch ? CHANGED_STROKE : (r ? READ_MARK : '#9aa4b2')),
      sw: isSel ? 3 : (ch ? 2 : 1),
      dash: r && !isSel ? '3 2' : null,
      weight: w ? 700 : 400,
      old: w && w.old !== undefined ? formatValue(w.old, s.dtype) : null,
      // The cell's name (and tooltip): where it is, what it holds, which elements map to it, its marks.
      title: `cell ${k} of ${s.id}: value ${txt}, address ${addr} (${hex(addr)})` +
        (holders.length ? `; element ${holders.join(', ')}` : '; no tensor element maps here') +
        `${w ? `; written this step (was ${formatValue(w.old, s.dtype)})` : ''}${r ? '; read this step' : ''}` +
        `${ch ? `; differs from step ${from + 1}, shown before` : ''}`,
    };
  }
  function applyCell(ref, look) {
    const prev = ref.look || {};
    const set = (node, name, value) => { if (value === null || value === undefined) node.removeAttribute(name); else node.setAttribute(name, value); };
    if (prev.v !== look.v) ref.g.setAttribute('data-value', look.v);
    if (prev.tab !== look.tab) ref.g.setAttribute('tabindex', look.tab);
    if (prev.sel !== look.sel) set(ref.g, 'aria-selected', look.sel ? 'true' : null);
    if (prev.title !== look.title) setText(ref.title, look.title);
    if (prev.fill !== look.fill) ref.rect.setAttribute('fill', look.fill);
    if (prev.stroke !== look.stroke) ref.rect.setAttribute('stroke', look.stroke);
    if (prev.sw !== look.sw) ref.rect.setAttribute('stroke-width', look.sw);
    if (prev.dash !== look.dash) set(ref.rect, 'stroke-dasharray', look.dash);
    if (prev.changed !== look.changed) set(ref.rect, 'data-changed', look.changed ? 'true' : null);
    if (prev.written !== look.written) set(ref.rect, 'data-written', look.written ? 'true' : null);
    if (prev.read !== look.read) {
      set(ref.rect, 'data-read', look.read ? 'true' : null);
      if (look.read) { ref.corner = readCorner(ref.cx, ref.y); ref.corner.setAttribute('aria-hidden', 'true'); ref.rect.after(ref.corner); }
      else if (ref.corner) { ref.corner.remove(); ref.corner = null; }
    }
    // Long values (-0.005290, 1.234e-05) get a smaller font, and past 8
    // characters are squeezed to the cell, so they never spill over.
    if (prev.txt !== look.txt) {
      const t = look.txt;
      setText(ref.value, t);
      // The cell is as wide as its storage's longest value at 11 px; a value
      // longer than that (a later write) is squeezed to the cell.
      const size = t.length * 7.3 <= ref.cw - 6 ? 12 : 11;
      ref.value.setAttribute('font-size', size);
      const squeeze = t.length * CHAR_W > ref.cw - 4;
      set(ref.value, 'textLength', squeeze ? ref.cw - 6 : null);
      set(ref.value, 'lengthAdjust', squeeze ? 'spacingAndGlyphs' : null);
    }
    if (prev.weight !== look.weight) ref.value.setAttribute('font-weight', look.weight);
    if (prev.old !== look.old) {
      if (look.old === null) { if (ref.old) { ref.old.remove(); ref.old = null; } }
      else {
        if (!ref.old) {
          ref.old = svg('text', { x: ref.cx + ref.cw - 3, y: ref.y + 9, fill: '#8c1d18', 'text-anchor': 'end', 'font-size': 8, 'text-decoration': 'line-through', 'aria-hidden': 'true' });
          ref.g.append(ref.old);
        }
        setText(ref.old, look.old);
      }
    }
    ref.look = look;
  }

  // The line that says what the marks compare with, with the outline it uses.
  function caption(y, { text, cells }, narrow) {
    const g = svg('g', { 'data-testid': 'memory-compared' });
    let x = PAD;
    if (cells) {
      g.append(svg('rect', { x, y, width: 16, height: 12, rx: 2, fill: '#ffffff', stroke: CHANGED_STROKE, 'stroke-width': 2 }));
      x += 22;
    }
    // On a phone, what differs goes on lines of its own (SVG text does not wrap).
    const lines = narrow ? text.replace(': ', ':\n').split(/\n| · /) : [text];
    const t = svg('text', { x, y: y + 10, fill: INK });
    lines.forEach((line, i) => t.append(svg('tspan', { x: i ? PAD + 12 : x, dy: i ? 14 : 0, text: line })));
    g.append(t);
    return { g, h: 20 + 14 * (lines.length - 1) };
  }

  // What the write and read marks mean, drawn with the marks themselves.
  function legend(y, written, read) {
    const g = svg('g', { 'data-testid': 'memory-legend', 'aria-label': 'Legend of the cell marks' });
    let x = PAD;
    if (written) {
      const e = svg('g', { 'data-testid': 'memory-legend-written' });
      e.append(svg('rect', { x, y, width: 16, height: 12, rx: 2, fill: WRITE_FILL, stroke: '#9aa4b2' }));
      e.append(svg('text', { x: x + 22, y: y + 10, fill: INK, text: 'written this step' }));
      g.append(e);
      x += 132;
      // The small struck-out number in a written cell's corner.
      const o = svg('g', { 'data-testid': 'memory-legend-old' });
      o.append(svg('text', { x: x + 14, y: y + 8, fill: '#8c1d18', 'text-anchor': 'end', 'font-size': 8, 'text-decoration': 'line-through', text: '3' }));
      o.append(svg('text', { x: x + 20, y: y + 10, fill: INK, text: 'its value before the write' }));
      g.append(o);
      x += 196;
    }
    if (read) {
      const e = svg('g', { 'data-testid': 'memory-legend-read' });
      e.append(svg('rect', { x, y, width: 16, height: 12, rx: 2, fill: '#ffffff', stroke: READ_MARK, 'stroke-dasharray': '3 2' }));
      e.append(svg('path', { d: `M${x} ${y + 12} h7 l-7 -7 z`, fill: READ_MARK }));
      e.append(svg('text', { x: x + 22, y: y + 10, fill: INK, text: 'read this step' }));
      g.append(e);
    }
    return g;
  }

  function selectedCells(storageId) {
    const out = new Set();
    if (selectedCell && selectedCell.storage === storageId) out.add(selectedCell.cell);
    if (selectedElement && current) {
      const t = byId(current.state.tensors).get(selectedElement.tensor);
      if (t && t.storage === storageId) {
        let k = t.offset || 0;
        selectedElement.index.forEach((i, d) => { k += i * t.stride[d]; });
        out.add(k);
      }
    }
    return out;
  }

  function pickCell(storage, cell, keepFocus) {
    focusCell.set(storage, cell);
    channel.emit('select:cell', { storage, cell });
    // The storage was redrawn with the cell selected: focus its new drawing.
    if (keepFocus) {
      const c = wrap.querySelector(`[data-testid="memory-cell"][data-storage="${storage}"][data-cell="${cell}"]`);
      if (c) c.focus();
    }
  }

  let revealPending = false;
  channel.on('step:changed', ({ state, prev, diff }) => {
    current = { state, prev, diff: diff || diffStates(prev, state) };
    render();
    // The cells this step wrote, brought into view once the frame is laid out.
    if (!revealPending && (state.events || []).some((e) => e.type === 'write')) {
      revealPending = true;
      requestAnimationFrame(() => { revealPending = false; revealWritten(wrap); });
    }
  });
  channel.on('run:started', () => {
    current = null; selectedCell = null; selectedElement = null;
    tallest = 0;
    root.style.removeProperty('--memory-tallest');
    render();
  });
  channel.on('select:element', (sel) => { selectedElement = sel; if (sel) selectedCell = null; render(); });
  channel.on('select:cell', (sel) => { selectedCell = sel; if (sel) selectedElement = null; render(); });
  channel.on('select:tensor', ({ tensor }) => { selectedTensor = tensor; render(); });
  new ResizeObserver((entries) => {
    const w = Math.max(300, Math.floor(entries[entries.length - 1].contentRect.width)) - 4;
    if (w === width) return;
    width = w;
    if (current) render();
  }).observe(wrap);
  render();
  return { svgElement: () => wrap.querySelector('svg') };
}
