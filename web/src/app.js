// The page: wires the views to the engine through the one channel. Views live
// in their own modules; this file owns the run/step flow and the toolbar.
import { Channel } from './channel.js';
import { EngineClient } from './engine/engine_client.js';
import { createEditorView } from './editor/editor_view.js';
import { createStepperView } from './stepper/stepper_view.js';
import { createConsoleView } from './console/console_view.js';
import { createMemoryView } from './memory/memory_view.js';
import { createVariablesView } from './variables/variables_view.js';
import { createStrideView } from './stride/stride_view.js';
import { createGraphView } from './graph/graph_view.js';
import { createLessonView } from './lessons/lesson_view.js';
import { createNarrationView } from './teach/narration_view.js';
import { createTimelineView } from './teach/timeline_view.js';
import { listenToHost } from './teach/embed_protocol.js';
import { setRunChecker } from './teach/exercise_view.js';
import { diffStates } from './trace_state.js';
import { holdHeader } from './layout/held_header.js';
import { describeRunError } from './engine/run_messages.js';
import { readHash, makeHash, embedSnippet, svgText, svgToPng, download, copyText, pageUrl } from './share/share.js';

/* global __HAVE_WASM__ */
const HAVE_WASM = typeof __HAVE_WASM__ !== 'undefined' && __HAVE_WASM__;
const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);

const params = new URLSearchParams(location.search);
const standaloneEl = document.getElementById('stridelab-standalone');
const standalone = standaloneEl ? JSON.parse(standaloneEl.textContent) : null;
const embed = params.get('embed') === '1';
const engineKind = params.get('engine') === 'fixture' || !HAVE_WASM ? 'fixture' : 'wasm';
if (embed) document.body.classList.add('embed');
showPanels(params.get('panels'));
document.body.dataset.engine = engineKind;

// ?panels=code,memory,stride,autograd,variables,console (and lesson) chooses
// the panels shown; embed mode shows code, memory, variables and console
// unless it says otherwise. The stepper is always there.
function showPanels(list) {
  const all = { lesson: 'lesson-panel', code: 'editor-panel', console: 'console-panel', memory: 'memory-panel',
    variables: 'variables-panel', stride: 'stride-panel', autograd: 'graph-panel' };
  const wanted = list ? new Set(list.split(',').map((x) => x.trim().toLowerCase()).filter((x) => x in all))
    : embed ? new Set(['code', 'memory', 'variables', 'console']) : new Set(Object.keys(all));
  for (const [name, id] of Object.entries(all)) {
    const panel = document.querySelector(`[data-testid="${id}"]`);
    panel.hidden = !wanted.has(name);
    panel.dataset.panel = name;
  }
  document.body.dataset.panels = [...wanted].join(',');
  // The narration and the memory timeline go with the memory view.
  document.querySelector('[data-testid="teach-panel"]').hidden = !wanted.has('memory');
  document.body.classList.toggle('no-left', !['lesson', 'code', 'console'].some((n) => wanted.has(n)));
  // The lower row: the stride panel on the right, the variables over the
  // autograd graph on its left, as many of them as are shown.
  const lower = document.querySelector('.lower');
  const left = [['variables', 'vars'], ['autograd', 'graph']].filter(([n]) => wanted.has(n)).map(([, a]) => a);
  const stride = wanted.has('stride');
  lower.hidden = !stride && !left.length;
  const areas = stride && left.length ? left.map((a) => `"${a} stride"`).join(' ') : stride ? '"stride"' : `"${left.join(' ')}"`;
  const columns = stride && left.length ? 'minmax(0, 1fr) minmax(0, 1.45fr)' : stride ? 'minmax(0, 1fr)' : left.map(() => 'minmax(0, 1fr)').join(' ');
  const rows = stride && left.length === 2 ? 'minmax(0, 0.9fr) minmax(0, 1.1fr)' : 'minmax(0, 1fr)';
  lower.style.setProperty('--lower-areas', areas);
  lower.style.setProperty('--lower-columns', columns);
  lower.style.setProperty('--lower-rows', rows);
}

