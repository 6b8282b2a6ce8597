// The page when runs end badly: the page's own limits, an engine that fails in
// the worker, the watchdog. Each keeps the steps recorded before it, says what
// happened in the page's words (no command-line flags), and the next Run works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, waitReady, setCodeAndRun, tid, shots, buildWeb } from './harness.mjs';

const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
const needWasm = { skip: !haveWasm && 'no wasm engine built' };
let server;
let browser;

before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(query = '', hash = '#code=') {
  const p = await newPage(browser, { origin: server.url.slice(0, -1) });
  await p.page.goto(server.url + query + hash);
  await waitReady(p.page);
  return p;
}
const status = (page) => page.locator(tid('status')).textContent();
const summary = (page) => page.evaluate(() => window.stridelab.summary);

async function nextRunWorks(page) {
  await setCodeAndRun(page, 'import torch\nx = torch.arange(4)\nprint(x.sum())\n');
  const s = await summary(page);
  assert.equal(s.error, null);
  assert.ok(s.steps >= 3);
  await page.click(tid('step-last'));
  await page.waitForFunction((n) => document.body.dataset.step === String(n - 1), s.steps);
  assert.match(await page.locator(tid('console-stdout')).textContent(), /tensor\(6\)/);
}

test('the step limit keeps the steps recorded, in the page\'s words, and leaves the status done', needWasm, async () => {
  const { page, problems, context } = await open();
  await setCodeAndRun(page, 'i = 0\nwhile True:\n    i += 1\n');
  const s = await summary(page);
  assert.equal(s.steps, 100000);
  assert.equal(s.error.kind, 'limit');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
  const text = await status(page);
  assert.match(text, /stopped at the step limit · 100,000 steps kept/);
  await page.click(tid('step-last'));
  await page.waitForFunction(() => document.body.dataset.step === '99999');
  const tb = await page.locator(tid('console-traceback')).textContent();
  assert.match(tb, /The page stops a run after 100,000 lines/);
  assert.doesNotMatch(tb + text, /--max|raise it with/);
  await page.click(tid('step-back'));
  await page.waitForFunction(() => document.body.dataset.step === '99998');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an engine that fails part way keeps its steps, says so, and the next Run works (test hook)', needWasm, async () => {
  const { page, problems, context } = await open();
  await page.evaluate(() => { window.stridelab.engine.failNextRunForTest = 'Maximum call stack size exceeded'; });
  await setCodeAndRun(page, 'import torch\na = torch.ones(3)\nb = a * 2\nc = b + 1\n');
  const s = await summary(page);
  assert.equal(s.error.kind, 'engine');
  assert.ok(s.steps >= 4, `steps kept: ${s.steps}`);
  assert.match(await status(page), /the engine failed · \d+ steps kept/);
  await page.click(tid('step-last'));
  await page.waitForFunction((n) => document.body.dataset.step === String(n - 1), s.steps);
  assert.ok(await page.locator(tid('memory-storage')).count() >= 1);
  assert.match(await page.locator(tid('console-traceback')).textContent(), /ran out of stack/);
  await nextRunWorks(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a program that recurses without end: RecursionError, and the next run works', needWasm, async () => {
  const { page, problems, context } = await open();
  await setCodeAndRun(page, 'def g(n):\n    return g(n + 1)\ng(0)\n');
  const s = await summary(page);
  assert.ok(s.error, 'the run ends with an error');
  // The engine's native recursion guard turns it into Python's RecursionError, never a JS stack
  // overflow (tests/web/engine_recursion.test.mjs); an engine failure would be recovered from too.
  assert.ok(['program', 'limit', 'engine'].includes(s.error.kind), s.error.kind);
  if (s.error.kind === 'program') assert.match(s.error.original, /maximum recursion depth exceeded/);
  assert.ok(s.steps > 10, `steps kept: ${s.steps}`);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
  assert.doesNotMatch(await status(page), /running/);
  await nextRunWorks(page);
  // Twice: a fresh engine each time.
  await setCodeAndRun(page, 'def g(n):\n    return g(n + 1)\ng(0)\n');
  await nextRunWorks(page);
  assert.deepEqual(problems, []);
  await context.close();
});

// f(900) is legal Python (the recursion limit is 1000). Chromium's worker stack holds only about
// 570 such calls, so the worker runs the program on stacks of its own (NOTE [Fresh stacks] in
// src/python/recursion.h; tests/web/engine_recursion.test.mjs has the figures).
test('f(900): a legal recursion runs to the end in the page', needWasm, async () => {
  const { page, problems, context } = await open();
  await setCodeAndRun(page, 'def f(n): return 0 if n == 0 else 1 + f(n-1)\nprint(f(900))\n');
  const s = await summary(page);
  assert.equal(s.error, null, `the run failed: ${s.error && s.error.original}`);
  await page.click(tid('step-last'));
  await page.waitForFunction((n) => document.body.dataset.step === String(n - 1), s.steps);
  assert.match(await page.locator(tid('console-stdout')).textContent(), /900/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('after a while True run, recursion still works', needWasm, async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, 'i = 0\nwhile True:\n    i += 1\n');
  await setCodeAndRun(page, 'def f(n): return 0 if n == 0 else 1 + f(n-1)\nprint(f(200))\n');
  const s = await summary(page);
  assert.equal(s.error, null, s.error && s.error.original);
  await context.close();
});

test('the watchdog keeps every step recorded before it stopped the worker, and the status is right', needWasm, async () => {
  const { page, problems, context } = await open();
  await page.evaluate(() => { window.stridelab.watchdogMs = 2500; });
  // The progress the worker posts while the run goes on (the last one before the watchdog).
  await page.evaluate(() => {
    window.progressSeen = [];
    const engine = window.stridelab.engine;
    const shown = engine.onProgress;
    engine.onProgress = (p) => { window.progressSeen.push(p); shown(p); };
  });
  // Each line is slow but the engine's 10 s time limit is far: only the watchdog stops it.
  const code = 'import torch\nx = torch.rand(160, 160)\nwhile True:\n    y = x @ x\n';
  await page.evaluate((c) => { window.stridelab.channel.emit('editor:set-code', { code: c }); window.stridelab.channel.emit('run:request', { code: c }); }, code);
  await page.waitForFunction(() => /running on the wasm engine… [\d,]+ steps/.test(document.querySelector('[data-testid="status"]').textContent), null, { timeout: 10000 });
  await page.waitForFunction(() => /recording its [\d,]+ steps again/.test(document.querySelector('[data-testid="status"]').textContent), null, { timeout: 10000 });
  await page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 30000 });
  const s = await summary(page);
  const seen = await page.evaluate(() => window.progressSeen);
  const last = seen[seen.length - 1];
  assert.ok(seen.length >= 2, `progress posted: ${JSON.stringify(seen)}`);
  assert.equal(s.error.kind, 'limit');
  // The same steps as the stopped run had recorded when it last said so (the run is deterministic).
  assert.equal(s.steps, last.steps, `steps ${s.steps}, progress ${JSON.stringify(last)}`);
  assert.ok(s.steps > 100, `more than the old first 100 lines: ${s.steps}`);
  assert.match(await status(page), new RegExp(`stopped after 3 s · ${s.steps.toLocaleString('en-US')} steps kept`));
  assert.match(s.error.message, /took longer than 3 s without reaching one of the page's limits, so the page stopped it, and ran it again as far as it had got/);
  assert.doesNotMatch(JSON.stringify(s.error), /--max/);
  // Every recorded step can be stepped through: the last and the first. (The page may show the
  // last step already, and then its button is disabled.)
  if (await page.isEnabled(tid('step-last'))) await page.click(tid('step-last'));
  await page.waitForFunction((n) => document.body.dataset.step === String(n - 1), s.steps);
  assert.match(await page.textContent(tid('step-label')), new RegExp(`step ${s.steps} / ${s.steps}`));
  await page.click(tid('step-first'));
  await page.waitForFunction(() => document.body.dataset.step === '0');
  await nextRunWorks(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the engine\'s own time limit stops a long matmul loop before the watchdog, and keeps its steps', needWasm, async () => {
  const { page, problems, context } = await open();
  const code = 'import torch\na = torch.rand(512, 512)\nb = torch.rand(512, 512)\nfor i in range(10**6):\n    c = a @ b\n';
  const t0 = Date.now();
  await setCodeAndRun(page, code);
  const ms = Date.now() - t0;
  const s = await summary(page);
  assert.equal(s.error.kind, 'limit');
  assert.match(s.error.original, /time limit exceeded/);
  assert.match(await status(page), /stopped at the time limit · [\d,]+ steps kept/);
  assert.ok(ms < 25000, `stopped by the engine's 10 s limit, well before the 30 s watchdog: ${ms} ms`);
  assert.ok(s.steps > 3);
  await page.click(tid('step-last'));
  await page.waitForFunction((n) => document.body.dataset.step === String(n - 1), s.steps);
  await nextRunWorks(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a name stridelab lacks is labelled as such, not only as the learner\'s error', needWasm, async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, 'import torch\nx = torch.ones(4)\ny = torch.fft.fft(x)\n');
  const s = await summary(page);
  assert.equal(s.error.kind, 'unsupported');
  assert.match(await status(page), /torch\.fft: not in stridelab yet/);
  await page.click(tid('step-last'));
  await page.waitForFunction((n) => document.body.dataset.step === String(n - 1), s.steps);
  assert.match(await page.locator(tid('console-traceback')).textContent(), /NotImplementedError: stridelab does not support torch\.fft yet/);
  await context.close();
});

test('the memory limit is told in the page\'s words', needWasm, async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, 'import torch\nx = torch.zeros(100000000)\n');
  const s = await summary(page);
  assert.match(s.error.message, /at most 256 MiB \(its memory limit\)/);
  assert.doesNotMatch(JSON.stringify(s.error.traceback), /--max/);
  await context.close();
});

test('traceback frames of torch\'s own files are text, the program\'s lines are links', async () => {
  const { page, context } = await open('?engine=fixture');
  await page.evaluate(() => window.stridelab.channel.emit('run:done', { summary: { steps: 0, stdout: '', error: { type: 'RuntimeError', message: 'x', line: 3,
    traceback: 'Traceback (most recent call last):\n  File "<main>", line 3, in <module>\n  File "torch/nn/modules/module.py", line 1130, in _call_impl\nRuntimeError: x\n' } } }));
  const links = await page.locator(tid('traceback-line')).evaluateAll((as) => as.map((a) => a.dataset.line));
  assert.deepEqual(links, ['3']);
  assert.match(await page.locator(tid('console-traceback')).textContent(), /module\.py", line 1130/);
  await context.close();
});

test('the time limit keeps the steps recorded, in the page\'s words', needWasm, async () => {
  const { page, problems, context } = await open();
  await setCodeAndRun(page, 'import time\nx = 1\ntime.sleep(30)\nprint(x)\n');
  const s = await summary(page);
  assert.equal(s.error.kind, 'limit');
  assert.ok(s.steps >= 2, `steps kept: ${s.steps}`);
  assert.match(await status(page), /stopped at the time limit · \d+ steps kept/);
  assert.match(s.error.message, /The page stops a run after 10 seconds \(its time limit\)/);
  assert.doesNotMatch(JSON.stringify(s.error.traceback), /--max/);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
  assert.deepEqual(problems, []);
  await context.close();
});
