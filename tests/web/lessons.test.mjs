// Every lesson runs on the default engine, and a screenshot of each is saved
// under build/web-screenshots/ (look at them). Skipped without the wasm engine:
// the fixture engine only knows its own hand-written programs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, waitReady, tid, shots, buildWeb } from './harness.mjs';

const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
const index = JSON.parse(readFileSync(path.join(buildWeb, 'lessons', 'index.json'), 'utf8'));
let server;
let browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

for (const lesson of index) {
  test(`lesson ${lesson.id} runs every example`, { skip: !haveWasm && 'no wasm engine built' }, async () => {
    const { page, context, problems } = await newPage(browser, { origin: server.url.slice(0, -1) });
    await page.goto(`${server.url}#lesson=${lesson.id}`);
    await waitReady(page);
    const tabs = Math.max(1, await page.locator(tid('lesson-example-tab')).count());
    const results = [];
    for (let k = 0; k < tabs; k++) {
      const done = await page.evaluate(() => window.stridelab.runsDone);
      if (k > 0) await page.click(`${tid('lesson-example-tab')}[data-example="${k}"]`);
      const target = k === 0 ? 1 : done + 1;
      await page.waitForFunction((n) => window.stridelab.runsDone >= n && window.stridelab.summary, target, { timeout: 30000 });
      const summary = await page.evaluate(() => window.stridelab.summary);
      results.push({ example: k + 1, steps: summary.steps, error: summary.error && `${summary.error.type}: ${summary.error.message}`.slice(0, 160) });
      assert.ok(summary.steps > 0, `example ${k + 1} made no steps: ${JSON.stringify(summary.error)}`);
      if (k === 0) {
        // A step in the middle, where the lesson has something to show.
        await page.evaluate((n) => window.stridelab.channel.emit('step:request', { n }), Math.floor(summary.steps * 0.6));
        await page.waitForTimeout(250);
        await page.screenshot({ path: path.join(shots, `lesson-${lesson.id}.png`) });
      }
    }
    console.log(`# ${lesson.id}: ${JSON.stringify(results)}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a predict-then-reveal question is answered by stepping the run', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const { page, context, problems } = await newPage(browser, { origin: server.url.slice(0, -1) });
  await page.goto(`${server.url}#lesson=000-new-memory&example=2`);
  await waitReady(page);
  await page.waitForFunction(() => window.stridelab.runsDone >= 1 && document.body.dataset.step === '0');
  const q = page.locator(tid('lesson-question')).first();
  await q.locator(tid('question-goto')).click();
  await page.waitForFunction(() => document.body.dataset.step !== '0');
  const asked = Number(await page.evaluate(() => document.body.dataset.step));
  await q.locator(tid('question-option')).nth(1).click();
  await page.waitForFunction((k) => Number(document.body.dataset.step) === k + 1, asked);
  assert.match(await q.textContent(), /Right\./);
  assert.match(await page.textContent(tid('step-label')), /line 9/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('lesson 004 runs every row of the table, and the stale saved tensor quotes the error backward raises', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const { page, context, problems } = await newPage(browser, { origin: server.url.slice(0, -1) });
  await page.goto(`${server.url}#lesson=004-inplace-autograd&example=4`);
  await waitReady(page);
  await page.waitForFunction(() => window.stridelab.runsDone >= 1 && document.body.dataset.step === '0');
  const tabs = await page.locator(tid('lesson-example-tab')).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  for (let r = 1; r <= 13; r++) assert.ok(tabs.some((t) => t.includes(`Row ${r}:`)), `a tab for row ${r}: ${tabs.join(' | ')}`);
  const summary = await page.evaluate(() => window.stridelab.summary);
  assert.match(summary.error.message, /^one of the variables needed for gradient computation has been modified by an inplace operation: /);
  // The step where line 5 (middle.multiply_(3)) ran: PowBackward0's saved middle is stale.
  await page.evaluate(() => window.stridelab.channel.emit('step:find-line', { line: 5, after: -1 }));
  await page.waitForFunction(() => document.querySelector('[data-testid="graph-saved-stale"]'));
  const mark = await page.textContent(tid('graph-stale-error'));
  assert.ok(mark.includes(summary.error.message), `the mark quotes the run's error: ${mark}`);
  assert.equal(await page.getAttribute(`${tid('graph-node')}[data-stale="true"]`, 'data-name'), 'PowBackward0');
  assert.deepEqual(problems, []);
  await context.close();
});
