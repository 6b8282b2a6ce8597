// The editor proper: CodeMirror 6 with Python highlighting, the current step's
// line marked, the error line marked with its message. Loaded by editor_view.js
// when the learner first goes to the code (focus, click, a traceback link):
// until then the page shows the same code read-only and does not download it.
import { EditorState, StateField, StateEffect, Annotation } from '@codemirror/state';
import { EditorView, Decoration, WidgetType, keymap, lineNumbers, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
// Only the commands the editor binds (defaultKeymap would bring in every command).
import { history, undo, redo, indentMore, indentLess, insertNewlineAndIndent, selectAll,
  cursorLineBoundaryBackward, cursorLineBoundaryForward, selectLineBoundaryBackward, selectLineBoundaryForward,
  cursorDocStart, cursorDocEnd, selectDocStart, selectDocEnd, deleteCharBackward, deleteCharForward,
  cursorCharLeft, cursorCharRight, cursorLineUp, cursorLineDown, selectCharLeft, selectCharRight, selectLineUp, selectLineDown,
  cursorGroupLeft, cursorGroupRight, selectGroupLeft, selectGroupRight, deleteGroupBackward, deleteGroupForward,
  cursorPageUp, cursorPageDown, toggleComment } from '@codemirror/commands';
import { StreamLanguage, syntaxHighlighting, defaultHighlightStyle, indentUnit, bracketMatching } from '@codemirror/language';
import { pythonSpec } from './python_mode.js';
import { EDITOR_FONT } from './code_view.js';

const python = StreamLanguage.define(pythonSpec);
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

// In a shadow root CodeMirror mounts its styles as a constructed stylesheet
// (adoptedStyleSheets): a <style> element would need 'unsafe-inline' under the
// page's Content-Security-Policy.
const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff' },
  '&.cm-focused': { outline: '2px solid #0072B2', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: EDITOR_FONT, lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#f6f8fb', color: '#7d8796', borderRight: '1px solid #e1e5ea' },
  '.cm-step-line': { backgroundColor: '#fff3c4', boxShadow: 'inset 3px 0 0 #b8860b' },
  '.cm-error-line': { backgroundColor: '#fde2dd', boxShadow: 'inset 3px 0 0 #b3261e' },
  '.cm-error-message': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '12px', color: '#8c1d18', backgroundColor: '#fdf1ef',
    padding: '2px 8px 4px 8px', whiteSpace: 'pre-wrap', borderBottom: '1px solid #f3c7c0' },
});

/**
 * Mounts CodeMirror in `parent` (inside the shadow root `root`) with `doc` and
 * `marks`; `onRun` for Ctrl/Cmd+Enter, `onEdit` when the learner changes the code.
 */
export function mountEditor({ parent, root, doc, marks, selection, onRun, onEdit }) {
  const run = () => { onRun(view.state.doc.toString()); return true; };
  const view = new EditorView({
    parent,
    root,
    state: EditorState.create({
      doc,
      selection,
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
        python, syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        marksField.init((state) => ({ marks, decorations: buildDecorations(state.doc, marks) })), theme, EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Python code', 'aria-description': 'Ctrl+Enter runs. Tab indents; Escape then Tab leaves the editor.', 'data-testid': 'editor-input' }),
        // Typing over a selection that spans lines: left to the browser, its
        // contenteditable merges the lines' elements and writes an inline style
        // attribute (a CSP violation under the page's policy) before CodeMirror
        // reads the change back. Made here as an edit of the document instead.
        EditorView.domEventHandlers({
          beforeinput(e, v) {
            if (e.inputType !== 'insertText' || typeof e.data !== 'string' || v.composing) return false;
            const multiLine = v.state.selection.ranges.some((r) => !r.empty && v.state.doc.lineAt(r.from).number !== v.state.doc.lineAt(r.to).number);
            if (!multiLine) return false;
            e.preventDefault();
            v.dispatch(v.state.replaceSelection(e.data), { scrollIntoView: true, userEvent: 'input.type' });
            return true;
          },
        }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !u.transactions.some((t) => t.annotation(programmatic))) onEdit();
        }),
      ],
    }),
  });
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode(code, newMarks) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, annotations: programmatic.of(true), effects: setMarks.of(newMarks) });
    },
    // Nothing here reads layout: CodeMirror scrolls the line into view ('nearest'
    // does nothing when it is visible) in its own measure phase.
    setMarks(newMarks, scrollLine) {
      const effects = [setMarks.of(newMarks)];
      if (scrollLine && scrollLine <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(scrollLine).from, { y: 'nearest' }));
      view.dispatch({ effects });
    },
    goto(line) {
      if (!line || line > view.state.doc.lines) return;
      const l = view.state.doc.line(line);
      view.dispatch({ selection: { anchor: l.from }, effects: EditorView.scrollIntoView(l.from, { y: 'center' }) });
      view.focus();
    },
    insert(text) { view.dispatch(view.state.replaceSelection(text)); },
    focus: () => view.focus(),
  };
}
