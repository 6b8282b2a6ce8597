// The autograd panel: the graph reachable from live tensors, with PyTorch's node
// names, edges in the direction backward walks them, and each saved tensor with
// the version it was saved at beside its version now; a stale one is marked
// with the error backward will raise. During backward the node being run is lit.
import { svg, el, morph } from '../dom.js';
import { byId, tensorNames, tensorLabel, gradientRoles, gradientText, accumulatedGrad } from '../trace_state.js';

const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const NODE_H = 24;
const SAVED_H = 14;
const GAP_Y = 26;
const GAP_X = 14;
const CHAR_W = 6.6;

export function createGraphView(root, channel) {
  const wrap = el('div', { class: 'graph-scroll', role: 'region', 'aria-label': 'Autograd graph', tabindex: 0 });
  // Not live: the stepper announces the node backward is running.
  const info = el('div', { class: 'graph-info', 'data-testid': 'graph-info' });
  // The graph first, with the room; what the node running backward received
  // and produced, and a stale tensor's error, under it.
  root.append(wrap, info);

  function runningNode(state) {
    if (state.node) return state.node;
    if (state.backward && state.backward.node) return { id: state.backward.node, name: state.backward.name };
    return null;
  }

  function layout(graph) {
    const nodes = graph.nodes || [];
    const incoming = new Map(nodes.map((n) => [n.id, 0]));
    for (const [, to] of graph.edges || []) incoming.set(to, (incoming.get(to) || 0) + 1);
    const depth = new Map();
    const out = new Map(nodes.map((n) => [n.id, []]));
    for (const [from, to] of graph.edges || []) if (out.has(from)) out.get(from).push(to);
    // Longest path from a source, bounded so a malformed cycle cannot loop.
    const visit = (id, d, guard) => {
      if (guard > nodes.length + 1) return;
      if ((depth.get(id) ?? -1) >= d) return;
      depth.set(id, d);
      for (const to of out.get(id) || []) visit(to, d + 1, guard + 1);
    };
    for (const n of nodes) if (!incoming.get(n.id)) visit(n.id, 0, 0);
    for (const n of nodes) if (!depth.has(n.id)) depth.set(n.id, 0);
    const layers = [];
    for (const n of nodes) {
      const d = depth.get(n.id);
      (layers[d] = layers[d] || []).push(n);
    }
    return layers.filter(Boolean);
  }

  // PyTorch's error for a stale saved tensor, as the run raised it when its
  // backward failed (the exact text comes from the engine); otherwise its start.
  const INPLACE = /one of the variables needed for gradient computation has been modified by an inplace operation/;
  let runError = null;
  channel.on('run:done', ({ summary }) => { const e = summary && summary.error; runError = e && INPLACE.test(e.message || '') ? e : null; });
  function staleErrorText() {
    return runError ? `${runError.type}: ${runError.message}` : 'RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: …';
  }

  let shownKey = null;
  let scrollPending = false;
  function render(state) {
    const names = [...tensorNames(state)];
    const key = JSON.stringify([runError, state.graph, names, (state.tensors || []).map((t) => [t.id, t.grad_fn]), state.backward || null, state.node || null, state.grad ?? null]);
    if (key === shownKey) return;
    shownKey = key;
    // Built apart, then morphed in: only what changed is laid out again.
    const nextWrap = wrap.cloneNode(false);
    const nextInfo = info.cloneNode(false);
    const graph = state.graph || { nodes: [], edges: [] };
    if (!(graph.nodes || []).length) {
      nextWrap.append(el('p', { class: 'empty', text: 'No autograd graph: no live tensor has a grad_fn at this step.' }));
    } else {
      nextWrap.append(draw(state, graph));
    }
    const staleNodes = (graph.nodes || []).filter((n) => (n.saved || []).some((sv) => sv.current_version !== undefined && sv.current_version !== null && sv.saved_version !== undefined && sv.current_version !== sv.saved_version));
    if (staleNodes.length) {
      nextInfo.append(el('div', { class: 'graph-stale', 'data-testid': 'graph-stale-error', role: 'note' },
        el('b', {}, `✗ ${staleNodes.map((n) => n.name).join(', ')} saved a tensor that has since been modified in place. `),
        runError ? `backward raises (line ${runError.line}): ` : 'backward through it will raise: ',
        el('q', {}, staleErrorText())));
    }
    const bw = runningNode(state);
    if (bw) nextInfo.append(el('div', { class: 'graph-running' }, 'backward is running ', el('b', {}, bw.name), ' (lit in the graph)'));
    if (state.backward) {
      // What the node received and produced, each gradient by its tensor and
      // the storage the memory view draws it in.
      const names = tensorNames(state);
      const tensors = byId(state.tensors);
      const roles = gradientRoles(state);
      const node = byId((state.graph || {}).nodes).get(state.backward.node);
      const leaf = accumulatedGrad(state, node);
      const item = (k, role) => {
        // AccumulateGrad: what it received is now its leaf's .grad.
        if ((k === null || k === undefined) && role === 'received' && leaf && leaf.grad) k = leaf.grad;
        if (k === null || k === undefined) return el('li', {}, role === 'received' ? 'no gradient (None)' : 'None (this input needs no gradient)');
        const t = tensors.get(k);
        const r = (roles.get(k) || []).find((x) => x.role === role || x.role === 'passed');
        const who = t && names.has(t.id) ? tensorLabel(t, names) : k;
        return el('li', { 'data-testid': 'graph-grad-tensor', 'data-tensor': k, 'data-role': role },
          el('b', {}, who), ': ', r ? gradientText(r, false) : role, t ? ` · [${t.shape.join(', ')}] in storage ${t.storage}` : ' · freed');
      };
      nextInfo.append(el('div', { 'data-testid': 'graph-grad' },
        el('div', {}, 'received:'), el('ul', {}, (state.backward.grad_inputs || []).map((k) => item(k, 'received'))),
        el('div', {}, 'produced:'), el('ul', {}, (state.backward.grad_outputs || []).length ? state.backward.grad_outputs.map((k) => item(k, 'produced')) : el('li', {}, leaf ? `nothing: AccumulateGrad stores what it received in ${leaf.name} (and adds to it when ${leaf.name} already holds a gradient)` : 'nothing'))));
    } else if (state.grad !== undefined && state.grad !== null) {
      nextInfo.append(el('div', { 'data-testid': 'graph-grad' }, typeof state.grad === 'string' ? state.grad : JSON.stringify(state.grad)));
    }
    morph(wrap, nextWrap);
    morph(info, nextInfo);
    // A graph panned (larger than its panel) keeps the node backward is
    // running in view: scrolled in the next frame, when layout is clean.
    if (bw && !scrollPending) {
      scrollPending = true;
      requestAnimationFrame(() => {
        scrollPending = false;
        const node = wrap.querySelector('[data-running="true"]');
        if (!node || wrap.scrollHeight <= wrap.clientHeight + 1) return;
        const r = node.getBoundingClientRect();
        const box = wrap.getBoundingClientRect();
        if (r.bottom > box.bottom) wrap.scrollTop += r.bottom - box.bottom + 6;
        else if (r.top < box.top) wrap.scrollTop -= box.top - r.top + 6;
      });
    }
  }

  function draw(state, graph) {
    const names = tensorNames(state);
    const tensors = byId(state.tensors);
    const layers = layout(graph);
    const boxes = new Map();
    let y = 8;
    let width = 0;
    const parts = [];
    const gradFnOf = new Map();
    for (const t of state.tensors || []) if (t.grad_fn) {
      const l = tensorLabel(t, names);
      if (names.has(t.id)) gradFnOf.set(t.grad_fn, [...(gradFnOf.get(t.grad_fn) || []), l]);
    }
    for (const layer of layers) {
      let x = 8;
      let rowH = 0;
      for (const n of layer) {
        const saved = n.saved || [];
        const owners = gradFnOf.get(n.id);
        const lines = saved.map((sv) => {
          const t = tensors.get(sv.tensor);
          const who = t ? tensorLabel(t, names) : (sv.tensor || 'freed');
          // A saved tensor freed by backward (current_version null) is not stale.
          const stale = sv.current_version !== undefined && sv.current_version !== null && sv.saved_version !== undefined && sv.current_version !== sv.saved_version;
          if (!sv.tensor && sv.current_version === null) return { text: `${sv.name} freed by backward (saved at v${sv.saved_version ?? '?'})`, stale: false };
          return { text: `${sv.name}=${who} saved@v${sv.saved_version ?? '?'} now v${sv.current_version ?? '?'}${stale ? ' ✗ stale' : ''}`, stale };
        });
        // AccumulateGrad names the leaf whose .grad it fills.
        const leaf = accumulatedGrad(state, n);
        const title = n.name + (leaf ? ` → ${leaf.name}` : '') + (owners ? ` (${owners.join(', ')})` : '');
        const w = Math.max(title.length + 2, ...lines.map((l) => l.text.length)) * CHAR_W + 16;
        const h = NODE_H + lines.length * SAVED_H + (lines.length ? 4 : 0);
        boxes.set(n.id, { x, y, w, h, n, lines, title });
        x += w + GAP_X;
        rowH = Math.max(rowH, h);
      }
      width = Math.max(width, x);
      y += rowH + GAP_Y;
    }
    const height = y - GAP_Y + 10;
    // Scaled down to the panel's width (the viewBox; CSS max-width), never below
    // 70% of its size: a larger graph is panned by scrolling the panel.
    const root_ = svg('svg', { xmlns: 'http://www.w3.org/2000/svg', 'data-testid': 'graph-svg', width, height, viewBox: `0 0 ${width} ${height}`,
      role: 'img', 'aria-label': `Autograd graph with ${graph.nodes.length} nodes`, 'font-family': FONT, 'font-size': 11 });
    root_.style.minWidth = `${Math.round(width * 0.7)}px`;
    root_.style.minHeight = `${Math.round(height * 0.7)}px`;
    root_.append(svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#5b6472' }))));
    for (const [from, to] of graph.edges || []) {
      const a = boxes.get(from);
      const b = boxes.get(to);
      if (!a || !b) continue;
      const x1 = a.x + a.w / 2; const y1 = a.y + a.h;
      const x2 = b.x + b.w / 2; const y2 = b.y;
      root_.append(svg('path', { d: `M${x1},${y1} C${x1},${y1 + 14} ${x2},${y2 - 14} ${x2},${y2 - 1}`, fill: 'none', stroke: '#5b6472', 'stroke-width': 1.2, 'marker-end': 'url(#arrow)', 'data-testid': 'graph-edge' }));
    }
    const bwNode = runningNode(state);
    const running = bwNode ? bwNode.id : null;
    for (const { x, y: by, w, h, n, lines, title } of boxes.values()) {
      const anyStale = lines.some((l) => l.stale);
      const g = svg('g', { 'data-testid': 'graph-node', 'data-node': n.id, 'data-name': n.name, 'data-stale': anyStale ? 'true' : null,
        'data-running': n.id === running ? 'true' : null });
      g.append(svg('rect', { x, y: by, width: w, height: h, rx: 5, fill: n.id === running ? '#fff3c4' : '#f6f8fb',
        stroke: anyStale ? '#b3261e' : (n.id === running ? '#000' : '#7d8796'), 'stroke-width': anyStale || n.id === running ? 2 : 1 }));
      g.append(svg('text', { x: x + 8, y: by + 16, fill: '#1d2430', 'font-weight': 700, text: (n.id === running ? '▶ ' : '') + title }));
      if (n.released && n.id !== running) g.setAttribute('opacity', '0.55');
      lines.forEach((l, i) => {
        const tx = svg('text', { x: x + 8, y: by + NODE_H + 8 + i * SAVED_H, fill: l.stale ? '#b3261e' : '#5b6472', 'font-weight': l.stale ? 700 : 400, text: l.text,
          'data-testid': l.stale ? 'graph-saved-stale' : 'graph-saved' });
        if (l.stale) tx.append(svg('title', { text: 'backward will raise: ' + staleErrorText() }));
        g.append(tx);
      });
      root_.append(g);
    }
    return root_;
  }

  channel.on('run:started', () => { shownKey = null; wrap.replaceChildren(); info.replaceChildren(); });
  channel.on('step:changed', ({ state }) => render(state));
  return { svgElement: () => wrap.querySelector('svg') };
}
