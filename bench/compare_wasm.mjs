// The page's engine against the native one, in one run: the same programs
// (bench/programs/wasm_kernels.py, add_loop.py, linreg.py) through node + the
// served WebAssembly engine, called as the worker calls it (run(), trace
// recording on), and through `stridelab trace` (recording on too), alternating
// program by program, best of --reps. Each program times its own ops with
// time.perf_counter() and prints `name: SECONDS s`; the kernels are timed on
// the line that runs them, so their figures leave the recorder's per-line
// steps out, and add_loop / linreg_total are whole loops, recording included.
// Not a test: prints a table (and the load average, since the machine is shared).
//
// Usage: node web/build.mjs && node --no-experimental-fetch bench/compare_wasm.mjs
//          [--native build/native/stridelab] [--wasm build/web] [--wasm other/dir ...]
//          [--reps 5] [--markdown] [program ...]
// With several --wasm folders (say the engine before a change and after), each
// gets its own columns; the ratio is wasm / native (1 = parity; the budget is 3).
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileEngine } from '../tests/web/wasm_module.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let native = path.join(repo, 'build/native/stridelab');
const wasmDirs = [];
let reps = 5;
let markdown = false;
const programs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--native') native = path.resolve(args[++i]);
  else if (args[i] === '--wasm') wasmDirs.push(path.resolve(args[++i]));
  else if (args[i] === '--reps') reps = Number(args[++i]);
  else if (args[i] === '--markdown') markdown = true;
  else programs.push(args[i]);
}
if (!wasmDirs.length) wasmDirs.push(path.join(repo, 'build/web'));
if (!programs.length) programs.push('wasm_kernels', 'add_loop', 'linreg');

// Limits large enough for every program (the page's defaults stop long loops).
const LIMITS = { max_steps: 10_000_000, max_seconds: 600, max_memory: 1 << 30 };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'compare_wasm-'));

// `name: SECONDS s` lines of a program's output.
function parseTimes(stdout) {
  const times = {};
  for (const m of stdout.matchAll(/^(\w+): ([0-9.e+-]+) s$/gm)) times[m[1]] = Number(m[2]);
  return times;
}

function runNative(file) {
  const out = path.join(tmp, 'trace.json');
  const lim = ['--max-steps', String(LIMITS.max_steps), '--max-seconds', String(LIMITS.max_seconds), '--max-memory', String(LIMITS.max_memory)];
  const r = spawnSync(native, ['trace', file, '-o', out, ...lim], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native ${file}: ${r.stderr}`);
  const result = JSON.parse(readFileSync(out, 'utf8')).result;
  if (result.error) throw new Error(`native ${file}: ${JSON.stringify(result.error)}`);
  return result.stdout;
}

async function runWasm(engine, source, file) {
  const M = await engine.create(); // a fresh heap, as the worker has after Stop
  const summary = JSON.parse(M.run(source, JSON.stringify(LIMITS)));
  if (summary.error) throw new Error(`wasm ${file}: ${JSON.stringify(summary.error)}`);
  return summary.stdout;
}

const engines = [];
for (const dir of wasmDirs) engines.push({ dir, engine: await compileEngine(dir) });

// best[side][op] = the best time over the reps; side 0 native, 1.. each wasm engine.
const best = Array.from({ length: 1 + engines.length }, () => ({}));
const order = [];
const keep = (side, times) => {
  for (const [op, t] of Object.entries(times)) {
    if (!order.includes(op)) order.push(op);
    if (!(op in best[side]) || t < best[side][op]) best[side][op] = t;
  }
};
for (let rep = 0; rep < reps; rep++) {
  for (const name of programs) {
    const file = path.join(repo, 'bench/programs', name + '.py');
    const source = readFileSync(file, 'utf8');
    keep(0, parseTimes(runNative(file)));
    for (let e = 0; e < engines.length; e++) keep(1 + e, parseTimes(await runWasm(engines[e].engine, source, file)));
  }
}
rmSync(tmp, { recursive: true, force: true });

const fmt = (s) => (s === undefined ? '-' : s >= 0.1 ? `${s.toFixed(3)} s` : `${(s * 1e3).toFixed(s >= 0.01 ? 1 : 3)} ms`);
const head = ['op', 'native', ...engines.flatMap((e) => {
  const tag = engines.length > 1 ? ` (${path.relative(repo, e.dir) || e.dir})` : '';
  return [`wasm${tag}`, `ratio${tag}`];
})];
const rows = order.map((op) => [op, fmt(best[0][op]), ...engines.flatMap((e, i) => {
  const w = best[1 + i][op], n = best[0][op];
  return [fmt(w), w !== undefined && n ? (w / n).toFixed(2) : '-'];
})]);
const load = os.loadavg().map((x) => x.toFixed(2)).join(', ');
if (markdown) {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
} else {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i ? c.padStart(w[i]) : c.padEnd(w[i]))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}
console.log(`best of ${reps}, native and wasm alternating; load average at the end: ${load} (${os.cpus().length} CPUs)`);
