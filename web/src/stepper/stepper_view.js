// The stepper: first / back / play-pause / forward / last, a slider, a speed
// choice, and the keyboard (arrows, Home, End) when focus is not in a text field.
import { el } from '../trace_util.js';

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
  const label = el('span', { class: 'step-label', 'data-testid': 'step-label', 'aria-live': 'polite' }, 'no run yet');

  root.append(el('div', { class: 'stepper', role: 'toolbar', 'aria-label': 'Step through the run' },
    first, back, play, fwd, last, slider, speedSel, label));

  function go(k) {
    if (!total) return;
    k = Math.max(0, Math.min(total - 1, k));
    if (k === n && label.dataset.shown === String(k)) return;
    channel.emit('step:request', { n: k });
  }
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
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
  function update() {
    slider.max = Math.max(0, total - 1);
    slider.value = n;
    for (const b of [first, back]) b.disabled = !total || n <= 0;
    for (const b of [fwd, last]) b.disabled = !total || n >= total - 1;
    play.disabled = !total;
    slider.disabled = !total;
  }

  channel.on('run:started', () => { pause(); total = 0; n = 0; label.textContent = 'running…'; label.dataset.shown = ''; update(); });
  channel.on('run:stopped', ({ reason }) => { pause(); total = 0; label.textContent = reason; update(); });
  channel.on('run:done', ({ summary }) => {
    total = summary.steps || 0; n = 0;
    if (!total) label.textContent = summary.error ? 'no steps: ' + summary.error.type : 'no steps';
    update();
  });
  channel.on('step:changed', ({ n: k, total: t, state }) => {
    n = k; total = t;
    const node = state.node || state.backward;
    const where = node ? `backward: ${node.name}` : `line ${state.line ?? '–'}`;
    label.textContent = `step ${k + 1} / ${t} · ${where} · ${state.kind || ''}`;
    label.dataset.shown = String(k);
    root.dataset.step = String(k);
    update();
  });

  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t && (t.closest('.cm-editor') || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && t.type !== 'range')) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: () => go(n + 1), ArrowLeft: () => go(n - 1), Home: () => go(0), End: () => go(total - 1) };
    if (t && t.closest && t.closest('[data-keys="own"]')) return;
    if (keys[e.key]) { e.preventDefault(); pause(); keys[e.key](); }
    else if (e.key === ' ' && !(t && t.tagName === 'BUTTON')) { e.preventDefault(); toggle(); }
  });
  update();
  return { go, pause };
}
