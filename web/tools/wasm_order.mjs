// Reorders a WebAssembly module's functions so that gzip compresses it better,
// and drops its name section. The linker and the optimiser order functions by
// how often they are called; gzip looks back only 32 KB, so the copies of one
// template (a kernel for each dtype, a std::function wrapper for each lambda)
// compress far better when they sit side by side. Sorting by (mangled) name
// does that: the functions called most keep the first indices, whose calls
// take one byte, and the rest follow in name order.
//
// The module must carry a name section (link with --profiling-funcs); without
// one it is returned as it is. Every reference to a function index is rewritten:
// calls, ref.func, exports, the start function and element segments. An
// instruction this decoder does not know makes it give up and return the module
// unchanged but for the name section, so the result is always valid.
//
//   import { orderFunctions } from './tools/wasm_order.mjs';
//   const { bytes, sorted, reason } = orderFunctions(buffer);

class Reader {
  constructor(buf, pos = 0, end = buf.length) { this.b = buf; this.p = pos; this.end = end; }
  byte() { if (this.p >= this.end) throw new Error('unexpected end'); return this.b[this.p++]; }
  u32() {
    let r = 0, shift = 0, x;
    do { x = this.byte(); r += (x & 0x7f) * 2 ** shift; shift += 7; } while (x & 0x80);
    return r;
  }
  // A signed LEB128 only skipped (i32/i64 constants, block types).
  skipLeb() { let x; do { x = this.byte(); } while (x & 0x80); }
  skip(n) { this.p += n; if (this.p > this.end) throw new Error('unexpected end'); }
  bytes(n) { const s = this.b.subarray(this.p, this.p + n); this.skip(n); return s; }
  name() { return new TextDecoder().decode(this.bytes(this.u32())); }
}

function leb(n) {
  const out = [];
  do { let x = n % 128; n = Math.floor(n / 128); if (n) x |= 0x80; out.push(x); } while (n);
  return out;
}

class Writer {
  constructor() { this.parts = []; this.len = 0; }
  push(arr) { const u = arr instanceof Uint8Array ? arr : Uint8Array.from(arr); this.parts.push(u); this.len += u.length; }
  u32(n) { this.push(leb(n)); }
  concat() {
    const out = new Uint8Array(this.len);
    let p = 0;
    for (const part of this.parts) { out.set(part, p); p += part.length; }
    return out;
  }
}

function sections(buf) {
  if (buf[0] !== 0 || buf[1] !== 0x61 || buf[2] !== 0x73 || buf[3] !== 0x6d) throw new Error('not a wasm module');
  const r = new Reader(buf, 8);
  const out = [];
  while (r.p < buf.length) {
    const head = r.p;
    const id = r.byte();
    const size = r.u32();
    const start = r.p;
    let name = null;
    if (id === 0) name = new Reader(buf, start, start + size).name();
    out.push({ id, name, head, start, end: start + size });
    r.skip(size);
  }
  return out;
}

// Memory instructions' memarg: alignment (bit 6 set: a memory index follows) and offset.
function memarg(r) { const a = r.u32(); if (a & 0x40) r.u32(); r.u32(); }

// SIMD (0xFD) sub-opcodes with immediates.
function simdImmediates(r, op) {
  if (op <= 11 || op === 92 || op === 93) memarg(r); // loads and stores
  else if (op === 12 || op === 13) r.skip(16); // v128.const, i8x16.shuffle
  else if (op >= 21 && op <= 34) r.skip(1); // extract/replace lane
  else if (op >= 84 && op <= 91) { memarg(r); r.skip(1); } // load/store lane
}

/** Calls `onFunc(position)` for each function index immediate in a code body
 *  [from, to), position pointing at its LEB. */
