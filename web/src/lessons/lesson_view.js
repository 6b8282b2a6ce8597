// The lesson panel: the lesson picker, the examples of the chosen lesson, its
// prose, the document's claims with their verdicts, and predict-then-reveal
// questions answered by stepping the run. A question's step (the one just
// before its line runs) pauses play and brings the question into view;
// answering steps to where the line ran and marks the learner's choice and the
// right answer. Edits to an example's code are kept per example in
// localStorage; while the code differs from the lesson's, the claims and
// questions say they are about the lesson's code, and it can be restored.
import { el } from '../dom.js';
import { parseLesson } from './lesson_format.js';
import { createExercise } from '../teach/exercise_view.js';

// markdown-it (src/lessons/markdown.js) is a chunk of its own, fetched with the
// first lesson: a page that opens on code alone never loads it, and it is not
// part of what the page sends before any lesson.
let markdown = null;
const loadMarkdown = () => import('./markdown.js').then((m) => { markdown = m; });

const VERDICTS = {
  true: ['true', 'The document is right'],
  wrong: ['wrong', 'The document is wrong'],
  misleading: ['misleading', 'True in part, misleading as stated'],
  unchecked: ['unchecked', 'Not checked'],
};

export function inline(text) {
  return markdown.markdownInline(text);
}

