// The editor: CodeMirror 6 with Python highlighting, the current step's line
// marked, the error line marked with its message. Ctrl/Cmd+Enter runs.
import { EditorState, StateField, StateEffect, Annotation } from '@codemirror/state';
import { EditorView, Decoration, WidgetType, keymap, lineNumbers, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
// Only the commands the editor binds (defaultKeymap would bring in every
// command), and the Python language without lang-python's completions.
import { history, undo, redo, indentMore, indentLess, insertNewlineAndIndent, selectAll,
  cursorLineBoundaryBackward, cursorLineBoundaryForward, selectLineBoundaryBackward, selectLineBoundaryForward,
  cursorDocStart, cursorDocEnd, selectDocStart, selectDocEnd, deleteCharBackward, deleteCharForward,
  cursorCharLeft, cursorCharRight, cursorLineUp, cursorLineDown, selectCharLeft, selectCharRight, selectLineUp, selectLineDown,
  cursorGroupLeft, cursorGroupRight, selectGroupLeft, selectGroupRight, deleteGroupBackward, deleteGroupForward,
  cursorPageUp, cursorPageDown, toggleComment } from '@codemirror/commands';
import { pythonLanguage } from '@codemirror/lang-python';
import { syntaxHighlighting, defaultHighlightStyle, indentUnit, bracketMatching } from '@codemirror/language';

const setMarks = StateEffect.define();
const programmatic = Annotation.define();

class ErrorWidget extends WidgetType {
  constructor(text) { super(); this.text = text; }
  eq(other) { return other.text === this.text; }
  toDOM() {
    const d = document.createElement('div');
    d.className = 'cm-error-message';
    d.setAttribute('data-testid', 'editor-error-message');
    d.setAttribute('role', 'alert');
    d.textContent = this.text;
    return d;
  }
}

function buildDecorations(doc, marks) {
  const ranges = [];
  const lineOk = (n) => n && n >= 1 && n <= doc.lines;
  if (lineOk(marks.current)) {
    ranges.push(Decoration.line({ class: 'cm-step-line', attributes: { 'data-testid': 'editor-current-line' } }).range(doc.line(marks.current).from));
  }
  if (lineOk(marks.error)) {
    const l = doc.line(marks.error);
    ranges.push(Decoration.line({ class: 'cm-error-line', attributes: { 'data-testid': 'editor-error-line' } }).range(l.from));
    if (marks.errorText) ranges.push(Decoration.widget({ widget: new ErrorWidget(marks.errorText), block: true, side: 1 }).range(l.to));
  }
  return Decoration.set(ranges, true);
}

const marksField = StateField.define({
  create: () => ({ marks: {}, decorations: Decoration.none }),
  update(value, tr) {
    let marks = value.marks;
    for (const e of tr.effects) if (e.is(setMarks)) marks = e.value;
    if (marks === value.marks && !tr.docChanged) return value;
    return { marks, decorations: buildDecorations(tr.state.doc, marks) };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.decorations),
});

// The editor lives in a shadow root so that CodeMirror mounts its styles as a
// constructed stylesheet (adoptedStyleSheets): a <style> element would need
// 'unsafe-inline' under the page's Content-Security-Policy.
const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff' },
  '&.cm-focused': { outline: '2px solid #0072B2', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#f6f8fb', color: '#7d8796', borderRight: '1px solid #e1e5ea' },
  '.cm-step-line': { backgroundColor: '#fff3c4', boxShadow: 'inset 3px 0 0 #b8860b' },
  '.cm-error-line': { backgroundColor: '#fde2dd', boxShadow: 'inset 3px 0 0 #b3261e' },
  '.cm-error-message': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '12px', color: '#8c1d18', backgroundColor: '#fdf1ef',
    padding: '2px 8px 4px 8px', whiteSpace: 'pre-wrap', borderBottom: '1px solid #f3c7c0' },
});