function scanBody(buf, from, to, onFunc) {
  const r = new Reader(buf, from, to);
  const groups = r.u32();
  for (let i = 0; i < groups; i++) { r.u32(); r.byte(); }
  while (r.p < to) {
    const op = r.byte();
    switch (op) {
      case 0x02: case 0x03: case 0x04: case 0x06: r.skipLeb(); break; // block loop if try: block type
      case 0x07: case 0x08: case 0x09: case 0x18: r.u32(); break; // catch throw rethrow delegate
      case 0x0c: case 0x0d: r.u32(); break; // br br_if
      case 0x0e: { const n = r.u32(); for (let i = 0; i <= n; i++) r.u32(); break; } // br_table
      case 0x10: case 0x12: onFunc(r.p); r.u32(); break; // call return_call
      case 0x11: case 0x13: r.u32(); r.u32(); break; // call_indirect: type, table
      case 0x1c: { const n = r.u32(); r.skip(n); break; } // select t*
      case 0x20: case 0x21: case 0x22: case 0x23: case 0x24: case 0x25: case 0x26: r.u32(); break;
      case 0x3f: case 0x40: r.u32(); break; // memory.size/grow
      case 0x41: case 0x42: r.skipLeb(); break;
      case 0x43: r.skip(4); break;
      case 0x44: r.skip(8); break;
      case 0xd0: r.byte(); break; // ref.null t
      case 0xd2: onFunc(r.p); r.u32(); break; // ref.func
      case 0xfc: {
        const sub = r.u32();
        if (sub <= 7) break; // saturating truncations
        if (sub === 8) { r.u32(); r.u32(); } // memory.init
        else if (sub === 9 || sub === 13 || sub === 15 || sub === 16 || sub === 17) r.u32();
        else if (sub === 10 || sub === 12 || sub === 14) { r.u32(); r.u32(); }
        else if (sub === 11) r.u32();
        else throw new Error(`unknown instruction 0xfc ${sub}`);
        break;
      }
      case 0xfd: simdImmediates(r, r.u32()); break;
      default:
        if (op >= 0x28 && op <= 0x3e) memarg(r);
        else if (op === 0x00 || op === 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x19 ||
          op === 0x1a || op === 0x1b || op === 0xd1 || (op >= 0x45 && op <= 0xc4)) { /* no immediates */ }
        else throw new Error(`unknown opcode 0x${op.toString(16)}`);
    }
  }
}

function functionNames(buf, sec) {
  const r = new Reader(buf, sec.start, sec.end);
  r.name();
  const names = new Map();
  while (r.p < sec.end) {
    const sub = r.byte();
    const size = r.u32();
    const end = r.p + size;
    if (sub === 1) {
      const n = r.u32();
      for (let i = 0; i < n; i++) { const idx = r.u32(); names.set(idx, r.name()); }
    }
    r.p = end;
  }
  return names;
}

function withoutNames(buf, secs) {
  const w = new Writer();
  w.push(buf.subarray(0, 8));
  for (const s of secs) {
    if (s.id === 0 && s.name === 'name') continue;
    w.push(buf.subarray(s.head, s.end));
  }
  return w.concat();
}

/** Returns {bytes, sorted, reason}: the reordered module (or the module without
 *  its name section when it cannot be reordered) and why not. */
export function orderFunctions(input, { keepFirst = 128 } = {}) {
  const buf = input instanceof Uint8Array ? input : new Uint8Array(input);
  const secs = sections(buf);
  const nameSec = secs.find((s) => s.id === 0 && s.name === 'name');
  if (!nameSec) return { bytes: buf, sorted: false, reason: 'no name section' };
  try {
    return { bytes: reorder(buf, secs, functionNames(buf, nameSec), keepFirst), sorted: true, reason: null };
  } catch (e) {
    return { bytes: withoutNames(buf, secs), sorted: false, reason: e.message };
  }
}

