// A lesson as a learner and a teacher meet it: the question pauses the run and
// is answered where its line ran, links keep the lesson, edits are kept.
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

async function open(hash, viewport, context) {
  const p = context ? { context, page: await context.newPage(), problems: [] } : await newPage(browser, { origin: server.url.slice(0, -1), ...(viewport || {}) });
  await p.page.goto(server.url + hash);
  await waitReady(p.page);
  await p.page.waitForFunction(() => window.stridelab.runsDone >= 1 && document.body.dataset.step !== undefined, null, { timeout: 30000 });
  return p;
}
const step = (page) => page.evaluate(() => Number(document.body.dataset.step));
const hashNow = (page) => page.evaluate(() => { window.dispatchEvent(new Event('pagehide')); return location.hash; });

test('playing onto a question\'s step pauses there and brings the question into view', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=000-new-memory&example=2');
  const q = page.locator(tid('lesson-question')).first();
  // Scrolled out of view first, as a learner reading the prose would have it.
  await page.evaluate(() => { document.querySelector('[data-testid="lesson-panel"]').scrollTop = 0; });
  await page.selectOption(tid('step-speed'), { index: 0 }).catch(() => {});
  await page.click(tid('step-play'));
  await page.waitForSelector('[data-testid="lesson-question"][data-asking="true"]', { timeout: 20000 });
  await page.waitForTimeout(600);
  const at = await step(page);
  assert.equal(await page.getAttribute(tid('step-play'), 'aria-pressed'), 'false', 'play paused');
  assert.equal(await step(page), at, 'stays on the question\'s step');
  const line = await page.evaluate(async (n) => (await window.stridelab.engine.state(n + 1)).state.line, at);
  assert.equal(line, 9, 'the next step runs the question\'s line');
  const inView = await q.evaluate((box) => {
    const r = box.getBoundingClientRect();
    const panel = box.closest('[data-testid="lesson-panel"]').getBoundingClientRect();
    return r.top >= panel.top - 1 && r.top < panel.bottom && r.bottom <= innerHeight;
  });
  assert.ok(inView, 'the question is in view');
  await page.screenshot({ path: path.join(shots, 'question-asked-1280.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('answering lands on the step where the line ran and marks the choice and the right answer', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=000-new-memory&example=2');
  await page.evaluate(() => window.stridelab.channel.emit('step:request', { n: 1 }));
  await page.waitForFunction(() => document.body.dataset.step === '1');
  const q = page.locator(tid('lesson-question')).first();
  const options = q.locator(tid('question-option'));
  await options.nth(0).click(); // the wrong one
  await page.waitForFunction(() => /line 9/.test(document.querySelector('[data-testid="step-label"]').textContent));
  const state = await page.evaluate(async () => (await window.stridelab.engine.state(window.stridelab.step)).state);
  assert.equal(state.line, 9);
  const first9 = await page.evaluate(() => window.stridelab.engine.findLine(9, 0));
  assert.equal(await step(page), first9, 'the first step where line 9 ran');
  const chosen = options.nth(0);
  const right = options.nth(1);
  assert.equal(await chosen.getAttribute('data-chosen'), 'true');
  assert.equal(await chosen.getAttribute('data-correct'), null);
  assert.equal(await right.getAttribute('data-correct'), 'true');
  assert.match(await chosen.textContent(), /✗.*\(your answer\)/);
  assert.match(await right.textContent(), /✓.*\(right answer\)/);
  // Shape, not only colour: the choice has a heavier, dashed outline.
  const look = (loc) => loc.evaluate((b) => { const c = getComputedStyle(b); return [c.borderTopWidth, c.borderTopStyle, c.opacity]; });
  assert.deepEqual((await look(chosen)).slice(0, 2), ['3px', 'dashed']);
  assert.equal((await look(right))[2], '1');
  assert.match(await q.textContent(), /Not quite\./);
  await q.screenshot({ path: path.join(shots, 'question-answered.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a lesson link keeps its lesson, example and step; the Link button gives one', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=002-same-id&example=1&step=9');
  assert.equal(await step(page), 8);
  assert.equal(await page.locator(tid('lesson-title')).count(), 1);
  await page.waitForTimeout(300);
  const h = await hashNow(page);
  assert.match(h, /^#lesson=002-same-id&example=1&step=9$/);
  await page.click(tid('permalink-button'));
  const link = await page.inputValue(tid('share-text'));
  assert.match(link, /#lesson=002-same-id&example=1&step=9$/);
  assert.doesNotMatch(link, /code=/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an edited lesson\'s link keeps the lesson and adds the code; opening it shows both', needWasm, async () => {
  const { page, context } = await open('#lesson=000-new-memory&example=1');
  const edited = (await page.evaluate(() => window.stridelab.editorCode())).replace('torch.tensor([1, 2, 3])', 'torch.tensor([7, 8, 9])');
  await page.evaluate((c) => { window.stridelab.channel.emit('editor:set-code', { code: c }); window.stridelab.channel.emit('editor:changed', { code: c }); window.stridelab.channel.emit('run:request', { code: c, step: 2 }); }, edited);
  await page.waitForFunction(() => window.stridelab.runsDone >= 2 && document.body.dataset.step === '2');
  await page.waitForTimeout(300);
  const h = await hashNow(page);
  assert.match(h, /^#lesson=000-new-memory&example=1&code=[\w-]+&step=3$/);
  const other = await open(h);
  assert.equal(await other.page.locator(tid('lesson-title')).count(), 1);
  assert.equal(await other.page.evaluate(() => window.stridelab.editorCode()), edited);
  assert.equal(await step(other.page), 2);
  assert.equal(await other.page.getAttribute(tid('lesson-claim'), 'data-about-original'), 'true');
  await other.context.close();
  await context.close();
});

test('edits are kept per example across switching and reloads, and the lesson\'s code can be restored', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=000-new-memory&example=1');
  const original = await page.evaluate(() => window.stridelab.editorCode());
  // Edit in the real editor: select two lines and type over them.
  await page.click(tid('editor'));
  await page.waitForSelector('[data-testid="editor"][data-editor="codemirror"]');
  const input = page.locator(tid('editor')).locator('.cm-content');
  await input.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.type('import torch\n# my edit\n');
  const edited = await page.evaluate(() => window.stridelab.editorCode());
  assert.notEqual(edited, original);
  assert.match(edited, /# my edit/);
  assert.equal(await page.isVisible(tid('lesson-edited')), true);
  assert.equal(await page.getAttribute(tid('lesson-claim'), 'data-about-original'), 'true');
  await page.screenshot({ path: path.join(shots, 'lesson-edited-1280.png') });
  // Another example, then back: the edit is there.
  let runs = await page.evaluate(() => window.stridelab.runsDone);
  await page.click(`${tid('lesson-example-tab')}[data-example="1"]`);
  await page.waitForFunction((n) => window.stridelab.runsDone > n, runs);
  assert.equal(await page.evaluate(() => window.stridelab.editorCode()).then((c) => c.includes('# my edit')), false);
  runs = await page.evaluate(() => window.stridelab.runsDone);
  await page.click(`${tid('lesson-example-tab')}[data-example="0"]`);
  await page.waitForFunction((n) => window.stridelab.runsDone > n, runs);
  // A run of the example left may still be finishing on a busy machine: wait for the edit to show.
  await page.waitForFunction((code) => window.stridelab.editorCode() === code, edited, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.stridelab.editorCode()), edited);
  // A reload keeps it too (once the address names the example again: it is updated shortly
  // after a step is shown).
  await page.waitForFunction(() => /[#&]example=1(&|$)/.test(location.hash));
  await page.reload();
  await waitReady(page);
  await page.waitForFunction(() => window.stridelab.runsDone >= 1);
  assert.equal(await page.evaluate(() => window.stridelab.editorCode()), edited);
  assert.equal(await page.isVisible(tid('lesson-edited')), true);
  // Restore.
  runs = await page.evaluate(() => window.stridelab.runsDone);
  await page.click(tid('lesson-restore'));
  await page.waitForFunction((n) => window.stridelab.runsDone > n, runs);
  assert.equal(await page.evaluate(() => window.stridelab.editorCode()), original);
  assert.equal(await page.isVisible(tid('lesson-edited')), false);
  assert.equal(await page.getAttribute(tid('lesson-claim'), 'data-about-original'), null);
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('stridelab:edit:')).length), 0);
  assert.deepEqual(problems.filter((p) => /CSP/.test(p)), [], 'typing over a multi-line selection logs no CSP error');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a claim\'s "show line N" steps to where the line first ran (found in the worker)', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=000-new-memory&example=1');
  await page.locator(tid('claim-show')).last().click();
  await page.waitForFunction(() => /line 9/.test(document.querySelector('[data-testid="step-label"]').textContent));
  assert.equal(await step(page), await page.evaluate(() => window.stridelab.engine.findLine(9, 0)));
  assert.deepEqual(problems, []);
  await context.close();
});