const channel = new Channel();
const editor = createEditorView(byTestId('editor'), channel);
createStepperView(byTestId('stepper'), channel);
holdHeader(document.querySelector('.col-right'), byTestId('stepper'), byTestId('teach-panel'));
createConsoleView(byTestId('console-panel'), channel);
const memory = createMemoryView(byTestId('memory-panel'), channel);
createVariablesView(byTestId('variables-panel'), channel);
createStrideView(byTestId('stride-panel'), channel);
const graph = createGraphView(byTestId('graph-panel'), channel);

const engine = new EngineClient({ engine: engineKind, standalone });
createTimelineView(byTestId('teach-panel'), channel, () => engine.timeline());
createNarrationView(byTestId('teach-panel'), channel);
const status = byTestId('status');
const runBtn = byTestId('run-button');
const stopBtn = byTestId('stop-button');

channel.on('status', ({ text, level }) => { status.textContent = text; status.classList.toggle('error', level === 'error'); });
channel.on('editor:dirty', ({ dirty }) => runBtn.classList.toggle('dirty', dirty));

// ---- run and step -----------------------------------------------------------
let runToken = 0;
let summary = null;
let shown = null; // {n, state}
let wantedStep = 0;
let running = false;
let runsDone = 0;
// The page's last resort when the engine's own limits do not stop a run; tests shorten it.
let watchdogMs = 30000;
// After the watchdog, when the worker said nothing of its progress (the
// fixture engine), the run is made again up to this many lines, so that its
// first steps can be stepped through.
const SALVAGE_STEPS = 100;

function setRunning(on) {
  running = on;
  runBtn.disabled = on;
  stopBtn.disabled = !on;
  document.body.dataset.state = on ? 'running' : (summary ? 'done' : 'idle');
}

channel.on('run:request', async ({ code, step }) => {
  if (running) stop('stopped: a new run was asked for');
  const token = ++runToken;
  summary = null;
  shown = null;
  channel.emit('run:started', {});
  setRunning(true);
  channel.emit('status', { text: `running on the ${engine.engineName || engineKind} engine…`, level: 'info' });
  const watchdog = setTimeout(() => { if (token === runToken && running) salvage(code); }, watchdogMs);
  try {
    const reply = await engine.run(code);
    if (token !== runToken) return;
    await finishRun(reply.summary, code, step, reply.ms);
  } catch (e) {
    if (token !== runToken) return;
    // The worker itself failed (it crashed, or could not answer): nothing was
    // kept, and the next run starts a fresh engine.
    await finishRun({ steps: 0, stdout: '', stderr: '', error: { type: 'EngineFailure', message: e.message, line: null } }, code, null);
  } finally {
    clearTimeout(watchdog);
  }
});

// Every run ends here, whatever ended it: the error in the page's words, the
// status, the steps recorded (if any) shown.
async function finishRun(result, code, step, ms) {
  summary = result;
  summary.error = describeRunError(summary.error, { steps: summary.steps });
  runsDone += 1;
  setRunning(false);
  channel.emit('run:done', { summary, code, ms });
  const err = summary.error;
  channel.emit('status', { text: err ? err.status : `${summary.steps} steps`, level: err ? 'error' : 'info' });
  if (summary.steps > 0) await showStep(Math.min(step ?? 0, summary.steps - 1));
  else updateHash(null);
}