function reorder(buf, secs, names, keepFirst) {
  const sec = (id) => secs.find((s) => s.id === id);
  // Imported functions come first in the index space and do not move.
  let imported = 0;
  if (sec(2)) {
    const r = new Reader(buf, sec(2).start, sec(2).end);
    const n = r.u32();
    for (let i = 0; i < n; i++) {
      r.name(); r.name();
      const kind = r.byte();
      if (kind === 0) { r.u32(); imported++; }
      else if (kind === 1) { r.byte(); const f = r.u32(); r.u32(); if (f & 1) r.u32(); }
      else if (kind === 2) { const f = r.u32(); r.u32(); if (f & 1) r.u32(); }
      else if (kind === 3) { r.byte(); r.byte(); }
      else if (kind === 4) { r.byte(); r.u32(); }
      else throw new Error('unknown import kind ' + kind);
    }
  }
  const funcSec = sec(3);
  const codeSec = sec(10);
  if (!funcSec || !codeSec) throw new Error('no functions');
  const fr = new Reader(buf, funcSec.start, funcSec.end);
  const count = fr.u32();
  const types = [];
  for (let i = 0; i < count; i++) types.push(fr.u32());
  const cr = new Reader(buf, codeSec.start, codeSec.end);
  if (cr.u32() !== count) throw new Error('function and code sections disagree');
  const bodies = [];
  for (let i = 0; i < count; i++) { const size = cr.u32(); bodies.push([cr.p, cr.p + size]); cr.skip(size); }
  // Global initialisers may hold ref.func: this module has none, or we give up.
  for (const id of [6]) if (sec(id) && buf.subarray(sec(id).start, sec(id).end).includes(0xd2)) throw new Error('ref.func in globals');

  const keep = Math.max(0, Math.min(count, keepFirst - imported));
  const key = (i) => names.get(imported + i) ?? '';
  const rest = [...Array(count - keep).keys()].map((i) => i + keep).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
  const order = [...Array(keep).keys(), ...rest]; // new position -> old defined index
  const newIndex = new Array(imported + count);
  for (let i = 0; i < imported; i++) newIndex[i] = i;
  order.forEach((old, pos) => { newIndex[imported + old] = imported + pos; });
  const remap = (idx) => { if (idx >= newIndex.length) throw new Error('function index out of range'); return newIndex[idx]; };

  const out = new Writer();
  out.push(buf.subarray(0, 8));
  const section = (id, w) => { const body = w.concat(); out.push([id]); out.u32(body.length); out.push(body); };
  for (const s of secs) {
    if (s.id === 0 && s.name === 'name') continue;
    if (s.id === 3) {
      const w = new Writer(); w.u32(count);
      for (const old of order) w.u32(types[old]);
      section(3, w);
    } else if (s.id === 10) {
      const w = new Writer(); w.u32(count);
      for (const old of order) {
        const [from, to] = bodies[old];
        const at = [];
        scanBody(buf, from, to, (p) => at.push(p));
        const b = new Writer();
        let last = from;
        for (const p of at) {
          const r = new Reader(buf, p, to);
          const idx = r.u32();
          b.push(buf.subarray(last, p));
          b.u32(remap(idx));
          last = r.p;
        }
        b.push(buf.subarray(last, to));
        const body = b.concat();
        w.u32(body.length); w.push(body);
      }
      section(10, w);
    } else if (s.id === 7) {
      const r = new Reader(buf, s.start, s.end);
      const w = new Writer();
      const n = r.u32(); w.u32(n);
      for (let i = 0; i < n; i++) {
        const nm = r.bytes(r.u32()); w.u32(nm.length); w.push(nm);
        const kind = r.byte(); const idx = r.u32();
        w.push([kind]); w.u32(kind === 0 ? remap(idx) : idx);
      }
      section(7, w);
    } else if (s.id === 8) {
      const w = new Writer(); w.u32(remap(new Reader(buf, s.start, s.end).u32()));
      section(8, w);
    } else if (s.id === 9) {
      const r = new Reader(buf, s.start, s.end);
      const w = new Writer();
      const n = r.u32(); w.u32(n);
      for (let i = 0; i < n; i++) {
        const flags = r.u32(); w.u32(flags);
        if (flags > 3) throw new Error('element segment with expressions');
        if (flags === 2) w.u32(r.u32()); // table index
        if (flags === 0 || flags === 2) { // offset expression, up to its end
          const from = r.p;
          for (;;) {
            const op = r.byte();
            if (op === 0x0b) break;
            if (op === 0x41 || op === 0x42) r.skipLeb();
            else if (op === 0x23) r.u32();
            else throw new Error('element offset expression');
          }
          w.push(buf.subarray(from, r.p));
        }
        if (flags !== 0) { const kind = r.byte(); if (kind !== 0) throw new Error('element kind'); w.push([kind]); }
        const m = r.u32(); w.u32(m);
        for (let j = 0; j < m; j++) w.u32(remap(r.u32()));
      }
      section(9, w);
    } else {
      out.push(buf.subarray(s.head, s.end));
    }
  }
  return out.concat();
}
