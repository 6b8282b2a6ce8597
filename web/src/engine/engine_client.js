// The page's side of the worker protocol (web/README.md, "Worker protocol").
// Owns the worker: creates it, initialises the engine, runs code, fetches
// states (cached, so stepping back is free), and terminates it to stop a run.

// Keys as src/wasm/bindings.cpp reads them. The engine reads its clock by the
// work done (NOTE [Deadline polling] in src/support/budget.h), so a loop of
// slow lines stops at max_seconds too.
const DEFAULT_LIMITS = { max_steps: 100000, max_seconds: 10, max_memory: 256 * 1024 * 1024, progress_ms: 100 };

export class EngineClient {
  /** @param {{engine: 'wasm'|'fixture', standalone: object|null}} options */
  constructor(options) {
    this.options = options;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.cache = new Map();
    this.ready = null;
    this.engineName = null;
    this.generation = 0;
    this.broken = false; // the engine failed: the next run starts a fresh worker
    this.failNextRunForTest = null; // tests: the next run fails with this message after running
    // How far the running run has got: {steps, lines} (steps recorded, line
    // events run), from the worker's `progress` messages; null before any.
    this.progress = null;
    this.onProgress = null;
  }

  start() {
    this.generation += 1;
    const { standalone } = this.options;
    if (standalone) {
      const engineScript = this.options.engine === 'fixture' ? standalone.fixtureScript : standalone.engineScript;
      const blob = new Blob([engineScript || '', '\n', standalone.workerScript], { type: 'text/javascript' });
      const url = URL.createObjectURL(blob);
      this.worker = new Worker(url);
      URL.revokeObjectURL(url);
    } else {
      this.worker = new Worker('worker.js');
    }
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.broken = true;
      for (const { reject } of this.pending.values()) reject(new Error(e.message || 'worker error'));
      this.pending.clear();
    };
    const init = { engine: this.options.engine };
    if (standalone && standalone.wasmBase64) init.wasmBinary = base64ToBytes(standalone.wasmBase64);
    this.ready = this.send('init', init).then((r) => { this.engineName = r.engine; return r; });
    return this.ready;
  }

  receive(msg) {
    if (msg.type === 'progress') {
      if (!this.pending.has(msg.id)) return;
      this.progress = { steps: msg.steps, lines: msg.lines };
      if (this.onProgress) this.onProgress(this.progress);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.ok) p.resolve(msg); else p.reject(new Error(msg.error));
  }

  send(type, payload = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type, id, ...payload });
    });
  }

  async run(code, limits = DEFAULT_LIMITS) {
    // After an engine failure the module may be in any state: a fresh worker.
    if (this.broken) await this.stop();
    await this.ready;
    this.cache.clear();
    this.progress = null;
    const failForTest = this.failNextRunForTest || undefined;
    this.failNextRunForTest = null;
    try {
      const reply = await this.send('run', { code, limits, failForTest });
      if (reply.summary && reply.summary.engine_failed) this.broken = true;
      return reply;
    } catch (err) {
      this.broken = true;
      throw err;
    }
  }

  /** Returns {state, console} for step n, from the cache when it can. */
  async state(n) {
    if (this.cache.has(n)) return this.cache.get(n);
    const p = this.send('state', { step: n }).then((r) => ({ state: r.state, console: r.console }));
    this.cache.set(n, p);
    try { return await p; } catch (err) { this.cache.delete(n); throw err; }
  }

  /** An exercise's check lines, evaluated by the engine on the last run: [{text, ok, why}]. */
  async check(checks) {
    const r = await this.send('check', { checks });
    return r.results;
  }

  /** The run's memory timeline (computed once per run by the engine). */
  async timeline() {
    const r = await this.send('timeline');
    return r.timeline;
  }

  /** The first step from `from` on where `line` ran, or -1. */
  async findLine(line, from = 0, limit = 5000) {
    const r = await this.send('findLine', { line, from, limit });
    return r.step;
  }

  /** Ends any run at once and starts a fresh worker. */
  stop() {
    this.broken = false;
    if (this.worker) this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new Error('stopped'));
    this.pending.clear();
    this.cache.clear();
    return this.start();
  }
}

function base64ToBytes(b64) {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
