// Reading a state of the trace. Nothing here computes tensor values: it only
// applies the mapping the contract defines (cell = offset + sum(i_k * stride_k))
// and compares two states to say what changed.

export const MAX_ENUMERATED = 4096;

/** Element count of a shape (1 for a 0-d tensor). */
export function numel(shape) {
  return shape.reduce((a, b) => a * b, 1);
}

/** Cell of element `index` of tensor `t`. */
export function cellOf(t, index) {
  let k = t.offset || 0;
  for (let d = 0; d < index.length; d++) k += index[d] * t.stride[d];
  return k;
}

/** Every index of `shape` in row-major order, capped at `limit` indices. */
export function* indices(shape, limit = MAX_ENUMERATED) {
  const n = numel(shape);
  const idx = shape.map(() => 0);
  for (let count = 0; count < Math.min(n, limit); count++) {
    yield idx.slice();
    for (let d = shape.length - 1; d >= 0; d--) {
      idx[d] += 1;
      if (idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

/** Map cell -> list of indices of tensor t that read it. */
export function cellsOfTensor(t) {
  const cells = new Map();
  for (const idx of indices(t.shape)) {
    const k = cellOf(t, idx);
    if (!cells.has(k)) cells.set(k, []);
    cells.get(k).push(idx);
  }
  return cells;
}

export function byId(list) {
  const m = new Map();
  for (const x of list || []) m.set(x.id, x);
  return m;
}

/** tensor id -> variable names (innermost frame first, then outer frames). */
export function tensorNames(state) {
  const names = new Map();
  const objects = state.objects || {};
  const add = (name, oid) => {
    const o = objects[oid];
    if (!o || !o.tensor) return;
    if (!names.has(o.tensor)) names.set(o.tensor, []);
    const list = names.get(o.tensor);
    if (!list.includes(name)) list.push(name);
  };
  for (const [name, oid] of Object.entries(state.variables || {})) add(name, oid);
  const frames = state.frames || [];
  for (let f = frames.length - 1; f >= 0; f--) {
    for (const [name, oid] of frames[f].variables || []) add(name, oid);
  }
  // Entries of containers and attributes of instances (model.weights, xs[0]),
  // named from the variable that holds them, one level deep.
  for (const [name, oid] of Object.entries(state.variables || {})) {
    const o = objects[oid];
    for (const [label, child] of (o && (o.items || o.attributes)) || []) {
      add(/^\d+$|^'/.test(String(label)) ? `${name}[${label}]` : `${name}.${label}`, child);
    }
  }
  // A named tensor's .grad is named after it (x.grad), as Python would reach it.
  for (const t of state.tensors || []) {
    if (t.grad && names.has(t.id) && !names.has(t.grad)) names.set(t.grad, names.get(t.id).map((n) => `${n}.grad`));
  }
  return names;
}

export function tensorLabel(t, names) {
  const n = names.get(t.id);
  if (n && n.length) return n.join(' = ');
  return t.id;
}

export function storageValues(s) {
  if (Array.isArray(s.values)) return { cells: s.values.map((v, i) => [i, v]), summary: null };
  // Big storages: {summary: {head, tail, tail_start}} (docs/trace-format.md), or the
  // older {values: {summary: true, head, tail, numel}}.
  const sum = s.summary && typeof s.summary === 'object' ? s.summary : (s.values && s.values.summary ? s.values : null);
  if (sum) {
    const head = sum.head || [];
    const tail = sum.tail || [];
    const n = s.numel ?? sum.numel ?? Math.floor(s.nbytes / (s.itemsize || 1));
    return {
      cells: [...head.map((v, i) => [i, v]), ...tail.map((v, i) => [(sum.tail_start ?? n - tail.length) + i, v])],
      summary: { numel: n, gapAfter: head.length - 1 },
    };
  }
  return { cells: [], summary: null };
}

export function formatValue(v, dtype) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') {
    if (dtype && /float|double|half/.test(dtype)) {
      if (Number.isInteger(v)) return v + '.';
      const s = v.toPrecision(4);
      return String(Number(s));
    }
    return String(v);
  }
  return String(v);
}

export function hex(n) {
  return typeof n === 'number' ? '0x' + n.toString(16) : String(n ?? '');
}

/** What differs between the step shown before (`prev`) and this one (`cur`),
 *  in either direction: variables, cells, storages and tensors. `adjacent` is
 *  true when `prev` is the step just before, so that the step's own events
 *  (alloc, write, free) already say what changed; `from` is the step shown
 *  before (0-based), `forward` whether the learner moved forward. */
export function diffStates(prev, cur) {
  const d = { variables: new Set(), variablesNew: new Set(), cells: new Map(), storagesNew: new Set(), storagesGone: [],
    tensors: new Set(), tensorsNew: new Set(), tensorChanges: new Map(), nodes: new Set(), first: !prev,
    from: prev ? prev.step : null, forward: true, adjacent: false };
  if (!prev) return d;
  d.forward = !(cur.step < prev.step);
  d.adjacent = cur.step === prev.step + 1;
  const pv = prev.variables || {};
  const po = prev.objects || {};
  const co = cur.objects || {};
  for (const [name, oid] of Object.entries(cur.variables || {})) {
    if (!(name in pv)) { d.variables.add(name); d.variablesNew.add(name); }
    else if (pv[name] !== oid || !po[oid] || (co[oid] && po[oid].repr !== co[oid].repr)) d.variables.add(name);
  }
  const ps = byId(prev.storages);
  const cs = byId(cur.storages);
  for (const s of cur.storages || []) {
    const old = ps.get(s.id);
    if (!old) { d.storagesNew.add(s.id); continue; }
    if (Array.isArray(s.values) && Array.isArray(old.values)) {
      const changed = new Set();
      s.values.forEach((v, i) => { if (old.values[i] !== v) changed.add(i); });
      if (changed.size) d.cells.set(s.id, changed);
    }
  }
  for (const s of prev.storages || []) if (!cs.has(s.id)) d.storagesGone.push(s);
  const pt = byId(prev.tensors);
  for (const t of cur.tensors || []) {
    const o = pt.get(t.id);
    if (!o) { d.tensors.add(t.id); d.tensorsNew.add(t.id); continue; }
    const what = [];
    if (o.version !== t.version) what.push(`version ${o.version} → ${t.version}`);
    if (String(o.shape) !== String(t.shape) || String(o.stride) !== String(t.stride) || o.offset !== t.offset) what.push(`was [${o.shape.join(', ')}] stride (${o.stride.join(', ')}) offset ${o.offset}`);
    if (o.grad !== t.grad) what.push(t.grad ? (o.grad ? 'new .grad' : '.grad set') : 'no .grad');
    if (o.grad_fn !== t.grad_fn) what.push(t.grad_fn ? 'grad_fn set' : 'no grad_fn');
    if (what.length) { d.tensors.add(t.id); d.tensorChanges.set(t.id, what.join(', ')); }
  }
  const pn = new Set(((prev.graph || {}).nodes || []).map((n) => n.id));
  for (const n of (cur.graph || {}).nodes || []) if (!pn.has(n.id)) d.nodes.add(n.id);
  return d;
}

/** The view's offset as terms: [[label text], ...] and the total, from either
 *  [[k, stride, dim], ...] (docs/trace-format.md) or [[k, stride] | [value, "label"], ...]. */
export function offsetTerms(t) {
  const v = t.view || {};
  const terms = [];
  if (v.source_offset !== undefined) terms.push(`${v.source_offset}`);
  for (const term of v.offset_terms || []) {
    if (typeof term[1] === 'string') terms.push(`${term[0]} (${term[1]})`);
    else terms.push(`${term[0]}·${term[1]}`);
  }
  return terms;
}

/** During backward (a state with `backward`), what each gradient tensor is:
 *  tensor id -> [{role: 'received'|'produced', node, index, to}], where `to` is
 *  the name of the node a produced gradient flows into (the node's `next[index]`).
 *  Read from state.backward and state.graph only. */
export function gradientRoles(state) {
  const roles = new Map();
  const bw = state && state.backward;
  if (!bw) return roles;
  const nodes = byId((state.graph || {}).nodes);
  const node = nodes.get(bw.node);
  const add = (k, r) => { if (k) roles.set(k, [...(roles.get(k) || []), r]); };
  (bw.grad_inputs || []).forEach((k, i) => add(k, { role: 'received', node: bw.name, index: i, to: null }));
  // AccumulateGrad keeps what it received as its leaf's .grad (the trace gives
  // no tensor for it then): that .grad is the gradient it received.
  const leafGrad = accumulatedGrad(state, node);
  if (leafGrad && !(bw.grad_inputs || []).some(Boolean)) add(leafGrad.grad, { role: 'received', node: bw.name, index: 0, to: null, into: leafGrad.name });
  // `next` leaves out the edges to no node (an input that needs no gradient, whose output is
  // null): when it is shorter than the outputs, the k-th non-null output goes to next[k].
  const outs = bw.grad_outputs || [];
  const dense = node && node.next && node.next.length === outs.length;
  let produced = 0;
  outs.forEach((k, i) => {
    const edge = dense ? i : produced;
    if (k) produced++;
    const next = node && node.next && (dense || node.next.length === outs.filter(Boolean).length) ? nodes.get(node.next[edge]) : null;
    const leaf = accumulatedGrad(state, next);
    add(k, { role: 'produced', node: bw.name, index: i, to: leaf ? leaf.name : next ? next.name : null });
  });
  // A node that hands on the very tensor it received (AddBackward0 does) has
  // one gradient buffer, received and passed on.
  for (const [k, rs] of roles) {
    const rec = rs.find((r) => r.role === 'received');
    const prod = rs.filter((r) => r.role === 'produced');
    if (rec && prod.length) roles.set(k, [{ role: 'passed', node: bw.name, index: prod[0].index, to: prod.map((r) => r.to).filter(Boolean).join(', ') || null }]);
  }
  return roles;
}

/** The leaf an AccumulateGrad node feeds: {leaf, grad, name: "a.grad"}, or null for other nodes. */
export function accumulatedGrad(state, node) {
  if (!node || node.name !== 'AccumulateGrad' || !node.variable) return null;
  const leaf = byId(state.tensors).get(node.variable);
  const names = tensorNames(state);
  const leafName = leaf && names.has(leaf.id) ? tensorLabel(leaf, names) : node.variable;
  return { leaf, leafName, grad: leaf ? leaf.grad : null, name: `${leafName}.grad` };
}

/** How a gradient tensor is named on the page: "gradient received by MulBackward0". */
export function gradientText(r, many) {
  if (r.role === 'passed') return `gradient received by ${r.node} and passed on as it is${r.to ? ` to ${r.to}` : ''}`;
  if (r.into) return `gradient received by ${r.node}, kept as ${r.into}`;
  const idx = many ? ` [${r.index}]` : '';
  return r.role === 'received' ? `gradient${idx} received by ${r.node}` : `gradient${idx} produced by ${r.node}${r.to ? ` for ${r.to}` : ''}`;
}