// The watchdog fired: the worker is stopped, and its steps go with it. The
// worker posted how far the run had got (NOTE [Progress of a run] in
// src/wasm/bindings.cpp); the run is deterministic, so the same code is run
// again in a fresh worker up to the line event that was starting, which
// records the same steps, and every one of them can be stepped through.
async function salvage(code) {
  runToken++;
  const mine = runToken;
  const secs = Math.round(watchdogMs / 1000);
  const reached = engine.progress;
  const lines = reached && reached.lines > 1 ? reached.lines - 1 : SALVAGE_STEPS;
  const again = reached && reached.lines > 1 ? `recording its ${reached.steps.toLocaleString('en-US')} steps again…` : `running its first ${SALVAGE_STEPS} lines again…`;
  channel.emit('status', { text: `stopped after ${secs} s · ${again}`, level: 'info' });
  try {
    await engine.stop();
    // As long again as the run had, and a little more.
    const budget = Math.max(5000, watchdogMs * 1.5);
    const reply = await Promise.race([engine.run(code, { max_steps: lines, max_seconds: budget / 1000, max_memory: 256 * 1024 * 1024 }),
      new Promise((resolve) => setTimeout(() => resolve(null), budget + 2000))]);
    if (mine !== runToken) return;
    if (!reply) throw new Error('its first lines took too long as well');
    const steps = reply.summary.steps;
    reply.summary.error = { type: 'Stopped', line: null, message: '', stoppedAfter: secs, replayed: Boolean(reached && reached.lines > 1) };
    await finishRun(reply.summary, code, steps - 1, reply.ms);
  } catch (e) {
    if (mine !== runToken) return;
    stop(`stopped after ${secs} s: the run took too long (${e.message})`);
  }
}
// While a run goes on, the status says how far it has got.
engine.onProgress = ({ steps }) => {
  if (running) channel.emit('status', { text: `running on the ${engine.engineName || engineKind} engine… ${steps.toLocaleString('en-US')} steps`, level: 'info' });
};

function stop(reason) {
  runToken++;
  engine.stop().then(() => channel.emit('status', { text: reason + ' · engine restarted', level: 'info' }));
  summary = null;
  setRunning(false);
  channel.emit('run:stopped', { reason });
}
stopBtn.addEventListener('click', () => stop('stopped'));
runBtn.addEventListener('click', () => channel.emit('run:request', { code: editor.getCode() }));

async function showStep(n) {
  if (!summary || !summary.steps) return;
  n = Math.max(0, Math.min(summary.steps - 1, n));
  wantedStep = n;
  const token = runToken;
  const t0 = performance.now();
  const { state, console: text } = await engine.state(n);
  if (token !== runToken || wantedStep !== n) return;
  const prev = shown ? shown.state : null;
  shown = { n, state };
  // What differs from the step shown before, computed once for every view.
  channel.emit('step:changed', { n, total: summary.steps, state, prev, diff: diffStates(prev, state), console: text, summary });
  document.body.dataset.step = String(n);
  document.body.dataset.drawMs = (performance.now() - t0).toFixed(2);
  updateHash(n);
  // Prefetch the neighbours so stepping stays instant.
  for (const k of [n + 1, n - 1]) if (k >= 0 && k < summary.steps) engine.state(k).catch(() => {});
}
channel.on('step:request', ({ n }) => { showStep(n).catch((e) => channel.emit('status', { text: e.message, level: 'error' })); });
// A step's `line` is the line that just ran (docs/trace-format.md). `before`
// asks for the step just before that line runs, where a question is posed.
channel.on('step:find-line', async ({ line, after, before }) => {
  if (!summary) return;
  const token = runToken;
  const k = await engine.findLine(line, Math.max(0, after + 1)).catch(() => -1);
  if (k >= 0 && token === runToken) showStep(before ? Math.max(0, k - 1) : k);
});
channel.on('step:locate-line', ({ line, from, limit, reply }) => {
  if (!summary) { reply(-1); return; }
  engine.findLine(line, from || 0, limit).then(reply, () => reply(-1));
});

// ---- permalink, embed, export ---------------------------------------------
let lessonRef = null;
// history.replaceState costs a couple of milliseconds in Chromium (a
// same-document navigation), so while the learner steps the address is brought
// up to date once stepping pauses; the share buttons read the current step
// directly, and leaving the page flushes it.
let hashTimer = null;
let hashWanted = null;
function flushHash() {
  if (hashTimer) clearTimeout(hashTimer);
  hashTimer = null;
  if (!hashWanted) return;
  const hash = makeHash(hashWanted);
  hashWanted = null;
  if (hash !== location.hash) history.replaceState(null, '', location.pathname + location.search + hash);
  if (embed) byTestId('open-full').href = pageUrl() + hash;
}
// The address of what is shown: a lesson keeps its lesson, example and step,
// and carries the code only when the learner changed it.
function hashFields(n) {
  const code = editor.getCode();
  const l = lessons.current();
  if (l && l.id.startsWith('url:')) return { lessonUrl: l.id.slice(4), example: l.example, code: code === l.code ? null : code, step: n };
  if (l && !l.id.startsWith('file:')) return { lesson: l.id, example: l.example, code: code === l.code ? null : code, step: n };
  return { code, step: n };
}
function updateHash(n) {
  hashWanted = hashFields(n);
  if (hashTimer) clearTimeout(hashTimer);
  hashTimer = setTimeout(flushHash, 150);
}
addEventListener('pagehide', flushHash);

