// Parser for the lesson format documented in web/README.md ("Lesson format"):
// CommonMark with a front matter block, `## ` sections (one runnable example
// each, with one ```python block), and `:::claim` / `:::question` /
// `:::exercise` blocks. This file splits a lesson into its parts; the prose
// between them stays Markdown text, rendered by markdown-it
// (src/lessons/markdown.js). Pure: no DOM, so it can be tested from node.

export function parseLesson(text, file = '') {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const lesson = { file, meta: {}, intro: [], examples: [] };
  let i = 0;
  if (lines[0] === '---') {
    for (i = 1; i < lines.length && lines[i] !== '---'; i++) {
      const m = /^(\w[\w-]*):\s*(.*)$/.exec(lines[i]);
      if (m) lesson.meta[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
    }
    i++;
  }
  let section = null; // current example
  let para = [];
  const target = () => (section ? section.blocks : lesson.intro);
  const flush = () => {
    while (para.length && !para[para.length - 1].trim()) para.pop();
    while (para.length && !para[0].trim()) para.shift();
    if (para.length) target().push({ kind: 'prose', text: para.join('\n') });
    para = [];
  };
  let fence = null; // inside a fence of another language: Markdown's, kept as prose
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      para.push(line);
      if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    const f = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (f && !/^```python\s*$/.test(line)) { fence = f[1]; para.push(line); continue; }
    const h = /^##\s+(.*)$/.exec(line);
    if (h) {
      flush();
      section = { title: h[1].trim(), code: '', blocks: [] };
      lesson.examples.push(section);
      continue;
    }
    if (/^```python\s*$/.test(line)) {
      flush();
      const code = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) code.push(lines[i]);
      if (section && !section.code) section.code = code.join('\n') + '\n';
      else target().push({ kind: 'codeblock', text: code.join('\n') });
      continue;
    }
    const d = /^:::\s*(claim|question|exercise)\b(.*)$/.exec(line);
    if (d) {
      flush();
      const body = [];
      for (i++; i < lines.length && lines[i].trim() !== ':::'; i++) body.push(lines[i]);
      target().push(directive(d[1], parseAttrs(d[2]), body));
      continue;
    }
    para.push(line);
  }
  flush();
  lesson.title = lesson.meta.title || file;
  return lesson;
}

function parseAttrs(text) {
  const attrs = {};
  for (const m of text.matchAll(/(\w+)=("([^"]*)"|\S+)/g)) attrs[m[1]] = m[3] !== undefined ? m[3] : m[2];
  return attrs;
}

function directive(kind, attrs, body) {
  if (kind === 'exercise') return exercise(attrs, body);
  if (kind === 'claim') {
    const quote = [];
    const rest = [];
    for (const l of body) {
      if (/^>\s?/.test(l) && !rest.length) quote.push(l.replace(/^>\s?/, ''));
      else if (l.trim() || rest.length) rest.push(l.trim());
    }
    return { kind, verdict: attrs.verdict || 'unchecked', line: num(attrs.line), step: num(attrs.step),
      quote: quote.join(' ').trim(), explanation: paragraphs(rest) };
  }
  const options = [];
  const prompt = [];
  const after = [];
  for (const l of body) {
    const o = /^-\s+(.*?)(\s+\*)?$/.exec(l);
    if (o) options.push({ text: o[1], correct: Boolean(o[2]) });
    else if (!options.length) { if (l.trim()) prompt.push(l.trim()); }
    else after.push(l.trim());
  }
  return { kind, line: num(attrs.line), step: num(attrs.step), reveal: num(attrs.reveal), revealStep: num(attrs.reveal_step),
    prompt: prompt.join(' '), options, explanation: paragraphs(after) };
}

function paragraphs(lines) {
  const out = [];
  let cur = [];
  for (const l of lines) {
    if (!l) { if (cur.length) out.push(cur.join(' ')); cur = []; } else cur.push(l);
  }
  if (cur.length) out.push(cur.join(' '));
  return out;
}

// An exercise: its task (Markdown), `check:` lines (the engine evaluates
// them: src/trace/exercise.h), and an optional ```python block, the code it starts from.
function exercise(attrs, body) {
  const task = [];
  const checks = [];
  let start = null;
  for (let k = 0; k < body.length; k++) {
    const l = body[k];
    const c = /^\s*check:\s*(.*)$/.exec(l);
    if (c) { checks.push(c[1].trim()); continue; }
    if (/^```python\s*$/.test(l) && start === null) {
      const code = [];
      for (k++; k < body.length && !/^```\s*$/.test(body[k]); k++) code.push(body[k]);
      start = code.join('\n') + '\n';
      continue;
    }
    task.push(l);
  }
  return { kind: 'exercise', id: attrs.id || '', title: attrs.title || '', task: task.join('\n').trim(), checks, start };
}

function num(v) { return v === undefined ? null : Number(v); }

/** Inline Markdown (`code`, **bold**, *em*) as a list of [kind, text] runs. */
export function inlineRuns(text) {
  const runs = [];
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) runs.push(['text', text.slice(last, m.index)]);
    const t = m[0];
    if (t.startsWith('`')) runs.push(['code', t.slice(1, -1)]);
    else if (t.startsWith('**')) runs.push(['strong', t.slice(2, -2)]);
    else runs.push(['em', t.slice(1, -1)]);
    last = m.index + t.length;
  }
  if (last < text.length) runs.push(['text', text.slice(last)]);
  return runs;
}
