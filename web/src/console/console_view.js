// The console: what the program printed up to the current step, and the
// traceback, whose "line N" links jump to the editor.
import { el } from '../dom.js';

export function createConsoleView(root, channel) {
  // Not a live region: the stepper announces what a step printed, once stepping pauses.
  const out = el('pre', { class: 'console-out', 'data-testid': 'console-stdout' });
  const err = el('pre', { class: 'console-err', 'data-testid': 'console-traceback', hidden: true });
  const note = el('div', { class: 'console-note', 'data-testid': 'console-note' });
  root.append(note, out, err);
  let summary = null;

  let shownTb = null;
  let scrollPending = false;
  function showTraceback(text, visible) {
    const key = visible ? text : '';
    if (key === shownTb) return;
    shownTb = key;
    err.replaceChildren();
    err.hidden = !visible || !text;
    if (err.hidden) return;
    // "line N" of the learner's program is a link to it; a frame of another
    // file (torch's own Python, `File "torch/nn/...", line 1130`) is not in the
    // editor, so it stays text.
    const re = /(File "([^"]*)", )?line (\d+)/g;
    let last = 0;
    for (const m of text.matchAll(re)) {
      if (m[2] !== undefined && m[2] !== '<main>') continue;
      const at = m.index + (m[1] ? m[1].length : 0);
      err.append(text.slice(last, at));
      const line = Number(m[3]);
      err.append(el('a', { href: '#', class: 'tb-line', 'data-testid': 'traceback-line', 'data-line': line,
        onclick: (e) => { e.preventDefault(); channel.emit('editor:goto', { line }); } }, `line ${line}`));
      last = m.index + m[0].length;
    }
    err.append(text.slice(last));
  }

  channel.on('run:started', () => { out.textContent = ''; note.textContent = 'running…'; showTraceback('', false); });
  channel.on('run:stopped', ({ reason }) => { note.textContent = reason; });
  channel.on('run:done', ({ summary: s, ms }) => {
    summary = s;
    note.textContent = `${s.steps} steps` + (ms !== undefined ? ` · ran in ${ms.toFixed(0)} ms` : '');
    if (!s.steps) {
      out.textContent = s.stdout || '';
      const tb = s.error ? (s.error.traceback || `${s.error.type}: ${s.error.message}`) : '';
      showTraceback(tb, true);
    }
  });
  channel.on('step:changed', ({ n, total, console: text, state }) => {
    const shown = text ?? (summary ? summary.stdout : '');
    // Only touch (and scroll, which reads layout) when the text changed.
    const grew = out.textContent !== shown;
    if (grew) out.textContent = shown;
    const atEnd = n === total - 1 || state.kind === 'exception';
    const s = summary;
    let tb = '';
    if (state.exception && s && s.error && state.exception.line === s.error.line) tb = s.error.traceback || '';
    else if (state.exception) tb = `${state.exception.type}: ${state.exception.message} (line ${state.exception.line})`;
    else if (atEnd && s && s.error) tb = s.error.traceback || `${s.error.type}: ${s.error.message}`;
    showTraceback(tb, Boolean(tb));
    // Scrolled to the end in the next frame, when layout is clean: setting
    // scrollTop now would force a layout in the middle of the step change.
    if (grew && !scrollPending) { scrollPending = true; requestAnimationFrame(() => { scrollPending = false; out.scrollTop = out.scrollHeight; }); }
  });
}
