// The variables panel: each frame's names in the trace's stable order, with
// id() (the Python object) and data_ptr() (the first element's address) side by
// side, so the two are never confused.
import { el, morph } from '../dom.js';
import { byId, diffStates, hex } from '../trace_state.js';
import { tensorColour } from '../palette.js';

export function createVariablesView(root, channel) {
  const body = el('div', { class: 'vars-body' });
  root.append(body);
  // Rows are updated in place (morph), so their listeners live here.
  const tensorRow = (e) => { const tr = e.target.closest && e.target.closest('tr[data-tensor]'); return tr ? tr.dataset.tensor : null; };
  body.addEventListener('click', (e) => { const t = tensorRow(e); if (t) channel.emit('select:tensor', { tensor: t }); });
  body.addEventListener('keydown', (e) => { const t = e.key === 'Enter' && tensorRow(e); if (t) channel.emit('select:tensor', { tensor: t }); });

  function row(name, oid, state, tensors, changed, since) {
    const o = (state.objects || {})[oid] || { type: '?', repr: oid };
    const t = o.tensor ? tensors.get(o.tensor) : null;
    const tr = el('tr', { 'data-testid': 'variable-row', 'data-name': name, class: changed ? 'changed' : null, 'data-changed': changed || null,
      title: changed ? `${changed === 'new' ? 'new' : 'changed'} since step ${since}` : null });
    const swatch = t ? el('span', { class: 'swatch', 'aria-hidden': 'true' }) : null;
    if (swatch) swatch.style.background = tensorColour(t.id, state);
    tr.append(
      el('th', { scope: 'row' }, swatch, name, el('span', { class: 'type' }, o.type)),
      el('td', { class: 'num', 'data-testid': 'variable-id', title: o.id !== undefined ? hex(o.id) : '' }, o.id !== undefined ? String(o.id) : ''),
      el('td', { class: 'num', title: t ? hex(t.data_ptr) : '' }, el('span', { 'data-testid': 'variable-data-ptr' }, t && t.data_ptr !== undefined ? String(t.data_ptr) : '—'),
        t ? el('div', { class: 'meta' }, `${t.storage} · v${t.version}${t.requires_grad ? ' · grad' : ''}`) : null),
      el('td', { class: 'repr' }, el('code', {}, o.repr || (t ? `[${t.shape.join(', ')}] ${String(t.dtype).replace(/^torch\./, '')}` : ''))),
    );
    if (t) {
      tr.classList.add('is-tensor');
      tr.tabIndex = 0;
      tr.setAttribute('aria-label', `${name}: tensor, id ${o.id ?? '?'}, data_ptr ${t.data_ptr ?? '?'}, storage ${t.storage}, version ${t.version}${changed ? `, ${changed === 'new' ? 'new' : 'changed'} since step ${since}` : ''}. Enter shows it in the stride panel.`);
      tr.dataset.tensor = t.id;
    }
    return tr;
  }

  let shownKey = null;
  channel.on('run:started', () => { shownKey = null; body.replaceChildren(); });
  channel.on('step:changed', ({ state, prev, diff = diffStates(prev, state) }) => {
    const tensors = byId(state.tensors);
    const frames = state.frames && state.frames.length ? state.frames : [{ name: '<module>', variables: Object.entries(state.variables || {}) }];
    // Rows that differ from the step shown before are marked, sparingly: after a
    // jump that changed every row, marking them all would say nothing.
    const inner = frames[frames.length - 1];
    const rows = (inner.variables || []).map(([name]) => name);
    let marked = diff.first ? [] : rows.filter((name) => diff.variables.has(name));
    if (!diff.adjacent && marked.length === rows.length && rows.length > 1) marked = [];
    const kind = (name) => (marked.includes(name) ? (diff.variablesNew.has(name) ? 'new' : 'changed') : null);
    // Redrawn only when what the tables show differs from what they show now.
    const objects = state.objects || {};
    const key = JSON.stringify(frames.map((fr) => [fr.name, fr.line, (fr.variables || []).map(([name, oid]) => {
      const o = objects[oid];
      return [name, o, o && o.tensor ? tensors.get(o.tensor) : null];
    })]).concat([marked.map(kind), diff.from]));
    if (key === shownKey) return;
    shownKey = key;
    const next = el('div', { class: 'vars-body' });
    for (let f = frames.length - 1; f >= 0; f--) {
      const fr = frames[f];
      const table = el('table', { class: 'vars-table', 'data-testid': 'variables-frame', 'data-frame': fr.name });
      table.append(el('caption', {}, `${fr.name}${fr.line ? ' · line ' + fr.line : ''}`));
      table.append(el('thead', {}, el('tr', {}, ['name', 'id()', 'data_ptr() · storage', 'value'].map((h) => el('th', { scope: 'col' }, h)))));
      const tb = el('tbody');
      for (const [name, oid] of fr.variables || []) tb.append(row(name, oid, state, tensors, fr === inner ? kind(name) : null, diff.from + 1));
      if (!(fr.variables || []).length) tb.append(el('tr', {}, el('td', { colspan: 5, class: 'empty-row' }, 'no variables yet')));
      table.append(tb);
      next.append(table);
    }
    morph(body, next);
  });
}
