// The engine's recursion guard (NOTE [Native recursion] in src/python/recursion.h) in the place
// where its stack is smallest: the wasm engine the page serves (build/web/stridelab.{js,wasm}),
// in a dedicated Web Worker of Debian's Chromium. Every deep recursion, of Python calls or of the
// engine's own C++ on deep data, must end as Python's RecursionError (or the engine's recursion
// limit), never as the JavaScript engine's "Maximum call stack size exceeded" that kills the run. Each program runs in a fresh instance, as the page's worker does after
// Stop (tests/web/harness.mjs, openEngineWorker).
// Run: node web/build.mjs && node --test tests/web/engine_recursion.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { haveWasm, openEngineWorker } from './harness.mjs';

let engine;

before(async () => {
  if (haveWasm) engine = await openEngineWorker();
});

after(async () => {
  await engine?.close();
});

/** Runs `code` in a new worker with a fresh engine; the run's summary, or what the worker threw. */
function run(code, options = {}) {
  return engine.run(code, { max_steps: 10000000, max_seconds: 60, ...options });
}

function lastLine(text) {
  const lines = (text || '').trimEnd().split('\n');
  return lines[lines.length - 1];
}

const F = 'def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\n';
const NEST = (n, open, close) => `box = [${open}${close}]\n[box.append(${open}box.pop()${close}) for i in range(${n})]\n`;

const RECURSION_ERROR = /^(RecursionError: maximum recursion depth exceeded|stridelab: recursion limit exceeded)/;

const CASES = [
  // [name, program, expected stdout, or a check of it]
  ['f(400) runs', F + 'print(f(400))\n', '400\n'],
  ['a method recursion of 300 calls runs',
    'class A:\n    def g(self, n):\n        return n if n == 0 else self.g(n - 1) + 1\nprint(A().g(300))\n', '300\n'],
  ['recursion through __repr__ and str.format',
    'class R:\n    def __init__(self, n):\n        self.n = n\n    def __repr__(self):\n' +
    '        return "R" if self.n == 0 else "<{}>".format(repr(R(self.n - 1)))\nprint(len(repr(R(150))))\n', '301\n'],
  ['repr of a 100,000-deep list', NEST(100000, '[', ']') + 'try:\n    repr(box)\nexcept RecursionError as e:\n    print(e)\n',
    'maximum recursion depth exceeded while getting the repr of an object\n'],
  ['== of 100,000-deep lists', NEST(100000, '[', ']') + 'a = box\n' + NEST(100000, '[', ']') +
    'try:\n    print(a == box)\nexcept RecursionError as e:\n    print(e)\n', 'maximum recursion depth exceeded in comparison\n'],
  ['hash of a 100,000-deep tuple', 'box = [()]\n[box.append((box.pop(),)) for i in range(100000)]\n' +
    'try:\n    hash(box[0])\nexcept RecursionError as e:\n    print(e)\n',
    'maximum recursion depth exceeded\n'],
  ['freeing a 1,000,000-deep list', NEST(1000000, '[', ']') + 'del box\nprint("freed")\n', 'freed\n'],
  ['a deep expression in every frame',
    `def h(n):\n    return 0 if n == 0 else ${'(1 + '.repeat(8)}h(n - 1)${')'.repeat(8)}\n` +
    'try:\n    print(h(950))\nexcept RecursionError as e:\n    print("RecursionError:", e)\n',
    // Where the guard fires decides CPython's wording: inside `n == 0` it adds " in comparison".
    (out) => out === '7600\n' || /^RecursionError: maximum recursion depth exceeded( in comparison)?\n$/.test(out)],
  ['a 2,000-term sum', `print(1${' + 1'.repeat(1000)}${' - 1'.repeat(1000)})\n`, '1\n'],
  ['80 levels of parenthesised 2,000-term sums',
    `try:\n    x = ${Array.from({ length: 80 }).reduce((d) => `(${d}${' + 1'.repeat(2000)})`, '1')}\nexcept RecursionError as e:\n    print(e)\n`,
    'maximum recursion depth exceeded\n'],
  ['an nn.Module that contains itself', 'import torch\nm = torch.nn.Module()\nm.m = m\ntry:\n    print(m)\nexcept RecursionError as e:\n    print(e)\n',
    'maximum recursion depth exceeded\n'],
];

for (const [name, code, expected] of CASES) {
  test(`in a Web Worker: ${name}`, { skip: !haveWasm && 'no wasm engine built' }, async () => {
    const r = await run(code);
    assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
    const s = r.summary;
    if (typeof expected === 'function') assert.ok(expected(s.stdout), `stdout: ${s.stdout} stderr: ${s.stderr}`);
    else assert.equal(s.stdout, expected, `stderr: ${s.stderr}`);
    assert.equal(s.exit_code, 0, s.stderr);
  });
}

for (const [name, n] of [['f(5000)', 5000], ['f(100000)', 100000]]) {
  test(`in a Web Worker: ${name} stops with Python's error, not on the JavaScript stack`, { skip: !haveWasm && 'no wasm engine built' }, async () => {
    const r = await run(F + `print(f(${n}))\n`);
    assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
    assert.notEqual(r.summary.exit_code, 0, r.summary.stdout);
    assert.match(lastLine(r.summary.stderr), RECURSION_ERROR);
  });
}

