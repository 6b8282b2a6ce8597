// The code as the page first shows it: read-only, highlighted, with the current
// step's line and the error line marked, looking like the editor. CodeMirror is
// loaded only when the learner goes to the code (editor_view.js), so a learner
// who only steps through a lesson never downloads it. Same class names as
// CodeMirror (cm-line, cm-step-line, cm-error-line, cm-error-message), so the
// tests and the marks read the same in both.
import { highlightLines } from './python_mode.js';

export const EDITOR_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';

// The editor theme's look (codemirror_editor.js) and defaultHighlightStyle's colours.
export const CODE_VIEW_CSS = `
.code-view { position: relative; height: 100%; overflow: auto; font-size: 13px; cursor: text; font-family: ${EDITOR_FONT}; line-height: 1.5; --gw: 1ch; --gc: max(20px, calc(var(--gw) + 8px));
  background: linear-gradient(to right, #f6f8fb var(--gc), #e1e5ea var(--gc), #e1e5ea calc(var(--gc) + 1px), #fff calc(var(--gc) + 1px)); }
.code-view:focus { outline: 2px solid #0072B2; outline-offset: -2px; }
.code-view .rows { display: grid; grid-template-columns: calc(var(--gc) + 1px) 1fr; align-content: start; padding: 4px 0; }
.code-view .num { color: #7d8796; padding: 0 4px 0 5px; text-align: right; user-select: none; }
.code-view .cm-line { padding: 0 2px 0 6px; white-space: pre-wrap; word-break: break-word; overflow-wrap: anywhere; }
.code-view .cm-step-line { background-color: #fff3c4; box-shadow: inset 3px 0 0 #b8860b; }
.code-view .cm-error-line { background-color: #fde2dd; box-shadow: inset 3px 0 0 #b3261e; }
.code-view .cm-error-message { grid-column: 2; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; color: #8c1d18; background-color: #fdf1ef;
  padding: 2px 8px 4px 8px; white-space: pre-wrap; border-bottom: 1px solid #f3c7c0; }
.t-keyword { color: #708; } .t-atom { color: #219; } .t-number { color: #164; } .t-string { color: #a11; }
.t-def { color: #00f; } .t-className { color: #167; } .t-comment { color: #940; } .t-meta { color: #404740; }
`;

export function createCodeView(parent) {
  const box = document.createElement('div');
  box.className = 'code-view';
  box.tabIndex = 0;
  box.setAttribute('role', 'textbox');
  box.setAttribute('aria-multiline', 'true');
  box.setAttribute('aria-label', 'Python code');
  box.setAttribute('aria-description', 'Enter, a click or typing opens the editor. Ctrl+Enter runs.');
  const rows = document.createElement('div');
  rows.className = 'rows';
  box.append(rows);
  parent.append(box);
  let lines = []; // the .cm-line elements
  let shown = { current: 0, error: 0, errorText: '' };
  let widget = null;

  function setCode(code) {
    const frag = document.createDocumentFragment();
    lines = highlightLines(code).map((tokens, i) => {
      const num = document.createElement('div');
      num.className = 'num';
      num.textContent = String(i + 1);
      const line = document.createElement('div');
      line.className = 'cm-line';
      for (const [text, style] of tokens) {
        if (!style) { line.append(text); continue; }
        const span = document.createElement('span');
        span.className = 't-' + style;
        span.textContent = text;
        line.append(span);
      }
      if (!tokens.length) line.append(document.createElement('br'));
      frag.append(num, line);
      return line;
    });
    rows.replaceChildren(frag);
    box.style.setProperty('--gw', `${String(lines.length).length}ch`);
    widget = null;
    shown = { current: 0, error: 0, errorText: '' };
  }

  function mark(n, cls, testid, on) {
    const line = lines[n - 1];
    if (!line) return;
    line.classList.toggle(cls, on);
    if (on) line.setAttribute('data-testid', testid);
    else if (line.getAttribute('data-testid') === testid) line.removeAttribute('data-testid');
  }

  /** Marks `current` and `error` (with `errorText` under it); scrolls the current
   *  line into view in the next frame, so that nothing here reads layout. */
  function setMarks(marks) {
    const next = { current: marks.current || 0, error: marks.error || 0, errorText: marks.errorText || '' };
    if (next.current === shown.current && next.error === shown.error && next.errorText === shown.errorText) return;
    mark(shown.current, 'cm-step-line', 'editor-current-line', false);
    mark(shown.error, 'cm-error-line', 'editor-error-line', false);
    if (widget) { widget.remove(); widget = null; }
    mark(next.current, 'cm-step-line', 'editor-current-line', true);
    mark(next.error, 'cm-error-line', 'editor-error-line', true);
    if (next.error && next.errorText && lines[next.error - 1]) {
      widget = document.createElement('div');
      widget.className = 'cm-error-message';
      widget.setAttribute('data-testid', 'editor-error-message');
      widget.setAttribute('role', 'alert');
      widget.textContent = next.errorText;
      lines[next.error - 1].after(widget);
    }
    shown = next;
    const line = lines[next.current - 1];
    if (line) requestAnimationFrame(() => scrollTo(line));
  }

  // Scrolls the view (never the page) so that the line is in sight.
  function scrollTo(line) {
    if (!line.isConnected) return;
    const top = line.offsetTop;
    const bottom = top + line.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = Math.max(0, top - 4);
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 4;
  }

  /** The line (1-based) under a pointer event, or 0. */
  function lineOf(target) {
    const el = target && target.closest ? target.closest('.cm-line, .num') : null;
    if (!el) return 0;
    const line = el.classList.contains('num') ? el.nextSibling : el;
    return lines.indexOf(line) + 1;
  }

  return { element: box, setCode, setMarks, lineOf, remove: () => box.remove() };
}
