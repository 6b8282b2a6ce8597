// The Web Worker that owns the engine. The page never runs the interpreter on
// its main thread; it talks to this worker with the messages documented in
// web/README.md ("Worker protocol"). One run at a time; the page terminates the
// whole worker to stop a run.

let engine = null;
let engineName = null;
let summary = null;
// stdout printed by steps 0..n, filled lazily so the console can show what a
// learner would have seen up to the current step.
let stdoutUpTo = [];
const STDOUT_SCAN_LIMIT = 5000;

async function loadWasm(msg) {
  if (typeof self.createStridelab !== 'function') {
    importScripts(msg.scriptUrl || 'stridelab.js');
  }
  const options = {};
  if (msg.wasmBinary) options.wasmBinary = msg.wasmBinary;
  options.print = () => {};
  options.printErr = () => {};
  return self.createStridelab(options);
}

function consoleUpTo(n) {
  if (!summary) return '';
  if (n >= summary.steps - 1) return summary.stdout || '';
  if (n > STDOUT_SCAN_LIMIT) return null;
  while (stdoutUpTo.length <= n) {
    const i = stdoutUpTo.length;
    const s = JSON.parse(engine.state(i));
    if (s.error && s.step === undefined) return null;
    stdoutUpTo.push((i > 0 ? stdoutUpTo[i - 1] : '') + (s.stdout || ''));
  }
  return stdoutUpTo[n];
}

// The engine threw out of run (the browser's stack ran out, the module
// trapped): the steps it recorded before that are kept when it can still give
// them, and the page starts a fresh engine for the next run.
function salvage(err) {
  const message = String((err && err.message) || err);
  let steps = 0;
  let line = null;
  let output = '';
  try {
    const last = JSON.parse(engine.state(-1));
    if (last && typeof last.step === 'number') { steps = last.step + 1; line = last.line ?? null; output = last.output || ''; }
  } catch { /* nothing recorded, or the module cannot say */ }
  return { steps, stdout: output, stderr: '', exit_code: 1, engine_failed: true,
    error: { type: 'EngineFailure', message, line, traceback: `EngineFailure: ${message}\n` } };
}

const handlers = {
  async init(msg) {
    const t0 = performance.now();
    if (msg.engine === 'wasm') {
      engine = await loadWasm(msg);
      engineName = 'wasm';
    } else {
      // The fixture engine is test data (tests/web/fixtures/), built apart into
      // fixture_engine.js and loaded only when asked for.
      if (typeof self.createFixtureEngine !== 'function') importScripts(msg.fixtureUrl || 'fixture_engine.js');
      engine = self.createFixtureEngine();
      engineName = 'fixture';
    }
    return { engine: engineName, ms: performance.now() - t0 };
  },
  async run(msg) {
    const t0 = performance.now();
    stdoutUpTo = [];
    // The run's progress, posted while it goes on (NOTE [Progress of a run] in
    // src/wasm/bindings.cpp): the page's watchdog needs it if it must stop us.
    engine.onRunProgress = (steps, lines) => self.postMessage({ type: 'progress', id: msg.id, steps, lines });
    try {
      // runAsync runs the program on stacks of its own where the browser can switch stacks, so
      // that a deep recursion does not depend on the worker's small stack (NOTE [Fresh stacks]).
      const options = JSON.stringify(msg.limits || {});
      summary = JSON.parse(engine.runAsync ? await engine.runAsync(msg.code, options) : engine.run(msg.code, options));
      // A test's stand-in for an engine that fails part way (web/README.md, "Worker protocol").
      if (msg.failForTest) throw new RangeError(msg.failForTest);
    } catch (err) {
      summary = salvage(err);
    }
    return { summary, ms: performance.now() - t0 };
  },
  state(msg) {
    const state = JSON.parse(engine.state(msg.step));
    if (state && state.error && state.step === undefined) throw new Error(`${state.error.type}: ${state.error.message}`);
    // `output` (everything printed up to this step) when the engine gives it.
    return { step: msg.step, state, console: typeof state.output === 'string' ? state.output : consoleUpTo(msg.step) };
  },
  trace() {
    return { trace: engine.trace() };
  },
  // An exercise's checks, evaluated by the engine on the last run (src/trace/exercise.h).
  check(msg) {
    if (typeof engine.check !== 'function') throw new Error('this engine cannot check exercises: it needs the WebAssembly engine');
    const out = JSON.parse(engine.check(JSON.stringify(msg.checks || [])));
    if (!Array.isArray(out)) throw new Error(out.error ? `${out.error.type}: ${out.error.message}` : 'the engine gave no checks');
    return { results: out };
  },
  // Bytes of live storage over the steps (docs/trace-format.md, "The memory timeline"); an
  // engine without timeline() (the fixture) has it made here from its few states.
  timeline() {
    if (typeof engine.timeline === 'function') return { timeline: JSON.parse(engine.timeline()) };
    const steps = summary ? summary.steps : 0;
    const points = [];
    const marks = [];
    let last = -1;
    let peak = 0;
    let before = new Map();
    for (let k = 0; k < steps; k++) {
      const s = JSON.parse(engine.state(k));
      const now = new Map((s.storages || []).map((x) => [x.id, x.nbytes || 0]));
      for (const e of s.events || []) {
        if (e.type === 'alloc') marks.push({ step: k, kind: 'alloc', storage: e.storage, bytes: now.get(e.storage) || 0, line: s.line });
        if (e.type === 'free') marks.push({ step: k, kind: 'free', storage: e.storage, bytes: before.get(e.storage) || 0, line: s.line });
      }
      const total = [...now.values()].reduce((a, b) => a + b, 0);
      if (total !== last) { points.push([k, total]); last = total; }
      peak = Math.max(peak, total);
      before = now;
    }
    return { timeline: { steps, points, marks, peak } };
  },
  // The first step from `from` on whose line is `line` (-1 if none in `limit` steps).
  findLine(msg) {
    const end = Math.min(summary ? summary.steps : 0, msg.from + (msg.limit || 5000));
    for (let k = Math.max(0, msg.from); k < end; k++) if (JSON.parse(engine.state(k)).line === msg.line) return { step: k };
    return { step: -1 };
  },
};

self.onmessage = async (event) => {
  const msg = event.data;
  const handler = handlers[msg.type];
  try {
    if (!handler) throw new Error('unknown message type ' + msg.type);
    if (msg.type !== 'init' && !engine) throw new Error('engine not initialised');
    const reply = await handler(msg);
    self.postMessage({ type: msg.type, id: msg.id, ok: true, ...reply });
  } catch (err) {
    self.postMessage({ type: msg.type, id: msg.id, ok: false, error: String(err && err.message || err) });
  }
};
