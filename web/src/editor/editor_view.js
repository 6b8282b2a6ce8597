// The editor panel: the code, the current step's line marked, the error line
// marked with its message; Ctrl/Cmd+Enter runs. It first shows the code
// read-only (code_view.js) and loads CodeMirror 6 (codemirror_editor.js, its
// own file of ~90 KB gzip) when the learner goes to the code: focus, a click,
// a key, a traceback link. A learner who only steps through lessons never
// downloads it; the swap keeps the code, the marks and the caret's line.
import { createCodeView, CODE_VIEW_CSS } from './code_view.js';

export function createEditorView(host, channel) {
  // A shadow root: CodeMirror mounts its styles as constructed stylesheets
  // there (a <style> element would need 'unsafe-inline' under the page's CSP),
  // and the read-only view uses one too.
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CODE_VIEW_CSS);
  shadow.adoptedStyleSheets = [sheet];
  const root = document.createElement('div');
  root.style.height = '100%';
  shadow.append(root);

  let code = '';
  let marks = {};
  let runError = {};
  let dirty = false;
  let editor = null; // CodeMirror, once loaded
  let loading = null;
  let typed = ''; // keys typed while CodeMirror loads
  let shownKey = ''; // the marks last shown for a step
  const light = createCodeView(root);
  host.dataset.editor = 'view';

  const run = (text) => channel.emit('run:request', { code: text });
  const edited = () => {
    if (!dirty) { dirty = true; channel.emit('editor:dirty', { dirty: true }); }
    channel.emit('editor:changed', { code: editor ? editor.getCode() : code });
  };

  /** Loads CodeMirror (once) and puts it in the read-only view's place. */
  function activate(line) {
    if (editor) return Promise.resolve(editor);
    if (!loading) {
      host.dataset.editor = 'loading';
      loading = import('./codemirror_editor.js').then(({ mountEditor }) => {
        const hadFocus = shadow.activeElement === light.element;
        const doc = code;
        const at = line && line <= doc.split('\n').length ? doc.split('\n').slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0) : 0;
        light.remove();
        editor = mountEditor({ parent: root, root: shadow, doc, marks: { ...marks }, selection: { anchor: at }, onRun: run, onEdit: edited });
        host.dataset.editor = 'codemirror';
        if (hadFocus || line) editor.focus();
        if (typed) { editor.insert(typed); typed = ''; }
        return editor;
      }).catch((e) => {
        loading = null;
        host.dataset.editor = 'view';
        channel.emit('status', { text: 'the editor failed to load: ' + e.message, level: 'error' });
        throw e;
      });
    }
    return loading;
  }

  const el = light.element;
  el.addEventListener('pointerdown', (e) => { e.preventDefault(); el.focus(); activate(light.lineOf(e.target) || 1).catch(() => {}); });
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(code); return; }
    if (e.key === 'Tab' || e.key === 'Escape' || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter' || e.key.length === 1) {
      // Typing starts editing: what is typed before CodeMirror is there is kept.
      e.preventDefault();
      typed += e.key === 'Enter' ? '\n' : e.key;
      activate(1).catch(() => {});
    } else if (/^(Arrow|Page|Home|End)/.test(e.key)) {
      activate(1).catch(() => {});
    }
  });

  function showMarks(scrollLine) {
    if (editor) editor.setMarks({ ...marks }, scrollLine);
    else light.setMarks(marks);
  }

  channel.on('editor:set-code', ({ code: text }) => {
    code = text;
    marks = {};
    shownKey = '';
    dirty = false;
    if (editor) editor.setCode(text, {});
    else { light.setCode(text); light.setMarks({}); }
    channel.emit('editor:dirty', { dirty: false });
  });
  channel.on('run:started', () => { dirty = false; marks = {}; shownKey = ''; showMarks(); channel.emit('editor:dirty', { dirty: false }); });
  // The run's uncaught error stays marked at every step; a caught exception
  // only at the step that raised it.
  channel.on('run:done', ({ summary, code: ran }) => {
    // The code that ran is what the read-only view shows (a permalink, a lesson).
    if (!editor && typeof ran === 'string' && ran !== code) { code = ran; light.setCode(ran); }
    const err = summary && summary.error;
    runError = err ? { error: err.line, errorText: `${err.type}: ${err.message}` } : {};
    marks = { ...runError };
    shownKey = '';
    showMarks();
  });
  // A step change only moves the marks: the document, its parse and its
  // highlighting stay as they are. Nothing is done when the marks are the same
  // (backward's steps all sit on one line).
  channel.on('step:changed', ({ state }) => {
    const exc = state.exception;
    marks = { current: state.line, ...runError };
    if (exc && exc.line) marks = { ...marks, error: exc.line, errorText: `${exc.type}: ${exc.message}` };
    const key = `${marks.current}|${marks.error}|${marks.errorText}`;
    if (key === shownKey) return;
    shownKey = key;
    showMarks(state.line);
  });
  channel.on('editor:goto', ({ line }) => {
    if (editor) editor.goto(line);
    else activate(line).then((ed) => ed.goto(line)).catch(() => {});
  });
  return {
    getCode: () => (editor ? editor.getCode() : code),
    activate: () => activate(1),
    get view() { return editor ? editor.view : null; },
  };
}
