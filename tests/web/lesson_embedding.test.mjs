// Lesson 010 (nn.Embedding): the lookup allocates a gathered copy of the weight's rows, the
// gradient of the weight adds both lookups of row 1, and its questions are answered in the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, waitReady, tid, shots, buildWeb } from './harness.mjs';

const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
const needWasm = { skip: !haveWasm && 'no wasm engine built' };
let server;
let browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(hash) {
  const p = await newPage(browser, { origin: server.url.slice(0, -1) });
  await p.page.goto(server.url + hash);
  await waitReady(p.page);
  await p.page.waitForFunction(() => window.stridelab.runsDone >= 1 && window.stridelab.summary);
  return p;
}
const stepAtLine = async (page, line) => {
  await page.evaluate((l) => window.stridelab.channel.emit('step:find-line', { line: l, after: -1 }), line);
  await page.waitForFunction((l) => new RegExp(`line ${l}\\b`).test(document.querySelector('[data-testid="step-label"]').textContent), line);
};

test('lesson 010: the lookup is a gather into a new storage; a row is a view', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=010-embedding&example=1');
  assert.match(await page.textContent(tid('lesson-title')), /nn\.Embedding/);
  const summary = await page.evaluate(() => window.stridelab.summary);
  assert.equal(summary.error, null);
  assert.match(summary.stdout, /^False torch\.Size\(\[3, 3\]\) True$/m);
  // Line 6, out = emb(ids): a new storage, the weight's read.
  await stepAtLine(page, 6);
  assert.match(await page.textContent(tid('step-narration')), /allocated s\d+/);
  assert.ok(await page.locator(`${tid('memory-cell')} rect[data-read="true"]`).count() > 0, 'the weight\'s cells are read');
  // Line 9, row1 = emb.weight[1]: a view, nothing allocated.
  await stepAtLine(page, 9);
  assert.match(await page.textContent(tid('step-narration')), /view of/);
  await page.screenshot({ path: path.join(shots, 'lesson-010-lookup.png') });
  // The question: a new storage, not a view.
  await page.evaluate(() => window.stridelab.channel.emit('step:request', { n: 0 }));
  const q = page.locator(tid('lesson-question')).first();
  await q.locator(tid('question-option')).nth(1).click();
  await page.waitForFunction(() => /line 6\b/.test(document.querySelector('[data-testid="step-label"]').textContent));
  assert.equal(await q.locator(tid('question-option')).nth(1).getAttribute('data-correct'), 'true');
  assert.match(await q.textContent(), /Right\./);
  assert.deepEqual(problems, []);
  await context.close();
});

test('lesson 010: the weight\'s gradient adds both lookups of row 1 (a scatter-add)', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=010-embedding&example=2');
  const summary = await page.evaluate(() => window.stridelab.summary);
  assert.equal(summary.error, null);
  assert.match(summary.stdout, /EmbeddingBackward0/);
  assert.match(summary.stdout, /\[4\., 4\., 4\.\]/);
  // Backward runs EmbeddingBackward0 as a step of its own.
  const steps = await page.evaluate(async () => {
    const out = [];
    for (let k = 0; k < window.stridelab.summary.steps; k++) out.push((await window.stridelab.engine.state(k)).state.narration || '');
    return out;
  });
  assert.ok(steps.some((s) => /EmbeddingBackward0/.test(s)), steps.join('\n'));
  const q = page.locator(tid('lesson-question')).first();
  const before = await page.evaluate(() => document.body.dataset.step);
  await q.locator(tid('question-option')).nth(2).click();
  await page.waitForFunction((b) => document.body.dataset.step !== b, before);
  const shown = await page.evaluate(async () => (await window.stridelab.engine.state(window.stridelab.step)).state);
  assert.equal(shown.line, 8);
  assert.match(await q.textContent(), /Right\./);
  await page.screenshot({ path: path.join(shots, 'lesson-010-grad.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
