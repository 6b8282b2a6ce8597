// The time limit in the page's engine (NOTE [Deadline polling] in src/support/budget.h): the wasm
// build has no watcher thread, so the engine counts its work and reads the clock now and then. Each
// program below spends its time in a different place (line events, one long kernel, a builtin's
// native loop, a sort, a matmul, a repr, a sleep, deep recursion) and must stop at the limit within 10% of it, in a
// dedicated Web Worker of Debian's Chromium (tests/web/harness.mjs, openEngineWorker).
// Run: node web/build.mjs && node --test tests/web/engine_time_limit.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { haveWasm, openEngineWorker } from './harness.mjs';

const LIMIT_S = 3;

let engine;

before(async () => {
  if (haveWasm) engine = await openEngineWorker();
});

after(async () => {
  await engine?.close();
});

const CASES = [
  ['an empty loop', 'while True:\n    pass\n'],
  ['a loop of assignments', 'for i in range(10**9):\n    x = i\n'],
  ['one long kernel', 'import torch\ntorch.ones(1).expand(10**6, 10**6).sum()\n'],
  ['sorting a million numbers in a loop', 'while True:\n    sorted(range(10**6, 0, -1))\n'],
  ['a matmul loop', 'import torch\na = torch.rand(256, 256)\nwhile True:\n    c = a @ a\n'],
  ["the repr of a list with 2**60 paths", 'x = [0]\nfor i in range(60):\n    x = [x, x]\nr = repr(x)\n'],
  ['a sleep', 'import time\ntime.sleep(60)\n'],
  // Met thousands of frames deep (the recursion limit raised past what the stacks hold): the frames
  // the stop unwinds are not steps (NOTE [A stop in flight] in src/support/budget.h), but unwinding
  // them still takes a moment (170 ms here), so this one has the page's own limit of 10 s.
  ['recursions to the deepest level, again and again',
    'def g(n):\n    return sorted([1, 2], key=lambda x: g(n + 1))\nwhile True:\n    try:\n        g(0)\n    except RecursionError:\n        pass\n', 10],
];

for (const [name, code, limit = LIMIT_S] of CASES) {
  test(`in a Web Worker: ${name} stops at the ${limit}-s limit, within 10%`, { skip: !haveWasm && 'no wasm engine built' }, async (t) => {
    const r = await engine.run(code, { max_steps: 1e9, max_depth: 1e6, max_seconds: limit, max_memory: 256 * 1024 * 1024 });
    assert.equal(r.thrown, undefined, `the worker threw: ${r.thrown}`);
    t.diagnostic(`stopped after ${r.ms.toFixed(0)} ms`);
    assert.match(r.summary.stderr, new RegExp(`stridelab: time limit exceeded: the program ran longer than ${limit} s`), r.summary.stderr);
    assert.ok(r.ms >= limit * 1000, `stopped early: ${r.ms.toFixed(0)} ms`);
    assert.ok(r.ms <= limit * 1100, `stopped ${(r.ms - limit * 1000).toFixed(0)} ms past the limit`);
  });
}