const dialog = byTestId('share-dialog');
function share(title, text) {
  byTestId('share-dialog-title').textContent = title;
  byTestId('share-text').value = text;
  if (!dialog.open) dialog.showModal();
  byTestId('share-text').select();
}
byTestId('share-copy').addEventListener('click', async () => {
  const ok = await copyText(byTestId('share-text').value);
  channel.emit('status', { text: ok ? 'copied' : 'select the text and copy it', level: 'info' });
});
byTestId('share-close').addEventListener('click', () => dialog.close());
byTestId('permalink-button').addEventListener('click', () => share(lessons.current() ? 'Link to this lesson, its code and step' : 'Link to this code and step', pageUrl() + currentHash()));
byTestId('embed-button').addEventListener('click', () => share('Embed code', embedSnippet(currentHash())));
function currentHash() { return makeHash(hashFields(shown ? shown.n : null)); }

async function exportView(which, format) {
  byTestId('export-menu').open = false;
  const el = which === 'memory' ? memory.svgElement() : graph.svgElement();
  if (!el) { channel.emit('status', { text: `nothing to export: the ${which} view is empty`, level: 'error' }); return; }
  const name = `stridelab-${which}-step${shown ? shown.n + 1 : 0}`;
  const text = svgText(el, `stridelab ${which}, step ${shown ? shown.n + 1 : 0}`);
  if (format === 'svg') download(name + '.svg', new Blob([text], { type: 'image/svg+xml' }));
  else download(name + '.png', await svgToPng(text, Number(el.getAttribute('width')), Number(el.getAttribute('height'))));
  channel.emit('status', { text: `exported ${name}.${format}`, level: 'info' });
}
for (const w of ['memory', 'graph']) for (const f of ['svg', 'png']) byTestId(`export-${w}-${f}`).addEventListener('click', () => exportView(w, f).catch((e) => channel.emit('status', { text: e.message, level: 'error' })));

// ---- lessons -----------------------------------------------------------------
async function lessonIndex() {
  if (standalone) return standalone.lessons.index;
  const r = await fetch('lessons/index.json');
  return r.json();
}
// Lessons a teacher brings without rebuilding the site: a dropped `.md` file
// (id `file:NAME`), or one beside the page named by #lesson-url= (id
// `url:PATH`, same origin only: the CSP's connect-src 'self' allows no other).
const ownLessons = new Map();
function lessonUrl(ref) {
  const u = new URL(ref, location.href);
  if (u.origin !== location.origin) throw new Error(`#lesson-url must be on this site (${location.origin}), not ${u.origin}`);
  return u;
}
async function lessonText(id) {
  if (ownLessons.has(id)) return ownLessons.get(id);
  if (id.startsWith('url:')) {
    const r = await fetch(lessonUrl(id.slice(4)));
    if (!r.ok) throw new Error(`lesson ${id.slice(4)}: ${r.status}`);
    const text = await r.text();
    ownLessons.set(id, text);
    return text;
  }
  if (standalone) return standalone.lessons.files[id];
  const r = await fetch(`lessons/${encodeURIComponent(id)}.md`);
  if (!r.ok) throw new Error(`lesson ${id}: ${r.status}`);
  return r.text();
}
const picker = byTestId('lesson-picker');
const lessons = createLessonView(byTestId('lesson-panel'), picker, channel, lessonText);
channel.on('lesson:loaded', ({ lesson, example }) => { lessonRef = { id: lesson.id, example }; });
async function openOwnLesson(id, text, { example = 0, step = null, code = null } = {}) {
  if (text !== null) ownLessons.set(id, text);
  if (![...picker.options].some((o) => o.value === id)) picker.append(new Option(`${id.replace(/^(file|url):/, '')} (your lesson)`, id));
  await lessons.load(id, example, { step, code });
}
// Drop a .md file anywhere on the page to open it as a lesson.
addEventListener('dragover', (e) => {
  if (![...(e.dataTransfer?.types || [])].includes('Files')) return;
  e.preventDefault();
  document.body.classList.add('lesson-drop');
});
addEventListener('dragleave', (e) => { if (!e.relatedTarget) document.body.classList.remove('lesson-drop'); });
addEventListener('drop', async (e) => {
  document.body.classList.remove('lesson-drop');
  const file = [...(e.dataTransfer?.files || [])].find((f) => /\.(md|markdown|txt)$/i.test(f.name));
  if (!file) return;
  e.preventDefault();
  try { await openOwnLesson(`file:${file.name}`, await file.text()); } catch (err) { channel.emit('status', { text: `lesson ${file.name}: ${err.message}`, level: 'error' }); }
});
// An exercise's checks are evaluated by the engine on the run shown (src/trace/exercise.h).
setRunChecker(async (checks) => {
  if (!summary) return null;
  if (summary.engine_failed) return { results: null, why: 'the engine failed during this run: run it again' };
  return { results: await engine.check(checks) };
});