export function createLessonView(root, picker, channel, loadText) {
  const body = el('div', { class: 'lesson-body', 'data-testid': 'lesson-body' });
  root.append(body);
  let lesson = null;
  let example = 0;
  let total = 0;
  let lastState = null;
  let code = null; // the code in the editor now
  let questions = []; // {q, box, options, askStep, lineStep, answered} of the example shown

  // ---- edits kept per example ----
  const editKey = (id, k) => `stridelab:edit:${id}:${k}`;
  const storage = (() => { try { return window.localStorage; } catch { return null; } })();
  function savedEdit(id, k) {
    try { return storage ? storage.getItem(editKey(id, k)) : null; } catch { return null; }
  }
  function keepEdit(text) {
    if (!lesson || !storage) return;
    const ex = lesson.examples[example];
    try {
      if (!ex || text === ex.code) storage.removeItem(editKey(lesson.id, example));
      else storage.setItem(editKey(lesson.id, example), text);
    } catch { /* storage full or refused: the edit is kept only in the editor */ }
  }
  let saveTimer = null;
  channel.on('editor:changed', ({ code: text }) => {
    code = text;
    markEdited();
    if (saveTimer) clearTimeout(saveTimer);
    const at = lesson ? [lesson.id, example] : null;
    saveTimer = setTimeout(() => { if (at && lesson && lesson.id === at[0] && example === at[1]) keepEdit(text); }, 250);
  });
  channel.on('editor:set-code', ({ code: text }) => { code = text; markEdited(); });
  addEventListener('pagehide', () => { if (saveTimer) { clearTimeout(saveTimer); keepEdit(code); } });

  const edited = () => Boolean(lesson && lesson.examples[example] && code !== null && code !== lesson.examples[example].code);
  function markEdited() {
    const on = edited();
    body.classList.toggle('code-edited', on);
    const bar = body.querySelector('.lesson-edited');
    if (bar) bar.hidden = !on;
    for (const n of body.querySelectorAll('[data-testid="lesson-claim"], [data-testid="lesson-question"]')) {
      if (on) n.dataset.aboutOriginal = 'true'; else delete n.dataset.aboutOriginal;
    }
  }
  function restore() {
    const ex = lesson && lesson.examples[example];
    if (!ex) return;
    try { if (storage) storage.removeItem(editKey(lesson.id, example)); } catch { /* nothing kept */ }
    channel.emit('editor:set-code', { code: ex.code });
    channel.emit('run:request', { code: ex.code });
  }

  /** Opens lesson `id`, example `exampleIndex`; its kept edit, or `code` when a link carries one, is run instead of the lesson's. */
  async function load(id, exampleIndex = 0, { run = true, step = null, code: linked = null } = {}) {
    const [text] = await Promise.all([loadText(id), markdown ? null : loadMarkdown()]);
    const sameLesson = lesson && lesson.id === id;
    if (lesson && saveTimer) { clearTimeout(saveTimer); saveTimer = null; keepEdit(code); }
    lesson = parseLesson(text, id);
    lesson.id = id;
    example = Math.min(exampleIndex, Math.max(0, lesson.examples.length - 1));
    introOpen = sameLesson ? introOpen && example === 0 : example === 0;
    picker.value = id;
    const ex = lesson.examples[example];
    const start = ex ? (linked ?? savedEdit(id, example) ?? ex.code) : null;
    code = start;
    render();
    channel.emit('lesson:loaded', { lesson, example, step });
    if (ex && run) {
      channel.emit('editor:set-code', { code: start });
      channel.emit('run:request', { code: start, step });
    }
  }

  let introOpen = true;
  function render() {
    body.replaceChildren();
    root.classList.toggle('lesson-empty', !lesson);
    if (!lesson) {
      body.append(el('p', { class: 'muted' }, 'Your own code: edit it and press Run (Ctrl+Enter). Pick a lesson above for a guided one.'));
      return;
    }
    body.append(el('h2', { class: 'lesson-title', 'data-testid': 'lesson-title' }, lesson.title));
    if (lesson.meta.source) body.append(el('div', { class: 'lesson-source' }, 'from: ', lesson.meta.source));
    // Near the top, and kept in view as the lesson scrolls.
    if (lesson.examples[example]) {
      body.append(el('div', { class: 'lesson-edited', 'data-testid': 'lesson-edited', role: 'note', hidden: true },
        el('span', {}, 'You changed this example\'s code (your edit is kept): the claims and questions are about the lesson\'s code.'),
        el('button', { type: 'button', 'data-testid': 'lesson-restore', onclick: restore }, 'Restore the lesson\'s code')));
    }
    // The introduction folds away once the learner moves past the first
    // example, so that an example's own prose and claims are what they see.
    if (lesson.intro.length) {
      const intro = el('details', { class: 'lesson-intro', open: introOpen }, el('summary', {}, 'About this lesson'), lesson.intro.map(block));
      intro.addEventListener('toggle', () => { introOpen = intro.open; });
      body.append(intro);
    }
    if (lesson.examples.length > 1) {
      const tabs = el('div', { class: 'lesson-tabs' + (lesson.examples.length > 6 ? ' many' : ''), role: 'tablist', 'aria-label': `Examples (${lesson.examples.length})` });
      // Many examples (lesson 004 has one per row of a table): numbered tabs,
      // the title in the tooltip, the accessible name and the heading below.
      const many = lesson.examples.length > 6;
      lesson.examples.forEach((ex, k) => tabs.append(el('button', { type: 'button', role: 'tab', 'aria-selected': String(k === example),
        tabindex: k === example ? 0 : -1, title: `${k + 1}. ${ex.title}`, 'aria-label': `${k + 1}. ${ex.title}`,
        class: 'lesson-tab', 'data-testid': 'lesson-example-tab', 'data-example': k, onclick: () => load(lesson.id, k) }, many ? String(k + 1) : `${k + 1}. ${ex.title}`)));
      // Arrow keys move between the tabs (the tablist pattern); Tab leaves them.
      tabs.addEventListener('keydown', (e) => {
        const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity };
        if (moves[e.key] === undefined) return;
        e.preventDefault();
        const list = [...tabs.children];
        const cur = list.indexOf(document.activeElement);
        const next = Math.max(0, Math.min(list.length - 1, (cur < 0 ? example : cur) + moves[e.key]));
        list[next].focus();
      });
      tabs.dataset.keys = 'own';
      body.append(tabs);
    }
    const ex = lesson.examples[example];
    questions = [];
    if (ex) {
      body.append(el('h3', { class: 'lesson-example-title' }, lesson.examples.length > 1 ? `${example + 1}. ${ex.title}` : ex.title));
      for (const b of ex.blocks) body.append(block(b));
    }
    markEdited();
  }

  function block(b) {
    if (b.kind === 'prose') return markdown.markdownBlock(b.text, 'md lesson-prose');
    if (b.kind === 'exercise') return createExercise(b, { lesson, example, channel, storage, markdown });
    if (b.kind === 'codeblock') return el('pre', { class: 'lesson-code' }, b.text);
    if (b.kind === 'claim') {
      const [cls, label] = VERDICTS[b.verdict] || VERDICTS.unchecked;
      return el('div', { class: `claim verdict-${cls}`, 'data-testid': 'lesson-claim', 'data-verdict': cls },
        el('div', { class: 'claim-head' }, el('span', { class: 'verdict' }, label),
          b.line || b.step !== null ? el('button', { type: 'button', class: 'link', 'data-testid': 'claim-show', onclick: () => jump(b) }, b.line ? `show line ${b.line}` : `show step ${b.step + 1}`) : null),
        el('blockquote', {}, '“', inline(b.quote), '”'),
        ...b.explanation.map((p) => el('p', {}, inline(p))));
    }
    if (b.kind === 'question') return question(b);
    return el('div');
  }

  function question(q) {
    const box = el('div', { class: 'question', 'data-testid': 'lesson-question' });
    const result = el('div', { class: 'question-result', 'aria-live': 'polite' });
    const entry = { q, box, options: [], askStep: null, lineStep: null, answered: null };
    box.append(el('div', { class: 'question-head' }, el('span', { class: 'q-badge' }, 'Predict'),
      q.line || q.step !== null ? el('button', { type: 'button', class: 'link', 'data-testid': 'question-goto', onclick: () => goToQuestion(entry) }, 'go to the question') : null),
    el('p', {}, inline(q.prompt)));
    const opts = el('div', { class: 'question-options', role: 'group', 'aria-label': 'Your prediction' });
    q.options.forEach((o) => {
      const b = el('button', { type: 'button', class: 'option', 'data-testid': 'question-option', onclick: () => answer(entry, o, result) },
        el('span', { class: 'option-mark', 'aria-hidden': 'true' }), el('span', { class: 'option-text' }, inline(o.text)), el('span', { class: 'option-tag' }));
      entry.options.push([b, o]);
      opts.append(b);
    });
    box.append(opts, result);
    questions.push(entry);
    return box;
  }

  // Marked by shape and words as well as colour: the learner's choice gets a
  // heavy outline and "your answer", the right one a check mark and "right
  // answer"; the others fade.
  function answer(entry, chosen, result) {
    if (entry.answered) return;
    entry.answered = chosen;
    entry.box.dataset.answered = 'true';
    delete entry.box.dataset.asking;
    for (const [b, o] of entry.options) {
      b.setAttribute('aria-disabled', 'true');
      b.classList.add('answered');
      if (o === chosen) b.dataset.chosen = 'true';
      if (o.correct) b.dataset.correct = 'true';
      b.querySelector('.option-mark').textContent = o.correct ? '✓' : o === chosen ? '✗' : '';
      const tag = o === chosen && o.correct ? 'your answer, right' : o === chosen ? 'your answer' : o.correct ? 'right answer' : '';
      b.querySelector('.option-tag').textContent = tag ? ` (${tag})` : '';
    }
    result.replaceChildren(el('b', {}, chosen.correct ? '✓ Right. ' : '✗ Not quite. '), 'Stepping to where the run answers it.',
      ...entry.q.explanation.map((p) => el('p', {}, inline(p))));
    result.className = 'question-result ' + (chosen.correct ? 'right' : 'wrong');
    const q = entry.q;
    // Where the run answers it: the step where the question's line ran (the
    // first time), unless the question names another.
    if (q.revealStep !== null) channel.emit('step:request', { n: q.revealStep });
    else if (q.reveal) jump({ line: q.reveal }, true);
    else if (entry.lineStep !== null && entry.lineStep >= 0) channel.emit('step:request', { n: entry.lineStep });
    else if (q.line) jump({ line: q.line });
    else if (lastState) channel.emit('step:request', { n: Math.min(total - 1, lastState.step + 1) });
  }

  function goToQuestion(entry) {
    if (entry.askStep !== null && entry.askStep >= 0) channel.emit('step:request', { n: entry.askStep });
    else jump({ line: entry.q.line, step: entry.q.step, before: true });
  }

  // Each question's steps in this run: asked at the step just before its line
  // first runs (or at its step=), answered where the line ran.
  function locateQuestions() {
    for (const entry of questions) {
      const q = entry.q;
      if (q.step !== null) { entry.askStep = q.step; continue; }
      if (!q.line) continue;
      channel.emit('step:locate-line', { line: q.line, from: 0, limit: 2000, reply: (k) => {
        entry.lineStep = k;
        entry.askStep = k >= 0 ? Math.max(0, k - 1) : null;
        if (lastState && lastState.step === entry.askStep) ask(entry);
      } });
    }
  }

  // The run reached a question's step: pause there and show the question.
  let scrollWanted = null;
  function ask(entry, scroll = true) {
    if (entry.answered) return;
    channel.emit('play:pause', { reason: 'question' });
    for (const other of questions) if (other !== entry) delete other.box.dataset.asking;
    entry.box.dataset.asking = 'true';
    if (!scroll) return;
    // Scrolled in the next frame, when layout is clean.
    if (!scrollWanted) requestAnimationFrame(() => { const b = scrollWanted; scrollWanted = null; if (b && b.isConnected) b.scrollIntoView({ block: 'nearest', behavior: 'auto' }); });
    scrollWanted = entry.box;
  }

  async function jump(target, afterCurrent = false) {
    if (target.step !== null && target.step !== undefined) { channel.emit('step:request', { n: target.step }); return; }
    channel.emit('step:find-line', { line: target.line, after: afterCurrent && lastState ? lastState.step : -1, before: Boolean(target.before) });
  }

  channel.on('run:done', ({ summary }) => {
    total = summary.steps || 0;
    for (const entry of questions) { entry.askStep = null; entry.lineStep = null; }
    // After the first step has been asked for: the worker answers in order,
    // and the search must not hold up the first drawing.
    if (total) setTimeout(locateQuestions, 0);
  });
  channel.on('step:changed', ({ n, state, diff }) => {
    lastState = state;
    for (const entry of questions) {
      // The run's first step shown leaves the lesson where the learner reads it.
      if (entry.askStep === n) ask(entry, !(diff && diff.first));
      else if (entry.box.dataset.asking) delete entry.box.dataset.asking;
    }
  });

  picker.addEventListener('change', () => {
    if (picker.value) { load(picker.value, 0); return; }
    // "your own code": the code stays, the lesson goes.
    lesson = null;
    questions = [];
    render();
  });
  render();
  return {
    load,
    /** The lesson shown: its id, the example (0-based) and that example's own code. */
    current: () => (lesson ? { id: lesson.id, example, code: lesson.examples[example] ? lesson.examples[example].code : null } : null),
  };
}
