// Loads the engine the page serves (build/web/stridelab.{js,wasm}) in node, the
// way the worker does: the Emscripten glue is built for web and worker only, so
// it runs here in a context that looks like a worker (importScripts defined)
// and is handed the compiled module, never fetching anything.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import path from 'node:path';

/** Masks addresses as tests/torch/golden_test.cpp does (NOTE [ Masking addresses ]),
 *  and also the 7- and 8-digit addresses of the wasm heap. */
export function maskAddresses(text) {
  const seen = new Map();
  const number = (v) => { if (!seen.has(v)) seen.set(v, seen.size + 1); return seen.get(v); };
  return text.replace(/0x[0-9a-f]+|(?<![\w.])\d{7,}(?![\w.])/g, (m) => (m.startsWith('0x') ? `0x#${number(m)}` : `#${number(m)}`));
}

/** The engine compiled once; `create()` gives a fresh instance (its own heap). */
export async function compileEngine(dir, { js = path.join(dir, 'stridelab.js'), wasm = path.join(dir, 'stridelab.wasm') } = {}) {
  const glue = new vm.Script(readFileSync(js, 'utf8'), { filename: js });
  const module = await WebAssembly.compile(readFileSync(wasm));
  return {
    create() {
      const context = {
        WebAssembly, TextDecoder, TextEncoder, console, setTimeout, clearTimeout, performance, URL,
        importScripts: () => { throw new Error('the engine asked for a script'); },
        location: { href: 'file:///worker.js' },
      };
      context.self = context;
      vm.createContext(context);
      glue.runInContext(context);
      return context.createStridelab({
        print: () => {}, printErr: () => {},
        instantiateWasm: (imports, done) => { WebAssembly.instantiate(module, imports).then((inst) => done(inst, module)); return {}; },
      });
    },
  };
}
