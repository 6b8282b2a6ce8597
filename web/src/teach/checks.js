// The checks of a lesson's `:::exercise` (web/README.md, "Exercises"): facts
// about the learner's own run, read at its end. Pure: no DOM, tested from node.
//
// A check is one line; NAMEs are the program's variables at the end of the run
// (its module frame), a tensor attribute such as `w.grad` too:
//
//   X is a view of Y              X and Y are different tensors on the same storage
//   X is not a view of Y          their storages differ
//   X has strides (1, 3)          also: X has shape (3, 4) · X has version 2 · X has offset 1
//   X is contiguous               also: X is not contiguous
//   X has a grad
//   X was copied by reshape       X came from reshape/flatten, which had to copy
//   X was written through Y only  X's storage was written in place, and every line that
//                                 wrote it begins with Y (`Y[0] = 1`, `Y.add_(1)`, `Y += 1`)
//   no allocation after line N    nothing was allocated once line N had first run
//   error T                       the run ended with an exception of type T
//   error T matching /regex/      ... whose message matches the regular expression
//   no error                      the run ended without an exception

/** Parses one check line: {kind, ...} or {kind: 'bad', text}. */
export function parseCheck(text) {
  const t = text.trim();
  const name = '([A-Za-z_][\\w.]*)';
  const tuple = '\\(([-\\d,\\s]*)\\)';
  let m;
  if ((m = new RegExp(`^${name} is (not )?a view of ${name}$`).exec(t))) return { kind: 'view', x: m[1], not: Boolean(m[2]), y: m[3], text: t };
  if ((m = new RegExp(`^${name} has (strides|shape) ${tuple}$`).exec(t))) return { kind: m[2] === 'strides' ? 'stride' : 'shape', x: m[1], value: ints(m[3]), text: t };
  if ((m = new RegExp(`^${name} has (version|offset) (-?\\d+)$`).exec(t))) return { kind: m[2], x: m[1], value: Number(m[3]), text: t };
  if ((m = new RegExp(`^${name} is (not )?contiguous$`).exec(t))) return { kind: 'contiguous', x: m[1], not: Boolean(m[2]), text: t };
  if ((m = new RegExp(`^${name} has a grad$`).exec(t))) return { kind: 'grad', x: m[1], text: t };
  if ((m = new RegExp(`^${name} was copied by reshape$`).exec(t))) return { kind: 'reshape-copied', x: m[1], text: t };
  if ((m = new RegExp(`^${name} was written through ${name} only$`).exec(t))) return { kind: 'written-through', x: m[1], y: m[2], text: t };
  if ((m = /^no allocation after line (\d+)$/.exec(t))) return { kind: 'no-alloc-after', line: Number(m[1]), text: t };
  if ((m = /^error (\w+)(?: matching \/(.*)\/)?$/.exec(t))) return { kind: 'error', type: m[1], pattern: m[2] ?? null, text: t };
  if (t === 'no error') return { kind: 'no-error', text: t };
  return { kind: 'bad', text: t };
}

function ints(s) { return s.split(',').map((x) => x.trim()).filter(Boolean).map(Number); }
const tupleText = (a) => `(${a.join(', ')}${a.length === 1 ? ',' : ''})`;

/** The tensor record a name reaches in the end state: a variable, or `name.grad`. */
export function tensorOf(state, name) {
  const tensors = new Map((state.tensors || []).map((t) => [t.id, t]));
  const [base, ...attrs] = name.split('.');
  const oid = (state.variables || {})[base];
  const o = oid && (state.objects || {})[oid];
  let t = o && o.tensor ? tensors.get(o.tensor) : null;
  for (const a of attrs) {
    if (!t || a !== 'grad' || !t.grad) return null;
    t = tensors.get(t.grad);
  }
  return t || null;
}

/**
 * Evaluates checks against a finished run.
 * @param {string[]} lines the check lines
 * @param {{state: object, facts: {source: string, events: object[], lines: number[]}, error: object|null}} run
 *   state: the last step's state; facts: from the worker's `facts`; error: summary.error
 * @returns {{text: string, ok: boolean, why: string}[]}
 */
