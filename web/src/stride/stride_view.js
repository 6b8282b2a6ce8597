// The stride-arithmetic panel. Pick a tensor and an element (pointer or
// keyboard) to see offset + i·stride0 + j·stride1 + … = k with the numbers
// filled in, and cell k lit in memory; pick a cell to see every (tensor, index)
// that reads it. The logical grid sits beside the storage it maps into; a view
// shows how its sizes, strides and offset were derived.
import { el } from '../dom.js';
import { byId, cellOf, cellsOfTensor, indices, numel, tensorNames, tensorLabel, storageValues, formatValue, offsetTerms } from '../trace_state.js';
import { tensorColour } from '../palette.js';

const INDEX_NAMES = ['i', 'j', 'k', 'l', 'm', 'n', 'p', 'q'];
const MAX_GRID = 400;

export function createStrideView(root, channel) {
  const picker = el('select', { 'data-testid': 'stride-tensor-picker', 'aria-label': 'Tensor to inspect' });
  const head = el('div', { class: 'stride-head' }, el('label', {}, 'tensor ', picker));
  const derivation = el('div', { class: 'stride-derivation', 'data-testid': 'stride-derivation' });
  const grid = el('div', { class: 'stride-grid', 'data-testid': 'stride-grid', 'data-keys': 'own' });
  const strip = el('div', { class: 'stride-strip', 'data-testid': 'stride-storage' });
  const formula = el('div', { class: 'stride-formula', 'data-testid': 'stride-formula', 'aria-live': 'polite' });
  // Not live: a cell picked in memory already says which elements map to it.
  const readers = el('div', { class: 'stride-readers', 'data-testid': 'cell-readers' });
  root.append(head, derivation, el('div', { class: 'stride-pair' }, grid, strip), formula, readers);

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
      grid.replaceChildren();
      strip.replaceChildren();
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
    grid.replaceChildren();
    strip.replaceChildren();
    if (!t) return;
    renderDerivation(t, names);
    renderGrid(t);
    renderStrip(t);
    renderFormula(t, names);
    renderReaders();
  }

  function renderDerivation(t, names) {
    const contiguous = t.contiguous ?? t.is_contiguous;
    const rows = [el('div', {}, el('b', {}, tensorLabel(t, names)), ` size (${t.shape.join(', ')}) · stride (${t.stride.join(', ')}) · storage_offset ${t.offset}${contiguous === false ? ' · not contiguous' : contiguous === true ? ' · contiguous' : ''}`)];
    const v = t.view;
    const tensors = byId(state.tensors);
    if (v) {
      const src = v.source ? tensors.get(v.source) : null;
      const srcName = src ? tensorLabel(src, names) : (v.source || null);
      rows.push(el('div', {}, 'a view, made by ', v.text ? el('code', {}, v.text) : el('code', {}, v.op || '?'),
        v.text && v.op ? ` (${v.op})` : '', srcName ? ` from ${srcName}` : ''));
      const terms = offsetTerms(t);
      if (terms.length) rows.push(el('div', { 'data-testid': 'stride-derivation-offset' }, `offset = ${terms.join(' + ')} = ${v.offset ?? t.offset}`));
      if (Array.isArray(v.strides) && src) {
        const parts = v.strides.map((m, d) => (m ? `${src.stride[m[0]]}·${m[1]}` : '0 (expanded)') + ` = ${t.stride[d]}`);
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

  function renderGrid(t) {
    const shape = t.shape;
    const colour = tensorColour(t.id);
    grid.style.setProperty('--tc', colour);
    const s = byId(state.storages).get(t.storage);
    const values = s && Array.isArray(s.values) ? s.values : null;
    if (numel(shape) > MAX_GRID) {
      grid.append(el('p', { class: 'muted' }, `${numel(shape)} elements: the grid shows the first ${MAX_GRID}.`));
    }
    const rank = shape.length;
    const rows = rank >= 2 ? shape[rank - 2] : 1;
    const cols = rank >= 1 ? shape[rank - 1] : 1;
    const outer = rank > 2 ? shape.slice(0, rank - 2) : [];
    let drawn = 0;
    for (const lead of indices(outer)) {
      if (drawn >= MAX_GRID) break;
      const block = el('div', { class: 'grid-block' });
      if (outer.length) block.append(el('div', { class: 'grid-caption' }, `[${lead.join(', ')}, :, :]`));
      const table = el('table', { class: 'grid-table', role: 'grid', 'aria-label': `elements of the tensor` });
      for (let r = 0; r < rows; r++) {
        const tr = el('tr');
        for (let c = 0; c < cols; c++) {
          if (drawn >= MAX_GRID) break;
          const idx = rank === 0 ? [] : rank === 1 ? [c] : [...lead, r, c];
          const k = cellOf(t, idx);
          const sel = index && idx.join(',') === index.join(',');
          const b = el('button', { type: 'button', class: 'grid-cell' + (sel ? ' selected' : ''), 'data-testid': 'stride-element',
            'data-index': idx.join(','), 'data-cell': k, tabindex: sel || (!index && drawn === 0) ? 0 : -1,
            'aria-label': `element [${idx.join(', ')}] in cell ${k}`, onclick: () => pick(idx) },
          values && values[k] !== undefined ? formatValue(values[k], t.dtype) : '·');
          tr.append(el('td', {}, b));
          drawn++;
        }
        table.append(tr);
      }
      block.append(table);
      grid.append(block);
    }
  }

  function renderStrip(t) {
    const s = byId(state.storages).get(t.storage);
    if (!s) return;
    const { cells } = storageValues(s);
    const mine = cellsOfTensor(t);
    const k = index ? cellOf(t, index) : null;
    strip.append(el('div', { class: 'strip-caption' }, `storage ${s.id}`));
    const row = el('div', { class: 'strip-row' });
    for (const [c, v] of cells.slice(0, 256)) {
      const box = el('span', { class: 'strip-cell' + (mine.has(c) ? ' mine' : '') + (c === k ? ' lit' : ''), 'data-cell': c, title: `cell ${c}` }, formatValue(v, s.dtype));
      if (mine.has(c)) box.style.borderColor = tensorColour(t.id);
      row.append(box);
    }
    strip.append(row);
  }

  // The formula is a live region: it is rewritten only when its text changes,
  // so that playing the run does not make screen readers repeat it.
  function setFormula(...children) {
    const text = children.map((c) => c.textContent).join('');
    if (formula.textContent !== text || formula.childElementCount !== children.length) formula.replaceChildren(...children);
  }
  function renderFormula(t, names) {
    if (!index) {
      setFormula(el('span', { class: 'muted' }, 'Pick an element (click, or arrow keys then Enter) to see where it lives.'));
      return;
    }
    const k = cellOf(t, index);
    const sym = ['offset', ...index.map((_, d) => `${INDEX_NAMES[d] || 'i' + d}·stride${d}`)].join(' + ');
    const nums = [String(t.offset), ...index.map((i, d) => `${i}·${t.stride[d]}`)].join(' + ');
    const s = byId(state.storages).get(t.storage);
    const addr = s ? s.address + k * (s.itemsize || 1) : null;
    setFormula(
      el('div', {}, `${tensorLabel(t, names)}[${index.join(', ')}]`),
      el('div', { class: 'sym' }, `${sym} = k`),
      el('div', { class: 'nums', 'data-testid': 'stride-formula-numbers' }, `${nums} = ${k}`),
      el('div', { class: 'muted' }, s ? `cell ${k} of storage ${s.id}, address ${s.address} + ${k}·${s.itemsize} = ${addr}` : `cell ${k}`),
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
      const b = grid.querySelector(`[data-index="${idx.join(',')}"]`);
      if (b) b.focus();
    }
  }

  grid.addEventListener('keydown', (e) => {
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
  channel.on('select:element', (sel) => { if (sel) { tensorId = sel.tensor; index = sel.index; cellSel = null; } render(); const b = grid.querySelector('.selected'); if (b && grid.contains(document.activeElement)) b.focus(); });
  channel.on('select:cell', (sel) => { cellSel = sel; if (sel) index = null; render(); });
  render();
}
