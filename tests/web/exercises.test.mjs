// Every exercise of the lessons is solved by a right program and not by a
// wrong one (the learner's own run, checked by the engine: src/trace/exercise.h,
// whose checks are tested natively in tests/trace/exercise_test.cpp), and its
// solved state is kept across a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, waitReady, setCodeAndRun, tid, buildWeb } from './harness.mjs';

const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
const needWasm = { skip: !haveWasm && 'no wasm engine built' };
let server;
let browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// [lesson, example (1-based), exercise id, a wrong run, a right run]
const EXERCISES = [
  ['000-new-memory', 1, 'add-in-place', null,
    'import torch\n\n# Initial tensor\na = torch.tensor([1, 2, 3])\nprint(a.data_ptr())\n\nfor _ in range(3):\n    a.add_(1)\n    print(a.data_ptr())\n'],
  ['001-mutable-tensor', 3, 'through-view', null, 'import torch\nx = torch.zeros(2, 3)\ny = x[1]\ny[0] = 5\nprint(x)\n'],
  ['002-same-id', 1, 'block-view', null, 'import torch\nx = torch.arange(12).reshape(3, 4)\nv = x[1:3, 1:3]\n'],
  ['002-same-id', 3, 'columns-view', null, 'import torch\nx = torch.arange(12).reshape(3, 4)\ns = x[:, 1:3]\n'],
  ['003-memory-notes', 1, 'strides-1-3', null, 'import torch\nx = torch.arange(12).view(4, 3)\ny = x.t()\nprint(y.stride())\n'],
  ['004-inplace-autograd', 1, 'break-backward', null,
    'import torch\nleaf = torch.tensor([1., 2., 3.], requires_grad=True)\nmiddle = leaf + 2\nroot = middle.pow(2)\nmiddle.mul_(3)\nroot.sum().backward()\nprint(leaf.grad)\n'],
  ['004-inplace-autograd', 4, 'fix-by-clone', null,
    'import torch\nleaf = torch.tensor([1., 2., 3.], requires_grad=True)\nmiddle = leaf + 2\nroot = middle.clone().pow(2)\nmiddle.multiply_(3)\nroot.sum().backward()\nprint(leaf.grad)\n'],
  ['005-reshape-vs-view', 2, 'reshape-copies', null, 'import torch\nx = torch.arange(6).view(2, 3)\nr = x.t().reshape(6)\n'],
  ['005-reshape-vs-view', 2, 'view-fails', null, 'import torch\nx = torch.arange(6).view(2, 3)\nv = x.t().view(6)\n'],
  ['009-attention-mask', 2, 'mask-in-place', null,
    'import torch\n\nscores = torch.tensor([[0.5, 1.0, 2.0],\n                       [1.5, 0.2, 0.3],\n                       [0.1, 0.4, 1.2]])\nmask = torch.triu(torch.ones(3, 3), diagonal=1).bool()\nscores.masked_fill_(mask, float("-inf"))\nprint(scores)\n'],
  ['010-embedding', 1, 'embedding-rows', null,
    'import torch\nemb = torch.nn.Embedding(5, 3)\nw = emb.weight\nids = torch.tensor([1, 3])\nrows = w[1:4:2]\n'],
];

async function check(page, box) {
  const before = await page.evaluate(() => window.stridelab.runsDone);
  await box.locator(tid('exercise-check')).click();
  await page.waitForFunction((b) => window.stridelab.runsDone >= b, before);
  await page.waitForFunction((id) => document.querySelector(`[data-exercise="${id}"]`).dataset.checked, await box.getAttribute('data-exercise'));
  return box.getAttribute('data-checked');
}

for (const [lesson, example, id, wrong, right] of EXERCISES) {
  test(`exercise ${lesson} ${id}: its starting code fails the checks, a right run solves it`, needWasm, async () => {
    const { page, context, problems } = await newPage(browser, { origin: server.url.slice(0, -1) });
    await page.goto(`${server.url}#lesson=${lesson}&example=${example}`);
    await waitReady(page);
    await page.waitForFunction(() => window.stridelab.runsDone >= 1);
    const box = page.locator(`${tid('lesson-exercise')}[data-exercise="${id}"]`);
    assert.equal(await box.count(), 1, `exercise ${id} in ${lesson} example ${example}`);
    assert.equal(await box.getAttribute('data-solved'), null);
    // Wrong: its own starting code (or the given wrong program).
    const runs = await page.evaluate(() => window.stridelab.runsDone);
    if (wrong) await setCodeAndRun(page, wrong);
    else {
      await box.locator(tid('exercise-start')).click();
      await page.waitForFunction((r) => window.stridelab.runsDone > r && document.body.dataset.state === 'done', runs);
    }
    await box.evaluate((b) => { delete b.dataset.checked; });
    assert.equal(await check(page, box), 'fail');
    assert.equal(await box.getAttribute('data-solved'), null);
    assert.ok(await box.locator(`${tid('exercise-checks')} li[data-ok="false"]`).count() >= 1);
    // Right: solved, and every check passes.
    await box.evaluate((b) => { delete b.dataset.checked; });
    await setCodeAndRun(page, right);
    await page.waitForFunction((x) => document.querySelector(`[data-exercise="${x}"]`).dataset.checked, id);
    assert.equal(await box.getAttribute('data-checked'), 'pass', await box.locator(tid('exercise-checks')).textContent());
    assert.equal(await box.getAttribute('data-solved'), 'true');
    assert.equal(await box.locator(`${tid('exercise-checks')} li[data-ok="false"]`).count(), 0);
    // Kept across a reload.
    await page.reload();
    await waitReady(page);
    assert.equal(await page.getAttribute(`${tid('lesson-exercise')}[data-exercise="${id}"]`, 'data-solved'), 'true');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
