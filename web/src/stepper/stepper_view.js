// The stepper: first / back / play-pause / forward / last, a slider, a speed
// choice, and the keyboard (arrows, Home, End) when focus is not in a text field.
// A live region tells screen readers where the run is: the line, what changed,
// what was printed; once the learner settles on a step, never during play.
import { el } from '../dom.js';
import { tensorNames, tensorLabel } from '../trace_state.js';

const SPEEDS = [['0.5', 1200], ['1', 600], ['2', 300], ['4', 120]];

export function createStepperView(root, channel) {
  let n = 0;
  let total = 0;
  let timer = null;
  let speed = 600;

  const btn = (testid, label, text, onclick) => el('button', { type: 'button', class: 'step-btn', 'data-testid': testid, 'aria-label': label, title: label, onclick }, text);
  const first = btn('step-first', 'First step (Home)', '⏮', () => go(0));
  const back = btn('step-back', 'Step back (←)', '◀', () => go(n - 1));
  const play = btn('step-play', 'Play (Space)', '▶', () => toggle());
  const fwd = btn('step-forward', 'Step forward (→)', '▶|', () => go(n + 1));
  const last = btn('step-last', 'Last step (End)', '⏭', () => go(total - 1));
  first.textContent = '|◀';
  last.textContent = '▶|';
  fwd.textContent = '▶';
  play.textContent = 'Play';
  play.classList.add('play');
  const slider = el('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, 'data-testid': 'step-slider', 'aria-label': 'Step', class: 'step-slider' });
  slider.addEventListener('input', () => go(Number(slider.value)));
  const speedSel = el('select', { 'data-testid': 'step-speed', 'aria-label': 'Playback speed', class: 'step-speed' },
    SPEEDS.map(([label, ms]) => el('option', { value: ms, selected: ms === speed }, label + '×')));
  speedSel.addEventListener('change', () => { speed = Number(speedSel.value); if (timer) { pause(); toggle(); } });
  const label = el('span', { class: 'step-label', 'data-testid': 'step-label' }, 'no run yet');
  // Visually hidden; read out by screen readers.
  const live = el('div', { class: 'sr-only', 'data-testid': 'step-announcer', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });

  root.append(el('div', { class: 'stepper', role: 'toolbar', 'aria-label': 'Step through the run' },
    first, back, play, fwd, last, slider, speedSel, label), live);

  // Announced once stepping pauses (a held arrow key, a dragged slider), and
  // never while playing: pausing announces where the run stopped.
  let codeLines = [];
  let pending = null;
  let announceTimer = null;
  let lastConsole = '';
  const ANNOUNCE_DELAY_MS = 400;
  function announceLater(payload) {
    pending = payload;
    if (announceTimer) clearTimeout(announceTimer);
    announceTimer = timer ? null : setTimeout(announceNow, ANNOUNCE_DELAY_MS);
  }
  function announceNow() {
    if (announceTimer) clearTimeout(announceTimer);
    announceTimer = null;
    if (!pending) return;
    live.textContent = describeStep(pending, codeLines);
    pending = null;
  }

  function go(k) {
    if (!total) return;
    k = Math.max(0, Math.min(total - 1, k));
    if (k === n && label.dataset.shown === String(k)) return;
    channel.emit('step:request', { n: k });
  }
  function pause() {
    const wasPlaying = Boolean(timer);
    if (timer) clearInterval(timer);
    timer = null;
    if (wasPlaying) announceLater(pending);
    play.textContent = 'Play';
    play.setAttribute('aria-label', 'Play (Space)');
    play.setAttribute('aria-pressed', 'false');
  }
  function toggle() {
    if (timer) { pause(); return; }
    if (!total) return;
    if (n >= total - 1) go(0);
    play.textContent = 'Pause';
    play.setAttribute('aria-label', 'Pause (Space)');
    play.setAttribute('aria-pressed', 'true');
    timer = setInterval(() => { if (n >= total - 1) pause(); else go(n + 1); }, speed);
  }
  // Only what differs is set: writing a range input's max, even to the same
  // value, makes Chromium lay out and paint the slider again.
  const setProp = (node, name, value) => { if (node[name] !== value) node[name] = value; };
  function update() {
    setProp(slider, 'max', String(Math.max(0, total - 1)));
    setProp(slider, 'value', String(n));
    for (const b of [first, back]) setProp(b, 'disabled', !total || n <= 0);
    for (const b of [fwd, last]) setProp(b, 'disabled', !total || n >= total - 1);
    setProp(play, 'disabled', !total);
    setProp(slider, 'disabled', !total);
  }

  channel.on('play:pause', () => pause());
  channel.on('run:started', () => { pause(); pending = null; lastConsole = ''; total = 0; n = 0; label.textContent = 'running…'; label.dataset.shown = ''; update(); });
  channel.on('run:stopped', ({ reason }) => { pause(); total = 0; label.textContent = reason; update(); });
  channel.on('run:done', ({ summary, code }) => {
    codeLines = typeof code === 'string' ? code.split('\n') : [];
    total = summary.steps || 0; n = 0;
    if (!total) label.textContent = summary.error ? 'no steps: ' + summary.error.type : 'no steps';
    update();
  });
  channel.on('step:changed', ({ n: k, total: t, state, prev, diff, console: text }) => {
    n = k; total = t;
    const shownText = text ?? '';
    const printed = !prev || !diff || !diff.forward || !shownText.startsWith(lastConsole) ? '' : shownText.slice(lastConsole.length);
    lastConsole = shownText;
    announceLater({ n: k, total: t, state, prev, diff, printed });
    const node = state.node || state.backward;
    const where = node ? `backward: ${node.name}` : `line ${state.line ?? '–'}`;
    label.textContent = `step ${k + 1} / ${t} · ${where}${state.kind && state.kind !== 'line' && !node ? ` · ${state.kind}` : ''}`;
    label.dataset.shown = String(k);
    root.dataset.step = String(k);
    update();
  });

  document.addEventListener('keydown', (e) => {
    // The editor lives in a shadow root: the event's target out here is its host.
    const t = e.composedPath()[0] || e.target;
    if (e.defaultPrevented || (t && t.closest && (t.closest('.cm-editor, .code-view, [data-testid="editor"]') || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && t.type !== 'range'))) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: () => go(n + 1), ArrowLeft: () => go(n - 1), Home: () => go(0), End: () => go(total - 1) };
    if (t && t.closest && t.closest('[data-keys="own"]')) return;
    if (keys[e.key]) { e.preventDefault(); pause(); keys[e.key](); }
    else if (e.key === ' ' && !(t && t.tagName === 'BUTTON')) { e.preventDefault(); toggle(); }
  });
  update();
  return { go, pause };
}