// ---- start ---------------------------------------------------------------------
async function start() {
  setRunning(false);
  const openFull = byTestId('open-full');
  openFull.href = pageUrl() + location.hash;
  const ready = engine.start().then((r) => {
    channel.emit('status', { text: r.engine === 'fixture' ? 'fixture engine (hand-written traces, not the C++ core)' : 'engine ready', level: 'info' });
    document.body.dataset.engineReady = r.engine;
  }).catch((e) => channel.emit('status', { text: 'engine failed to start: ' + e.message, level: 'error' }));
  let index = [];
  try { index = await lessonIndex(); } catch (e) { channel.emit('status', { text: 'lessons unavailable: ' + e.message, level: 'error' }); }
  for (const l of index) picker.append(new Option(l.title, l.id));
  await ready;
  const h = readHash(location.hash);
  const urlLesson = new URLSearchParams(location.hash.replace(/^#/, '')).get('lesson-url');
  if (urlLesson) {
    try { lessonUrl(urlLesson); await openOwnLesson(`url:${urlLesson}`, null, { example: h.example || 0, step: h.step ?? null, code: h.code ?? null }); } catch (e) { channel.emit('status', { text: e.message, level: 'error' }); }
    document.body.dataset.loaded = 'true';
    if (host) host.ready();
    return;
  }
  const knownLesson = h.lesson && index.some((l) => l.id === h.lesson);
  if (h.code !== undefined && !knownLesson) {
    channel.emit('editor:set-code', { code: h.code });
    channel.emit('run:request', { code: h.code, step: h.step ?? 0 });
  } else if (knownLesson || (!embed && index.length)) {
    const id = knownLesson ? h.lesson : index[0].id;
    // Awaited, so that once the page says it is loaded the lesson's run has
    // been asked for: a run asked for after that (a test's, a learner's) is
    // never overtaken by the lesson's arriving late.
    try { await lessons.load(id, h.example || 0, { step: h.step ?? null, code: knownLesson ? h.code ?? null : null }); } catch (e) { channel.emit('status', { text: e.message, level: 'error' }); }
  }
  document.body.dataset.loaded = 'true';
  if (host) host.ready();
}
// A host page that frames the page can drive it (src/teach/embed_protocol.js).
const host = listenToHost({ channel, params, isRunning: () => running || !summary,
  requestStep: (n) => channel.emit('step:request', { n }),
  runCode: (code) => { channel.emit('editor:set-code', { code }); channel.emit('run:request', { code }); } });
start();

window.stridelab = { channel, engine, lessons, editorCode: () => editor.getCode(), get step() { return shown ? shown.n : null; }, get summary() { return summary; }, get runsDone() { return runsDone; }, set watchdogMs(ms) { watchdogMs = ms; }, get lesson() { return lessonRef; } };