export function createEditorView(host, channel) {
  const shadow = host.attachShadow({ mode: 'open' });
  const root = document.createElement('div');
  root.style.height = '100%';
  shadow.append(root);
  let marks = {};
  let shownKey = ''; // the marks last dispatched for a step
  let dirty = false;
  const run = () => { channel.emit('run:request', { code: view.state.doc.toString() }); return true; };
  const view = new EditorView({
    parent: root,
    root: shadow,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), bracketMatching(),
        indentUnit.of('    '),
        keymap.of([
          { key: 'Mod-Enter', run },
          { key: 'Enter', run: insertNewlineAndIndent },
          { key: 'Tab', run: indentMore, shift: indentLess },
          { key: 'Mod-z', run: undo, preventDefault: true }, { key: 'Mod-y', run: redo, preventDefault: true },
          { key: 'Mod-Shift-z', run: redo, preventDefault: true }, { key: 'Mod-a', run: selectAll }, { key: 'Mod-/', run: toggleComment },
          { key: 'ArrowLeft', run: cursorCharLeft, shift: selectCharLeft, preventDefault: true },
          { key: 'ArrowRight', run: cursorCharRight, shift: selectCharRight, preventDefault: true },
          { key: 'Mod-ArrowLeft', mac: 'Alt-ArrowLeft', run: cursorGroupLeft, shift: selectGroupLeft, preventDefault: true },
          { key: 'Mod-ArrowRight', mac: 'Alt-ArrowRight', run: cursorGroupRight, shift: selectGroupRight, preventDefault: true },
          { key: 'ArrowUp', run: cursorLineUp, shift: selectLineUp, preventDefault: true },
          { key: 'ArrowDown', run: cursorLineDown, shift: selectLineDown, preventDefault: true },
          { key: 'Home', run: cursorLineBoundaryBackward, shift: selectLineBoundaryBackward, preventDefault: true },
          { key: 'End', run: cursorLineBoundaryForward, shift: selectLineBoundaryForward, preventDefault: true },
          { key: 'Mod-Home', run: cursorDocStart, shift: selectDocStart }, { key: 'Mod-End', run: cursorDocEnd, shift: selectDocEnd },
          { key: 'PageUp', run: cursorPageUp }, { key: 'PageDown', run: cursorPageDown },
          { key: 'Backspace', run: deleteCharBackward, shift: deleteCharBackward }, { key: 'Delete', run: deleteCharForward },
          { key: 'Mod-Backspace', mac: 'Alt-Backspace', run: deleteGroupBackward }, { key: 'Mod-Delete', mac: 'Alt-Delete', run: deleteGroupForward },
        ]),
        pythonLanguage, syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        marksField, theme, EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Python code', 'aria-description': 'Ctrl+Enter runs. Tab indents; Escape then Tab leaves the editor.', 'data-testid': 'editor-input' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !u.transactions.some((t) => t.annotation(programmatic))) {
            if (!dirty) { dirty = true; channel.emit('editor:dirty', { dirty: true }); }
          }
        }),
      ],
    }),
  });

  const apply = () => { shownKey = ''; view.dispatch({ effects: setMarks.of({ ...marks }) }); };

  channel.on('editor:set-code', ({ code }) => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, annotations: programmatic.of(true), effects: setMarks.of({}) });
    marks = {};
    shownKey = '';
    dirty = false;
    channel.emit('editor:dirty', { dirty: false });
  });
  channel.on('run:started', () => { dirty = false; marks = {}; apply(); channel.emit('editor:dirty', { dirty: false }); });
  // The run's uncaught error stays marked at every step; a caught exception
  // only at the step that raised it.
  let runError = {};
  channel.on('run:done', ({ summary }) => {
    const err = summary && summary.error;
    runError = err ? { error: err.line, errorText: `${err.type}: ${err.message}` } : {};
    marks = { ...runError };
    apply();
  });
  // A step change only moves the marks: the document, its parse and its
  // highlighting stay as they are. Nothing is dispatched when the marks are the
  // same (backward's steps all sit on one line), and nothing here reads layout:
  // CodeMirror scrolls the line into view ('nearest' does nothing when it is
  // visible) in its own measure phase.
  channel.on('step:changed', ({ state }) => {
    const exc = state.exception;
    marks = { current: state.line, ...runError };
    if (exc && exc.line) marks = { ...marks, error: exc.line, errorText: `${exc.type}: ${exc.message}` };
    const key = `${marks.current}|${marks.error}|${marks.errorText}`;
    if (key === shownKey) return;
    shownKey = key;
    const effects = [setMarks.of({ ...marks })];
    if (state.line && state.line <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(state.line).from, { y: 'nearest' }));
    view.dispatch({ effects });
  });
  channel.on('editor:goto', ({ line }) => {
    if (!line || line > view.state.doc.lines) return;
    const l = view.state.doc.line(line);
    view.dispatch({ selection: { anchor: l.from }, effects: EditorView.scrollIntoView(l.from, { y: 'center' }) });
    view.focus();
  });
  return { getCode: () => view.state.doc.toString(), view };
}
