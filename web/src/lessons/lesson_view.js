// The lesson panel: the lesson picker, the examples of the chosen lesson, its
// prose, the document's claims with their verdicts, and predict-then-reveal
// questions answered by stepping the run.
import { el } from '../dom.js';
import { parseLesson, inlineRuns } from './lesson_format.js';

const VERDICTS = {
  true: ['true', 'The document is right'],
  wrong: ['wrong', 'The document is wrong'],
  misleading: ['misleading', 'True in part, misleading as stated'],
  unchecked: ['unchecked', 'Not checked'],
};

export function inline(text) {
  return inlineRuns(text).map(([kind, t]) => (kind === 'text' ? t : el(kind, {}, t)));
}

export function createLessonView(root, picker, channel, loadText) {
  const body = el('div', { class: 'lesson-body', 'data-testid': 'lesson-body' });
  root.append(body);
  let lesson = null;
  let example = 0;
  let total = 0;
  let lastState = null;

  async function load(id, exampleIndex = 0, { run = true, step = null } = {}) {
    const text = await loadText(id);
    const sameLesson = lesson && lesson.id === id;
    lesson = parseLesson(text, id);
    lesson.id = id;
    example = Math.min(exampleIndex, Math.max(0, lesson.examples.length - 1));
    introOpen = sameLesson ? introOpen && example === 0 : example === 0;
    picker.value = id;
    render();
    const ex = lesson.examples[example];
    channel.emit('lesson:loaded', { lesson, example, step });
    if (ex && run) {
      channel.emit('editor:set-code', { code: ex.code });
      channel.emit('run:request', { code: ex.code, step });
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
    if (ex) {
      body.append(el('h3', { class: 'lesson-example-title' }, lesson.examples.length > 1 ? `${example + 1}. ${ex.title}` : ex.title));
      for (const b of ex.blocks) body.append(block(b));
    }
  }

  function block(b) {
    if (b.kind === 'prose') return el('p', {}, inline(b.text));
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
    box.append(el('div', { class: 'question-head' }, el('span', { class: 'q-badge' }, 'Predict'),
      q.line || q.step !== null ? el('button', { type: 'button', class: 'link', 'data-testid': 'question-goto', onclick: () => jump({ line: q.line, step: q.step, before: true }) }, 'go to the question') : null),
    el('p', {}, inline(q.prompt)));
    const opts = el('div', { class: 'question-options' });
    q.options.forEach((o) => opts.append(el('button', { type: 'button', class: 'option', 'data-testid': 'question-option',
      onclick: () => {
        for (const b of opts.children) b.disabled = true;
        result.replaceChildren(el('b', {}, o.correct ? 'Right. ' : 'Not quite. '), 'Stepping to where the run answers it.',
          ...q.explanation.map((p) => el('p', {}, inline(p))));
        result.className = 'question-result ' + (o.correct ? 'right' : 'wrong');
        const target = q.revealStep !== null ? { step: q.revealStep } : q.reveal ? { line: q.reveal } : null;
        if (target) jump(target, true);
        else if (lastState) channel.emit('step:request', { n: Math.min(total - 1, lastState.step + 1) });
      } }, inline(o.text))));
    box.append(opts, result);
    return box;
  }

  async function jump(target, afterCurrent = false) {
    if (target.step !== null && target.step !== undefined) { channel.emit('step:request', { n: target.step }); return; }
    channel.emit('step:find-line', { line: target.line, after: afterCurrent && lastState ? lastState.step : -1, before: Boolean(target.before) });
  }

  channel.on('run:done', ({ summary }) => { total = summary.steps || 0; });
  channel.on('step:changed', ({ state }) => { lastState = state; });

  picker.addEventListener('change', () => { if (picker.value) load(picker.value, 0); });
  render();
  return { load, current: () => (lesson ? { id: lesson.id, example } : null) };
}
