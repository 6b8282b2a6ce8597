// The teaching features: the step narration, the memory timeline, the embed
// protocol (with the example host page under web/examples/, same origin and
// another one), lessons as CommonMark (tables, links, raw HTML never
// rendered, `:::` boxes), a teacher's own lesson (dropped, or #lesson-url=),
// and screenshots at 1280x720 and 375x812 with the new parts in view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import { startServer, launch, newPage, waitReady, setCodeAndRun, tid, shots, buildWeb, repo } from './harness.mjs';

const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
const needWasm = { skip: !haveWasm && 'no wasm engine built' };
let server;
let browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(hash, viewport = {}, query = '') {
  const p = await newPage(browser, { origin: server.url.slice(0, -1), ...viewport });
  await p.page.goto(server.url + query + hash);
  await waitReady(p.page);
  await p.page.waitForFunction(() => window.stridelab.runsDone >= 1, null, { timeout: 30000 });
  return p;
}
async function goTo(page, n) {
  await page.evaluate((k) => window.stridelab.channel.emit('step:request', { n: k }), n);
  await page.waitForFunction((k) => document.body.dataset.step === String(k), n);
}
const narration = (page) => page.textContent(tid('step-narration'));

test('the narration says what each step did, from the trace, above the memory view', needWasm, async () => {
  const { page, context, problems } = await open('#lesson=002-same-id&example=2');
  const n = page.locator(tid('step-narration'));
  // One announcement per step: the narration is spoken by the stepper's live region, and is
  // not a live region itself.
  assert.equal(await n.getAttribute('aria-live'), null);
  assert.equal(await page.locator('[aria-live]').count(), await page.locator('[aria-live]:not([data-testid="step-narration"])').count());
  // Above the memory view.
  const nb = await n.boundingBox();
  const mb = await page.locator(tid('memory-panel')).boundingBox();
  assert.ok(nb.y + nb.height <= mb.y + 1, `narration ${JSON.stringify(nb)} above memory ${JSON.stringify(mb)}`);
  await page.evaluate(() => window.stridelab.channel.emit('step:find-line', { line: 7, after: -1 }));
  await page.waitForFunction(() => /tensor_b = tensor_a.transpose/.test(document.querySelector('[data-testid="step-narration"]').textContent));
  assert.match(await narration(page), /made tensor_b a view of tensor_a's storage s1 \(transpose\): the same 6 cells, strides \(3, 1\) → \(1, 3\)/);
  await page.evaluate(() => window.stridelab.channel.emit('step:find-line', { line: 13, after: -1 }));
  await page.waitForFunction(() => /tensor_b\[0,0\] = 100/.test(document.querySelector('[data-testid="step-narration"]').textContent));
  assert.match(await narration(page), /wrote 1 cell of s1 in place: version 0 → 1, seen by tensor_a and tensor_b/);
  // The announcer says it with the step, once: no other live region repeats it.
  await page.waitForFunction(() => /wrote 1 cell of s1 in place/.test(document.querySelector('[data-testid="step-announcer"]').textContent));
  const speaking = await page.evaluate(() => [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')]
    .filter((e) => /wrote 1 cell of s1 in place/.test(e.textContent)).map((e) => e.dataset.testid));
  assert.deepEqual(speaking, ['step-announcer']);
  // Code in the sentence is shown as code.
  assert.ok(await n.locator('code').count() >= 2);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the narration tells allocations with bytes, frees, a reshape that copied and why, and backward', needWasm, async () => {
  const { page, context, problems } = await open('');
  await setCodeAndRun(page, 'import torch\nx = torch.arange(12).reshape(4, 3)\ny = x.t()\nr = y.reshape(12)\nr = None\nw = torch.ones(2, requires_grad=True)\nl = (w * w).sum()\nl.backward()\n');
  const total = await page.evaluate(() => window.stridelab.summary.steps);
  const texts = [];
  for (let k = 0; k < total; k++) {
    await goTo(page, k);
    texts.push(await narration(page));
  }
  const all = texts.join('\n');
  assert.match(all, /allocated s1, 96 bytes \(12 cells of torch\.int64\), and made x a view of it \(reshape\)/);
  assert.match(all, /reshape copied into a new storage s\d+ for r, 96 bytes .*: dimension 0 of y \(stride 1\) cannot be merged with dimension 1/);
  assert.match(all, /s\d+ \(it held r\) was freed: nothing refers to it any more\./);
  assert.match(all, /backward ran MulBackward0: it used w as other, saved at version 0 and w as self, saved at version 0/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the memory timeline: marks per allocation and free, a cursor, click to go, hover names storage and line', needWasm, async () => {
  const { page, context, problems } = await open('');
  await setCodeAndRun(page, 'import torch\na = torch.zeros(4)\nb = torch.ones(8)\nc = a + 1\na = None\nprint(c)\n');
  const tl = page.locator(tid('memory-timeline'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-mark"]').length >= 4);
  const marks = await page.locator(`${tid('memory-timeline')} [data-step]`).evaluateAll((ms) => ms.map((m) => [m.dataset.kind, m.dataset.storage, m.dataset.step, m.dataset.line]));
  assert.deepEqual(marks.map((m) => m.slice(0, 2)), [['alloc', 's1'], ['alloc', 's2'], ['alloc', 's3'], ['free', 's1']]);
  assert.equal(await tl.getAttribute('data-peak'), String(16 + 32 + 16));
  // Click the free mark: the page goes to that step.
  const free = page.locator(`${tid('timeline-mark')}[data-kind="free"]`);
  const step = Number(await free.getAttribute('data-step'));
  const box = await page.locator(`${tid('memory-timeline')} svg`).boundingBox();
  const total = await page.evaluate(() => window.stridelab.summary.steps);
  const x = box.x + (step / (total - 1)) * box.width * ((600 - 1) / 600) + box.width * (0.5 / 600);
  await page.mouse.move(x, box.y + box.height / 2);
  await page.waitForFunction(() => /freed s1/.test(document.querySelector('[data-testid="timeline-readout"]').textContent));
  assert.match(await page.textContent(tid('timeline-readout')), /line 5 .*freed s1 \(16 B\)/);
  await page.mouse.click(x, box.y + box.height / 2);
  await page.waitForFunction((k) => document.body.dataset.step === String(k), step);
  assert.equal(await tl.getAttribute('data-step'), String(step));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a 100k-step run: the timeline arrives bounded and stepping stays fast', needWasm, async () => {
  const { page, context, problems } = await open('');
  await setCodeAndRun(page, 'import torch\nx = torch.zeros(3)\nfor i in range(49990):\n    x = x + 1\n');
  const steps = await page.evaluate(() => window.stridelab.summary.steps);
  assert.ok(steps >= 99000, `steps ${steps}`);
  const t0 = Date.now();
  await page.waitForFunction((n) => document.querySelector('[data-testid="memory-timeline"]').dataset.steps === String(n), steps);
  const ms = Date.now() - t0;
  const count = await page.locator(tid('timeline-mark')).count();
  assert.ok(count <= 1200, `${count} marks drawn`);
  const data = await page.evaluate(() => window.stridelab.engine.timeline());
  assert.equal(data.binned, true);
  assert.ok(data.marks.length <= 4000 && data.points.length <= 4000);
  // Stepping costs what it costs without the timeline.
  const s0 = Date.now();
  for (const k of [50000, 50001, 99000]) await goTo(page, k);
  const stepMs = (Date.now() - s0) / 3;
  console.log(`# 100k steps: timeline shown ${ms} ms after the run, ${count} marks; a step ${stepMs.toFixed(0)} ms`);
  assert.ok(stepMs < 1500, `a step took ${stepMs} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});

// A host page on another origin (its own server, no CSP of its own).
function hostServer() {
  const dir = path.join(repo, 'web', 'examples');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const s = createHttpServer((req, res) => {
    const f = path.join(dir, path.basename(new URL(req.url, 'http://x').pathname));
    if (!existsSync(f)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(f)] || 'text/plain' });
    res.end(readFileSync(f));
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${s.address().port}/`, close: () => new Promise((r) => s.close(r)) })));
}

async function driveHost(page, frameUrlPart) {
  await page.waitForSelector('body[data-lab-ready="true"]', { timeout: 30000 });
  await page.waitForSelector('body[data-step="1"]');
  await page.click('#next');
  await page.waitForSelector('body[data-step="2"]');
  await page.click('#next');
  await page.waitForSelector('body[data-step="3"]');
  assert.equal(await page.textContent('#line'), '4');
  assert.match(await page.textContent('#prose'), /b = a\.t\(\) is a view/);
  const frame = page.frames().find((f) => f.url().includes(frameUrlPart));
  assert.equal(await frame.evaluate(() => document.body.dataset.step), '2');
  await page.click('#prev');
  await page.waitForSelector('body[data-step="2"]');
  // Run other code in the iframe: it posts its steps again.
  await page.click('#run-other');
  await frame.waitForFunction(() => /contiguous/.test(window.stridelab.editorCode()) && window.stridelab.runsDone >= 2);
}

test('the example host page drives an embed on the same origin: goto, run, and a step message on every change', needWasm, async () => {
  const { page, context, problems } = await newPage(browser, { origin: server.url.slice(0, -1) });
  await page.goto(server.url + 'examples/host.html');
  await driveHost(page, 'embed=1');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an embed on another origin obeys only the host its address names', needWasm, async () => {
  const host = await hostServer();
  try {
    // Named with ?host= (host.js adds it): driven.
    const { page, context } = await newPage(browser, {});
    await page.goto(`${host.url}host.html?lab=${encodeURIComponent(server.url + 'index.html')}`);
    await driveHost(page, 'embed=1');
    await context.close();
    // Not named: its messages are ignored and it posts nothing to that host.
    const p2 = await newPage(browser, {});
    await p2.page.goto(host.url + 'host.html');
    await p2.page.setContent(`<iframe id="lab" src="${server.url}?embed=1#code=${Buffer.from('x = 1\ny = 2\nz = 3\n').toString('base64url')}"></iframe>`);
    const frame = await (await p2.page.waitForSelector('#lab')).contentFrame();
    await frame.waitForFunction(() => window.stridelab && window.stridelab.runsDone >= 1);
    const got = await p2.page.evaluate(async () => {
      const seen = [];
      addEventListener('message', (e) => seen.push(e.data));
      document.getElementById('lab').contentWindow.postMessage({ type: 'stridelab:goto', step: 3 }, '*');
      await new Promise((r) => setTimeout(r, 600));
      return seen;
    });
    assert.deepEqual(got, []);
    assert.equal(await frame.evaluate(() => document.body.dataset.step), '0');
    await p2.context.close();
  } finally { await host.close(); }
});

test('lessons are CommonMark: a table, a link, a box; raw HTML is text; a lesson beside the page opens with #lesson-url', needWasm, async () => {
  const { page, context, problems } = await open('#lesson-url=examples/my-lesson.md');
  assert.equal(await page.textContent(tid('lesson-title')), 'A lesson of your own: contiguous() copies');
  await page.click('.lesson-intro summary').catch(() => {});
  const body = page.locator(tid('lesson-body'));
  assert.equal(await body.locator('table th').count(), 2);
  assert.equal(await body.locator('table td.align-center').count(), 2);
  assert.equal(await body.locator('[style]').count(), 0);
  assert.equal(await body.locator('a[href^="https://pytorch.org"][target="_blank"]').count(), 1);
  assert.equal(await body.locator('b').filter({ hasText: 'Raw HTML' }).count(), 0);
  assert.match(await body.textContent(), /<b>Raw HTML is shown as text, never rendered\.<\/b>/);
  assert.equal(await body.locator('.lesson-box-note').count(), 1);
  assert.match(await page.evaluate(() => window.stridelab.editorCode()), /c = b\.contiguous\(\)/);
  // The address keeps the lesson's URL.
  await page.waitForFunction(() => location.hash.includes('lesson-url=examples%2Fmy-lesson.md'));
  // Another origin is refused.
  const p2 = await newPage(browser, { origin: server.url.slice(0, -1) });
  await p2.page.goto(server.url + '#lesson-url=' + encodeURIComponent('https://example.invalid/x.md'));
  await waitReady(p2.page);
  assert.match(await p2.page.textContent(tid('status')), /must be on this site/);
  await p2.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a teacher drops a .md file onto the page and it opens as a lesson', needWasm, async () => {
  const { page, context, problems } = await open('');
  const text = '---\ntitle: "Dropped lesson"\n---\nSome *prose*.\n\n## One\n\n```python\nimport torch\nq = torch.ones(2)\n```\n';
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'mine.md', { type: 'text/markdown' }));
    document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-title"]')?.textContent === 'Dropped lesson');
  await page.waitForFunction(() => /q = torch.ones/.test(window.stridelab.editorCode()) && window.stridelab.runsDone >= 2);
  assert.equal(await page.inputValue(tid('lesson-picker')), 'file:mine.md');
  assert.deepEqual(problems, []);
  await context.close();
});

test('screenshots at 1280x720 and 375x812: the narration and timeline leave the memory and stride views in view, no sideways scroll', needWasm, async () => {
  for (const [w, h] of [[1280, 720], [375, 812]]) {
    const { page, context, problems } = await open('#lesson=001-mutable-tensor&example=1', { width: w, height: h });
    const total = await page.evaluate(() => window.stridelab.summary.steps);
    await goTo(page, Math.floor(total / 2));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `teach-${w}x${h}.png`), fullPage: w < 900 });
    const r = await page.evaluate(() => {
      const box = (id) => document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
      return { sideways: document.documentElement.scrollWidth - innerWidth, memory: box('memory-panel'), stride: box('stride-panel'),
        timeline: box('memory-timeline'), narration: box('step-narration'), h: innerHeight, w: innerWidth };
    });
    assert.ok(r.sideways <= 0, `${w}x${h} scrolls sideways by ${r.sideways}`);
    assert.ok(r.timeline.right <= r.w + 1 && r.narration.right <= r.w + 1);
    if (w > 900) {
      assert.ok(r.memory.bottom <= r.h + 1 && r.memory.height >= 110, `memory ${JSON.stringify(r.memory)}`);
      assert.ok(r.stride.bottom <= r.h + 1 && r.stride.height >= 250, `stride ${JSON.stringify(r.stride)}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});