// What a program may do at the deepest level, once it has caught the RecursionError there, must fit
// in the room the guard keeps (kRoomFrames in src/python/recursion.cpp): with 60 frames of room
// instead of its 300, the repr, sorted, sort and matmul cases ran out of the worker's stack. The
// recursion limit is raised past what any stack holds, so that the guard, not the limit, ends the
// recursion: on the worker's stack the probe, on fresh stacks (NOTE [Fresh stacks]) the count of
// levels.
const AT_THE_LIMIT = (what) => `import torch\ndef g(n):\n    try:\n        return g(n + 1)\n    except RecursionError:\n        ${what}\n        return n\nprint(g(0) > 100)\n`;
for (const [name, what] of [
  ["a tensor's repr", 's = repr(torch.rand(4, 4) * 1e-3)'],
  ['printing a transposed tensor', 'print(torch.arange(12.).reshape(3, 4).t(), end="")'],
  ['a backward pass', 'a = torch.ones(3, requires_grad=True); ((a * 2).exp().sum() * a.sum()).backward()'],
  ['sorted with a key', 's = sorted(range(200), key=lambda x: -x)'],
  ["a tensor's sort and a matmul", 's = torch.rand(50).sort(); t = torch.rand(8, 8) @ torch.rand(8, 8)'],
  ['str.format', 's = "{:>10} {!r} {}".format(1.5, [1, (2, 3)], {"a": [1]})'],
]) {
  test(`in a Web Worker: at the deepest level, ${name} still runs`, { skip: !haveWasm && 'no wasm engine built' }, async () => {
    const r = await run(AT_THE_LIMIT(what), { max_depth: 1000000 });
    assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
    assert.match(r.summary.stdout, /True\n$/, r.summary.stderr);
    assert.equal(r.summary.exit_code, 0, r.summary.stderr);
  });
}

for (const [name, code] of [
  ['through a sort key', 'def g(n):\n    return sorted([1, 2], key=lambda x: g(n + 1))\n'],
  ['through map', 'def g(n):\n    return list(map(lambda x: g(n + 1), [1]))\n'],
]) {
  test(`in a Web Worker: unbounded recursion ${name} stops with Python's error`, { skip: !haveWasm && 'no wasm engine built' }, async () => {
    // The recursion limit raised past what a stack holds: the guard, not the limit, stops it.
    const r = await run(code + 'try:\n    g(0)\nexcept RecursionError as e:\n    print(e)\n', { max_depth: 1000000 });
    assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
    assert.match(r.summary.stdout, /maximum recursion depth exceeded/, r.summary.stderr);
  });
}

test("in a Web Worker: unbounded recursion through __repr__ stops with Python's error", { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const r = await run('class R:\n    def __repr__(self):\n        return repr(self)\nrepr(R())\n');
  assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
  assert.notEqual(r.summary.exit_code, 0);
  assert.match(lastLine(r.summary.stderr), RECURSION_ERROR);
});

// Chromium gives a dedicated worker a much smaller JavaScript stack than the page: the 8-argument
// JavaScript function of recursion.cpp recurses about 2,480 times in a worker, 8,850 times in the
// page (node: 6,100); a one-argument recursive wasm function 9,115 times in the worker. A Python
// call of this kind passes through 5 wasm frames of the evaluator (NOTE [Evaluator frames] in
// eval.cpp), so on the worker's own stack the guard stops f(n) at about 570. The run goes on
// stacks of its own instead (NOTE [Fresh stacks] in src/python/recursion.h; this Chromium has
// WebAssembly.Suspending), and Python's limit of 1,000 calls holds.
test('in a Web Worker: the run goes on fresh stacks', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const r = await run('print(1)\n');
  assert.equal(r.fresh, true, 'this Chromium has no JavaScript Promise Integration');
});

for (const n of [900, 990]) {
  test(`in a Web Worker: f(${n}) runs`, { skip: !haveWasm && 'no wasm engine built' }, async () => {
    const r = await run(F + `print(f(${n}))\n`);
    assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
    assert.equal(r.summary.stdout, `${n}\n`, r.summary.stderr);
  });
}

test('in a Web Worker: 995 nested calls of a method with locals, a loop and a try', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const code = 'class T:\n    def walk(self, n, acc):\n        xs = [n, n + 1]\n        for x in xs:\n            acc += x\n' +
    '        try:\n            return acc if n == 0 else self.walk(n - 1, acc)\n        finally:\n            acc = None\n' +
    'print(T().walk(995, 0))\n';
  const r = await run(code);
  assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
  assert.equal(r.summary.stdout, `${996 * 995 + 996}\n`, r.summary.stderr);
});

// An exception raised 950 calls deep crosses every stack on its way up: caught by each level's
// `finally` and by the module, and, uncaught, printed with the whole traceback as CPython prints it.
test('in a Web Worker: an exception raised 950 calls deep reaches the top', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const code = 'seen = []\ndef f(n):\n    try:\n        if n == 0:\n            raise ValueError("bottom")\n        return f(n - 1)\n' +
    '    finally:\n        seen.append(n)\ntry:\n    f(950)\nexcept ValueError as e:\n    print(e, len(seen), seen[0], seen[-1])\nf(950)\n';
  const r = await run(code);
  assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
  assert.equal(r.summary.stdout, 'bottom 951 0 950\n', r.summary.stderr);
  assert.equal(lastLine(r.summary.stderr), 'ValueError: bottom');
  assert.match(r.summary.stderr, /\[Previous line repeated 9\d\d more times\]/);
});

test('in a Web Worker: generators and comprehensions at 900 calls deep', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const code = 'def g(n):\n    if n == 0:\n        yield from (i * i for i in range(4))\n        return\n' +
    '    yield from g(n - 1)\nprint(list(g(300)))\n' +
    'def h(n):\n    return sum(x for x in [n]) if n == 0 else [h(n - 1) + k for k in range(1)][0]\nprint(h(450))\n';
  const r = await run(code);
  assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
  assert.equal(r.summary.stdout, '[0, 1, 4, 9]\n0\n', r.summary.stderr);
});
