// Prints the size in bytes of every function body of a WebAssembly module with its name, largest
// first, one `size<TAB>name` line each: a size profile of the engine (the link keeps the names,
// --profiling-funcs). The names are mangled; pipe through `c++filt` to read them.
//
//   node bench/tools/wasm_sizes.mjs build/wasm/stridelab.wasm | c++filt | head -50
//   node bench/tools/wasm_sizes.mjs build/wasm/stridelab.wasm --grep 'signed char|short'   # the total of a pattern
//
// --grep PATTERN (a regular expression over the demangled-or-mangled name as printed) prints only
// the matching functions and, on stderr, their count and total.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--grep');
const gi = args.indexOf('--grep');
const pattern = gi >= 0 ? new RegExp(args[gi + 1]) : null;
if (!file) {
  console.error('usage: node bench/tools/wasm_sizes.mjs MODULE.wasm [--grep PATTERN]');
  process.exit(2);
}
const buf = readFileSync(file);

let p = 8;
const u32 = () => {
  let r = 0, shift = 0, x;
  do { x = buf[p++]; r += (x & 0x7f) * 2 ** shift; shift += 7; } while (x & 0x80);
  return r;
};
const str = () => { const n = u32(); const s = buf.toString('utf8', p, p + n); p += n; return s; };

let imported = 0;
const bodies = [];
const names = new Map();
while (p < buf.length) {
  const id = buf[p++];
  const size = u32();
  const end = p + size;
  if (id === 2) {  // imports: count the functions among them
    for (let n = u32(); n > 0; n--) {
      str(); str();
      const kind = buf[p++];
      if (kind === 0) { u32(); imported++; }
      else if (kind === 1) { p++; const f = u32(); u32(); if (f & 1) u32(); }
      else if (kind === 2) { const f = u32(); u32(); if (f & 1) u32(); }
      else if (kind === 3) { p += 2; }
      else if (kind === 4) { p++; u32(); }
    }
  } else if (id === 10) {
    for (let n = u32(); n > 0; n--) { const s = u32(); bodies.push(s); p += s; }
  } else if (id === 0 && str() === 'name') {
    while (p < end) {
      const sub = buf[p++];
      const len = u32();
      const subEnd = p + len;
      if (sub === 1) for (let n = u32(); n > 0; n--) { const idx = u32(); names.set(idx, str()); }
      p = subEnd;
    }
  }
  p = end;
}

const rows = bodies.map((size, i) => [size, names.get(imported + i) ?? `func${imported + i}`]);
rows.sort((a, b) => b[0] - a[0]);
let total = 0, count = 0;
for (const [size, name] of rows) {
  if (pattern && !pattern.test(name)) continue;
  total += size;
  count++;
  console.log(`${size}\t${name}`);
}
if (pattern) console.error(`${count} functions, ${total} bytes`);
