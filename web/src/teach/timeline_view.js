// The memory timeline: bytes of live tensor storage over the steps of the run,
// a mark for each allocation (above the line) and free (below it), and a
// cursor at the step shown. Clicking anywhere goes to that step; hovering a
// point names the step, its line and the storages it allocated or freed.
//
// NOTE [A timeline for 100k steps]
// The engine computes the data once per run (Session::timeline: the totals
// where they change, and the marks), and this view draws it in a fixed number
// of columns: the area is the largest total in each column, and marks that
// fall in the same column are one mark (data-count says how many), so a run of
// 100k steps draws at most COLUMNS marks and a path of 2·COLUMNS points. Moving
// the cursor sets one attribute.
import { el, svg } from '../dom.js';

const COLUMNS = 600;
const HEIGHT = 36;

export function fmtBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function createTimelineView(root, channel, fetchTimeline) {
  const box = el('div', { class: 'timeline', 'data-testid': 'memory-timeline', role: 'group', 'aria-label': 'Memory timeline: bytes of live tensor storage at each step' });
  const area = svg('path', { class: 'timeline-area', d: '' });
  const marks = svg('g', { class: 'timeline-marks' });
  const cursor = svg('line', { class: 'timeline-cursor', x1: 0, x2: 0, y1: 0, y2: HEIGHT, 'data-testid': 'timeline-cursor' });
  const drawing = svg('svg', { class: 'timeline-svg', viewBox: `0 0 ${COLUMNS} ${HEIGHT}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' }, area, marks, cursor);
  const readout = el('div', { class: 'timeline-readout', 'data-testid': 'timeline-readout' });
  // The readout sits over the strip's right end, so the strip costs one row.
  box.append(drawing, readout);
  root.append(box);

  let data = null; // {steps, points, marks, peak}
  let current = 0;
  let byStep = new Map(); // step -> marks of that step
  let token = 0;

  const xOf = (step) => (data && data.steps > 1 ? (step / (data.steps - 1)) * (COLUMNS - 1) + 0.5 : COLUMNS / 2);
  const bytesAt = (step) => {
    // The last point at or before the step (points are sorted by step).
    const pts = data.points;
    let lo = 0; let hi = pts.length - 1; let best = 0;
    while (lo <= hi) { const mid = (lo + hi) >> 1; if (pts[mid][0] <= step) { best = pts[mid][1]; lo = mid + 1; } else hi = mid - 1; }
    return best;
  };
  const stepAtX = (clientX) => {
    const r = drawing.getBoundingClientRect();
    const f = Math.max(0, Math.min(1, (clientX - r.left) / Math.max(1, r.width)));
    return Math.round(f * Math.max(0, data.steps - 1));
  };

  function draw() {
    marks.replaceChildren();
    byStep = new Map();
    if (!data || !data.steps) { area.setAttribute('d', ''); box.dataset.peak = '0'; delete box.dataset.steps; return; }
    const peak = Math.max(1, data.peak);
    const yOf = (b) => HEIGHT - 3 - (b / peak) * (HEIGHT - 8);
    // The largest total in each column.
    const cols = Math.min(COLUMNS, data.steps);
    const colOf = (step) => Math.min(cols - 1, Math.floor((step / data.steps) * cols));
    const high = new Array(cols).fill(-1);
    const pts = data.points;
    for (let i = 0; i < pts.length; i++) {
      const from = pts[i][0];
      const to = i + 1 < pts.length ? pts[i + 1][0] - 1 : data.steps - 1;
      for (let c = colOf(from); c <= colOf(to); c++) high[c] = Math.max(high[c], pts[i][1]);
    }
    const w = COLUMNS / cols;
    let d = `M0 ${HEIGHT}`;
    for (let c = 0; c < cols; c++) d += `L${(c * w).toFixed(2)} ${yOf(Math.max(0, high[c])).toFixed(2)}L${((c + 1) * w).toFixed(2)} ${yOf(Math.max(0, high[c])).toFixed(2)}`;
    area.setAttribute('d', d + `L${COLUMNS} ${HEIGHT}Z`);
    const groups = new Map();
    for (const m of data.marks) {
      if (!byStep.has(m.step)) byStep.set(m.step, []);
      byStep.get(m.step).push(m);
      const key = `${m.kind}:${colOf(m.step)}`;
      if (!groups.has(key)) groups.set(key, { ...m, count: 0 });
      groups.get(key).count += m.count || 1;
    }
    for (const g of groups.values()) {
      const x = (colOf(g.step) + 0.5) * w;
      const alloc = g.kind === 'alloc';
      marks.append(svg('rect', { class: `timeline-mark ${g.kind}`, 'data-testid': 'timeline-mark', 'data-step': g.step, 'data-kind': g.kind,
        'data-storage': g.storage, 'data-line': g.line, 'data-count': g.count, x: x - Math.max(0.6, w * 0.3), width: Math.max(1.2, w * 0.6),
        y: alloc ? 0 : HEIGHT - 7, height: 7 }));
    }
    box.dataset.peak = String(data.peak);
    box.dataset.steps = String(data.steps);
    place();
  }

  function describe(step) {
    const ms = byStep.get(step) || [];
    const what = ms.map((m) => `${m.kind === 'alloc' ? 'allocated' : 'freed'} ${m.storage} (${fmtBytes(m.bytes)})`);
    const line = ms.length ? ms[0].line : null;
    return `step ${step + 1}${line ? ` · line ${line}` : ''} · ${fmtBytes(bytesAt(step))} live${what.length ? ' · ' + what.join(', ') : ''}`;
  }

  function place() {
    if (!data || !data.steps) return;
    cursor.setAttribute('x1', xOf(current));
    cursor.setAttribute('x2', xOf(current));
    box.dataset.step = String(current);
    if (!hovering) readout.textContent = `${describe(current)} · peak ${fmtBytes(data.peak)}`;
  }

  // Hover: the nearest mark within a few pixels names its storage and line;
  // elsewhere the step under the pointer.
  let hovering = false;
  function hoverStep(e) {
    let step = stepAtX(e.clientX);
    const r = drawing.getBoundingClientRect();
    const px = Math.max(2, (4 / Math.max(1, r.width)) * data.steps);
    let best = null;
    for (const s of byStep.keys()) if (Math.abs(s - step) <= px && (best === null || Math.abs(s - step) < Math.abs(best - step))) best = s;
    if (best !== null) step = best;
    return step;
  }
  drawing.addEventListener('pointermove', (e) => {
    if (!data || !data.steps) return;
    hovering = true;
    const step = hoverStep(e);
    readout.textContent = describe(step);
    drawing.setAttribute('title', readout.textContent);
    box.dataset.hoverStep = String(step);
  });
  drawing.addEventListener('pointerleave', () => { hovering = false; delete box.dataset.hoverStep; place(); });
  drawing.addEventListener('click', (e) => {
    if (!data || !data.steps) return;
    channel.emit('step:request', { n: hoverStep(e) });
  });

  channel.on('run:started', () => { token++; data = null; draw(); readout.textContent = ''; });
  channel.on('run:done', ({ summary }) => {
    const mine = ++token;
    if (!summary.steps) { data = null; draw(); return; }
    fetchTimeline().then((t) => { if (mine === token) { data = t; draw(); } }, () => {});
  });
  channel.on('step:changed', ({ n }) => { current = n; place(); });
  return { element: box, data: () => data };
}
