// A lesson's `:::exercise`: the task, a button that puts its starting code in
// the editor, and its checks, evaluated by the engine (src/trace/exercise.h)
// on the learner's own run each time a run ends once the learner has begun
// the exercise (or asked for a check).
// Solved exercises are marked data-solved="true" and remembered in
// localStorage (`stridelab:solved:<lesson>:<exercise id>`).
import { el } from '../dom.js';

// Set by app.js: (checks) => Promise<{results: [{text, ok, why}] | null, why?} | null>,
// the checks evaluated on the run shown (null before any run).
let checkRun = async () => null;
export function setRunChecker(fn) { checkRun = fn; }

export function createExercise(ex, { lesson, example, channel, storage, markdown }) {
  const { markdownBlock, markdownInline } = markdown;
  const key = `stridelab:solved:${lesson.id}:${ex.id || `${example}:${ex.task.slice(0, 40)}`}`;
  const box = el('div', { class: 'exercise', 'data-testid': 'lesson-exercise', 'data-exercise': ex.id || '' });
  const result = el('ul', { class: 'exercise-checks', 'data-testid': 'exercise-checks', 'aria-live': 'polite' });
  const status = el('span', { class: 'exercise-status', 'data-testid': 'exercise-status' });
  let active = false;
  const wasSolved = (() => { try { return storage && storage.getItem(key) === 'true'; } catch { return false; } })();
  const markSolved = (on) => {
    if (on) box.dataset.solved = 'true'; else delete box.dataset.solved;
    status.textContent = on ? '✓ solved' : '';
  };
  markSolved(wasSolved);

  async function check() {
    active = true;
    let run;
    try { run = await checkRun(ex.checks); } catch (err) { run = { results: null, why: err.message }; }
    if (!box.isConnected) return;
    if (!run) { result.replaceChildren(el('li', {}, 'Run the code first.')); return; }
    if (!run.results) { result.replaceChildren(el('li', {}, `The checks could not be run: ${run.why}.`)); return; }
    const out = run.results;
    const ok = out.length > 0 && out.every((c) => c.ok);
    result.replaceChildren(...out.map((c) => el('li', { class: c.ok ? 'ok' : 'no', 'data-ok': String(c.ok) },
      el('span', { class: 'mark', 'aria-hidden': 'true' }, c.ok ? '✓ ' : '✗ '), el('code', {}, c.text), ` — ${c.why}`)));
    box.dataset.checked = ok ? 'pass' : 'fail';
    if (ok) {
      markSolved(true);
      try { if (storage) storage.setItem(key, 'true'); } catch { /* not kept */ }
    } else if (!wasSolved) markSolved(false);
  }

  const start = ex.start !== null ? el('button', { type: 'button', 'data-testid': 'exercise-start', onclick: () => {
    active = true;
    channel.emit('editor:set-code', { code: ex.start });
    channel.emit('editor:changed', { code: ex.start });
    channel.emit('run:request', { code: ex.start });
  } }, 'Start from its code') : null;
  box.append(
    el('div', { class: 'exercise-head' }, el('span', { class: 'q-badge' }, 'Exercise'), ex.title ? el('b', {}, markdownInline(ex.title)) : null, status),
    markdownBlock(ex.task, 'md exercise-task'),
    el('details', { class: 'exercise-list' }, el('summary', {}, `What the run must show (${ex.checks.length})`),
      el('ul', {}, ex.checks.map((c) => el('li', {}, el('code', {}, c))))),
    el('div', { class: 'exercise-actions' }, start,
      el('button', { type: 'button', 'data-testid': 'exercise-check', onclick: () => check() }, 'Check my run')),
    result);
  const off = channel.on('run:done', () => {
    if (!box.isConnected) { off(); return; }
    if (active) setTimeout(() => check(), 0);
  });
  return box;
}
