// The page's side of the worker protocol (web/README.md, "Worker protocol").
// Owns the worker: creates it, initialises the engine, runs code, fetches
// states (cached, so stepping back is free), and terminates it to stop a run.

// Keys as src/wasm/bindings.cpp reads them.
const DEFAULT_LIMITS = { max_steps: 100000, max_seconds: 10, max_memory: 256 * 1024 * 1024 };

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
  }

  start() {
    this.generation += 1;
    const { standalone } = this.options;
    if (standalone) {
      const blob = new Blob([standalone.engineScript || '', '\n', standalone.workerScript], { type: 'text/javascript' });
      const url = URL.createObjectURL(blob);
      this.worker = new Worker(url);
      URL.revokeObjectURL(url);
    } else {
      this.worker = new Worker('worker.js');
    }
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      for (const { reject } of this.pending.values()) reject(new Error(e.message || 'worker error'));
      this.pending.clear();
    };
    const init = { engine: this.options.engine };
    if (standalone && standalone.wasmBase64) init.wasmBinary = base64ToBytes(standalone.wasmBase64);
    this.ready = this.send('init', init).then((r) => { this.engineName = r.engine; return r; });
    return this.ready;
  }

  receive(msg) {
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
    await this.ready;
    this.cache.clear();
    const reply = await this.send('run', { code, limits });
    return reply;
  }

  /** Returns {state, console} for step n, from the cache when it can. */
  async state(n) {
    if (this.cache.has(n)) return this.cache.get(n);
    const p = this.send('state', { step: n }).then((r) => ({ state: r.state, console: r.console }));
    this.cache.set(n, p);
    try { return await p; } catch (err) { this.cache.delete(n); throw err; }
  }

  /** Ends any run at once and starts a fresh worker. */
  stop() {
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