const MAX_SPOKEN = 160;
const clip = (text) => (text.length > MAX_SPOKEN ? text.slice(0, MAX_SPOKEN) + '…' : text);
const clip2 = (text) => (text.length > 2 * MAX_SPOKEN ? text.slice(0, 2 * MAX_SPOKEN) + '…' : text);

/** What a screen reader hears at a step: where the run is, what the step
 *  did (the engine's narration, else its own events), what differs from the
 *  step shown before after a jump, what it printed, and an exception. */
export function describeStep({ n, total, state, prev, diff, printed }, codeLines) {
  const parts = [];
  const node = state.node || state.backward;
  const line = state.line;
  let where = `Step ${n + 1} of ${total}`;
  if (node) where += `, backward: ${node.name}`;
  else if (line) where += `, line ${line}` + (codeLines[line - 1] && codeLines[line - 1].trim() ? `: ${clip(codeLines[line - 1].trim())}` : '');
  parts.push(where + '.');
  const names = tensorNames(state);
  const label = (storage) => {
    const ts = (state.tensors || []).filter((t) => t.storage === storage && names.has(t.id));
    return ts.length ? `${storage} (${ts.map((t) => tensorLabel(t, names)).join(', ')})` : storage;
  };
  // The engine's narration says what the step did (allocated, wrote, freed, viewed): it is the
  // one sentence spoken for it, and the events are listed only when a step has none. The
  // narration panel itself is not a live region, so each step is announced once, here.
  const narration = String(state.narration || '').replace(/`/g, '').trim();
  if (narration) parts.push(clip2(narration.endsWith('.') ? narration : narration + '.'));
  const events = narration ? [] : state.events || [];
  const said = [];
  for (const e of events) {
    if (e.type === 'alloc') said.push(`${label(e.storage)} allocated`);
    else if (e.type === 'free') said.push(`${e.storage} freed`);
    else if (e.type === 'write') said.push(`${(e.cells || []).length || 'some'} cell${(e.cells || []).length === 1 ? '' : 's'} of ${label(e.storage)} written`);
  }
  if (diff && !diff.first) {
    const since = `since step ${diff.from + 1}`;
    if (!diff.adjacent) {
      if (diff.storagesNew.size) said.push(`new ${since}: ${[...diff.storagesNew].map(label).join(', ')}`);
      if (diff.storagesGone.length) said.push(`${diff.forward ? 'freed' : 'not yet allocated'} ${since}: ${diff.storagesGone.map((s) => s.id).join(', ')}`);
      const cells = [...diff.cells.values()].reduce((a, c) => a + c.size, 0);
      if (cells) said.push(`${cells} cell${cells === 1 ? '' : 's'} differ ${since}`);
    }
    const vars = [...diff.variables];
    if (vars.length && vars.length <= 6) said.push(`${diff.adjacent ? 'assigned' : `changed ${since}`}: ${vars.join(', ')}`);
    else if (vars.length) said.push(`${vars.length} variables changed ${since}`);
  }
  if (said.length) parts.push(clip(said.join('; ')) + '.');
  if (printed) parts.push(`Printed: ${clip(printed.trim())}`);
  if (state.exception) parts.push(`${state.exception.type}: ${clip(state.exception.message || '')}`);
  return parts.join(' ');
}