export function evaluateChecks(lines, run) {
  return lines.map((line) => {
    const c = parseCheck(line);
    try {
      const [ok, why] = evaluate(c, run);
      return { text: c.text, ok, why };
    } catch (e) {
      return { text: c.text, ok: false, why: e.message };
    }
  });
}

function need(state, name) {
  const t = tensorOf(state, name);
  if (!t) throw new Error(`no tensor named ${name} at the end of the run`);
  return t;
}

function evaluate(c, { state, facts, error }) {
  const src = (facts.source || '').split('\n');
  switch (c.kind) {
    case 'view': {
      const x = need(state, c.x);
      const y = need(state, c.y);
      const shared = x.storage === y.storage && x.id !== y.id;
      const why = x.id === y.id ? `${c.x} and ${c.y} are the same tensor` : x.storage === y.storage ? `both on ${x.storage}` : `${c.x} is on ${x.storage}, ${c.y} on ${y.storage}`;
      return [c.not ? x.storage !== y.storage : shared, why];
    }
    case 'stride': case 'shape': {
      const x = need(state, c.x);
      const have = c.kind === 'stride' ? x.stride : x.shape;
      return [tupleText(have) === tupleText(c.value), `${c.x} has ${c.kind === 'stride' ? 'strides' : 'shape'} ${tupleText(have)}`];
    }
    case 'version': case 'offset': {
      const x = need(state, c.x);
      return [x[c.kind] === c.value, `${c.x} has ${c.kind} ${x[c.kind]}`];
    }
    case 'contiguous': {
      const x = need(state, c.x);
      return [Boolean(x.contiguous) !== c.not, `${c.x} is ${x.contiguous ? '' : 'not '}contiguous`];
    }
    case 'grad': {
      const x = need(state, c.x);
      return [Boolean(x.grad), x.grad ? `${c.x}.grad is there` : `${c.x}.grad is None`];
    }
    case 'reshape-copied': {
      const x = need(state, c.x);
      const v = x.view || {};
      const copied = (v.op === 'reshape' || v.op === 'flatten') && v.broke_dim !== undefined && v.broke_dim !== null;
      return [copied, copied ? `${v.op} copied: dimension ${v.broke_dim} could not be merged` : v.op ? `${c.x} came from ${v.op}${v.broke_dim === undefined ? ' as a view' : ''}` : `${c.x} did not come from reshape`];
    }
    case 'written-through': {
      const x = need(state, c.x);
      // Filling a storage in the step that made it is part of making it.
      const made = new Set(facts.events.filter((e) => e.type === 'alloc').map((e) => `${e.step}:${e.storage}`));
      const writes = facts.events.filter((e) => e.type === 'write' && e.storage === x.storage && e.kind !== 'backward' && !made.has(`${e.step}:${e.storage}`));
      if (!writes.length) return [false, `${x.storage} (${c.x}'s storage) was never written in place`];
      const starts = new RegExp(`^\\s*${c.y.replace(/\./g, '\\.')}\\b`);
      const other = writes.find((e) => !starts.test(src[e.line - 1] || ''));
      if (other) return [false, `line ${other.line} wrote ${x.storage}: \`${(src[other.line - 1] || '').trim()}\``];
      return [true, `${writes.length} write${writes.length === 1 ? '' : 's'} to ${x.storage}, all through ${c.y}`];
    }
    case 'no-alloc-after': {
      const first = facts.lines.indexOf(c.line);
      if (first < 0) return [false, `line ${c.line} never ran`];
      const alloc = facts.events.find((e) => e.type === 'alloc' && e.step > first);
      return [!alloc, alloc ? `line ${alloc.line} allocated ${alloc.storage}` : `nothing allocated after line ${c.line}`];
    }
    case 'error': {
      if (!error) return [false, 'the run raised no exception'];
      const typeOk = error.type === c.type;
      const msgOk = c.pattern === null || new RegExp(c.pattern).test(error.message || '');
      return [typeOk && msgOk, `the run raised ${error.type}: ${error.message || ''}`];
    }
    case 'no-error':
      return [!error, error ? `the run raised ${error.type}` : 'the run ended without an exception'];
    default:
      return [false, `the lesson's check "${c.text}" is not one stridelab knows`];
  }
}
