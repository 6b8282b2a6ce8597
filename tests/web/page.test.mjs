// End-to-end tests of the page in Debian's Chromium (playwright-core).
// Run: node web/build.mjs && node --test tests/web/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, launch, newPage, waitReady, waitStep, setCodeAndRun, tid, shots, buildWeb, repo } from './harness.mjs';
import { FIXTURES } from './fixtures/fixture_traces.mjs';

const [SLICE, STALE, SYNTAX] = FIXTURES;
const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
let server;
let browser;

before(async () => {
  assert.ok(existsSync(path.join(buildWeb, 'index.html')), 'build first: node web/build.mjs');
  server = await startServer();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

async function open(query = '?engine=fixture', hash = '', viewport) {
  const origin = server.url.slice(0, -1);
  const p = await newPage(browser, { origin, ...(viewport || {}) });
  await p.page.goto(server.url + query + hash);
  await waitReady(p.page);
  return p;
}

test('the page loads, runs the first lesson and logs no console errors', async () => {
  const { page, problems, context } = await open('');
  await page.waitForFunction(() => document.body.dataset.step !== undefined, null, { timeout: 20000 });
  assert.equal(await page.locator(tid('lesson-title')).count(), 1);
  assert.ok(await page.locator(tid('lesson-picker') + ' option').count() >= 10);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the server sends a strict Content-Security-Policy and wasm as application/wasm', async () => {
  const r = await fetch(server.url);
  const csp = r.headers.get('content-security-policy');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /'unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  if (haveWasm) assert.equal((await fetch(server.url + 'stridelab.wasm')).headers.get('content-type'), 'application/wasm');
});

test('the server sends the precompressed .gz the build wrote, as it is', async () => {
  for (const f of ['app.js', ...(haveWasm ? ['stridelab.wasm'] : [])]) {
    const res = await new Promise((resolve, reject) => http.get(server.url + f, { headers: { 'Accept-Encoding': 'gzip' } }, resolve).on('error', reject));
    const parts = [];
    for await (const c of res) parts.push(c);
    const body = Buffer.concat(parts);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.ok(body.equals(readFileSync(path.join(buildWeb, f + '.gz'))), f);
    assert.ok(gunzipSync(body).equals(readFileSync(path.join(buildWeb, f))), f);
  }
});

test('stepping forward and back changes the memory view as the trace says', async () => {
  const { page, problems, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  await waitStep(page, 0);
  assert.equal(await page.locator(tid('memory-storage')).count(), 0);
  await page.click(tid('step-forward'));
  await page.click(tid('step-forward'));
  await waitStep(page, 2);
  assert.equal(await page.locator(tid('memory-storage')).count(), 1);
  assert.equal(await page.locator(tid('memory-cell')).count(), 12);
  await page.click(tid('step-last'));
  await page.click(tid('step-back'));
  await waitStep(page, 5);
  const cell5 = page.locator(`${tid('memory-cell')}[data-cell="5"]`);
  assert.equal(await cell5.getAttribute('data-value'), '99');
  assert.equal(await cell5.locator('rect').getAttribute('data-written'), 'true');
  await page.click(tid('step-back'));
  await waitStep(page, 4);
  assert.equal(await cell5.getAttribute('data-value'), '5');
  // Going back marks the cell that differs from the step shown before.
  assert.equal(await cell5.locator('rect').getAttribute('data-changed'), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('picking an element shows the formula and lights its cell; picking a cell lists its readers', async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  await page.click(tid('step-last'));
  await waitStep(page, 6);
  await page.selectOption(tid('stride-tensor-picker'), 't2');
  await page.click(`${tid('stride-element')}[data-index="1,1"]`);
  assert.equal(await page.textContent(tid('stride-formula-numbers')), '5 + 1·4 + 1·1 = 10');
  assert.equal(await page.locator(`${tid('memory-cell')}[data-cell="10"] rect`).getAttribute('stroke-width'), '3');
  // Keyboard: left arrow moves to [1, 0].
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent(tid('stride-formula-numbers')), '5 + 1·4 + 0·1 = 9');
  await page.click(`${tid('memory-cell')}[data-cell="6"]`);
  const readers = await page.locator(tid('cell-reader')).allTextContents();
  assert.deepEqual(readers.sort(), ['original_tensor[1, 2]', 't0[6]', 'view_tensor[0, 1]'].sort());
  await context.close();
});

test('keyboard stepping: arrows, Home and End', async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  await waitStep(page, 0);
  await page.locator(tid('memory-panel')).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 1);
  await page.keyboard.press('End');
  await waitStep(page, 6);
  await page.keyboard.press('ArrowLeft');
  await waitStep(page, 5);
  await page.keyboard.press('Home');
  await waitStep(page, 0);
  await context.close();
});

test('permalink round trip restores the code and the step', async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  await page.click(tid('step-forward'));
  await page.click(tid('step-forward'));
  await page.click(tid('step-forward'));
  await waitStep(page, 3);
  await page.click(tid('permalink-button'));
  const link = await page.inputValue(tid('share-text'));
  // The page opened on lesson 000, so the link keeps it and carries the code that replaced its own.
  assert.match(link, /#(lesson=000-new-memory&example=1&)?code=.*&step=4$/);
  const second = await newPage(browser, { origin: server.url.slice(0, -1) });
  await second.page.goto(link.replace(/\?/, '?engine=fixture&').replace('/#', '/?engine=fixture#'));
  await waitReady(second.page);
  await waitStep(second.page, 3);
  const code = await second.page.evaluate(() => [...document.querySelector('[data-testid="editor"]').shadowRoot.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n'));
  assert.ok(code.includes('view_tensor = original_tensor[1:3, 1:3]'));
  await second.context.close();
  await context.close();
});

test('embed mode hides the chrome and the embed button gives an iframe', async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  await page.click(tid('embed-button'));
  const snippet = await page.inputValue(tid('share-text'));
  assert.match(snippet, /^<iframe src="[^"]*\?embed=1#(lesson=[\w-]+&example=1&)?code=/);
  const src = snippet.match(/src="([^"]*)"/)[1].replace('?embed=1', '?embed=1&engine=fixture');
  const e = await newPage(browser, { width: 900, height: 520 });
  await e.page.goto(src);
  await waitReady(e.page);
  await waitStep(e.page, 0);
  assert.equal(await e.page.isVisible(tid('lesson-panel')), false);
  assert.equal(await e.page.isVisible(tid('memory-panel')), true);
  await e.page.screenshot({ path: path.join(shots, 'embed.png') });
  assert.deepEqual(e.problems, []);
  await e.context.close();
  await context.close();
});

test('a syntax error and a runtime error are shown at their lines', async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, SYNTAX.code);
  await page.waitForSelector(tid('editor-error-line'));
  assert.equal(await page.locator(tid('editor-error-line')).count(), 1);
  const errLine = await page.evaluate(() => [...document.querySelector('[data-testid="editor"]').shadowRoot.querySelectorAll('.cm-line')].findIndex((l) => l.classList.contains('cm-error-line')) + 1);
  assert.equal(errLine, 2);
  await setCodeAndRun(page, STALE.code);
  await page.click(tid('step-last'));
  await waitStep(page, 6);
  assert.equal(await page.getAttribute(tid('traceback-line'), 'data-line'), '6');
  assert.ok((await page.textContent(tid('console-traceback'))).includes('modified by an inplace operation'));
  assert.equal(await page.locator(tid('graph-saved-stale')).count(), 1);
  await context.close();
});

test('while True is stopped and the page stays responsive', async () => {
  const { page, context } = await open();
  await page.evaluate(() => { const c = 'while True:\n    pass\n'; window.stridelab.channel.emit('editor:set-code', { code: c }); window.stridelab.channel.emit('run:request', { code: c }); });
  await page.waitForFunction(() => document.body.dataset.state === 'running');
  const t0 = Date.now();
  assert.equal(await page.evaluate(() => 1 + 1), 2);
  assert.ok(Date.now() - t0 < 1000, 'main thread answered while the worker spins');
  await page.click(tid('stop-button'));
  await page.waitForFunction(() => document.body.dataset.state !== 'running');
  await setCodeAndRun(page, SLICE.code);
  await waitStep(page, 0);
  await context.close();
});

test('export of the memory view as SVG and PNG', async () => {
  const { page, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  await page.click(tid('step-last'));
  await waitStep(page, 6);
  for (const f of ['svg', 'png']) {
    await page.click(tid('export-button'));
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(tid(`export-memory-${f}`))]);
    assert.match(dl.suggestedFilename(), new RegExp(`stridelab-memory-step7\\.${f}$`));
  }
  await context.close();
});

test('the standalone file works from file://', async () => {
  const file = path.join(buildWeb, 'stridelab-standalone.html');
  assert.ok(existsSync(file));
  const p = await newPage(browser);
  await p.page.goto(pathToFileURL(file).href + '?engine=fixture');
  await waitReady(p.page);
  await setCodeAndRun(p.page, SLICE.code);
  await p.page.click(tid('step-last'));
  await waitStep(p.page, 6);
  assert.equal(await p.page.locator(tid('memory-cell')).count(), 12);
  if (haveWasm) {
    await p.page.goto(pathToFileURL(file).href);
    await waitReady(p.page);
    await setCodeAndRun(p.page, SLICE.code);
    assert.equal(await p.page.evaluate(() => window.stridelab.engine.engineName), 'wasm');
    assert.ok(await p.page.evaluate(() => window.stridelab.summary.steps) > 0);
  }
  assert.deepEqual(p.problems, []);
  await p.context.close();
});

test('layout at 375 px wide', async () => {
  const { page, context, problems } = await open('?engine=fixture', '', { width: 375, height: 800 });
  await setCodeAndRun(page, SLICE.code);
  await page.click(tid('step-last'));
  await waitStep(page, 6);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: path.join(shots, 'phone-375.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('backward node by node: the running node is lit and its gradient buffers are drawn as memory', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const { page, problems, context } = await open('');
  const code = 'import torch\nx = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 2\nz = (y * y).sum()\nz.backward()\nprint(x.grad)\n';
  await setCodeAndRun(page, code);
  const kinds = await page.evaluate(async () => {
    const out = [];
    for (let k = 0; k < window.stridelab.summary.steps; k++) out.push((await window.stridelab.engine.state(k)).state.kind);
    return out;
  });
  const first = kinds.indexOf('backward');
  assert.ok(first > 0, 'the trace has backward steps: ' + kinds.join(','));
  const expected = [];
  for (let k = first; kinds[k] === 'backward'; k++) expected.push(k);
  const seen = [];
  for (const k of expected) {
    await page.evaluate((n) => window.stridelab.channel.emit('step:request', { n }), k);
    await waitStep(page, k);
    const state = await page.evaluate(() => window.stridelab.channel.latest('step:changed').state);
    const running = page.locator(`${tid('graph-node')}[data-running="true"]`);
    assert.equal(await running.count(), 1, `step ${k}: one node lit`);
    assert.equal(await running.getAttribute('data-node'), state.backward.node);
    seen.push(await running.getAttribute('data-name'));
    // Every gradient tensor the node received or produced is listed, and its storage is drawn, labelled as a gradient.
    const grads = [...state.backward.grad_inputs, ...state.backward.grad_outputs].filter((g) => g !== null);
    // AccumulateGrad: the trace gives no tensor for what it received; the page shows its leaf's .grad.
    if (state.backward.name === 'AccumulateGrad' && !grads.length) {
      const node = state.graph.nodes.find((n) => n.id === state.backward.node);
      grads.push(state.tensors.find((t) => t.id === node.variable).grad);
    }
    assert.equal(await page.locator(tid('graph-grad-tensor')).count(), grads.length);
    for (const g of grads) {
      const t = state.tensors.find((x) => x.id === g);
      const box = page.locator(`${tid('memory-storage')}[data-storage="${t.storage}"]`);
      assert.equal(await box.count(), 1, `storage ${t.storage} of gradient ${g} drawn`);
      assert.match(await box.locator(tid('memory-gradient')).textContent(), new RegExp(`gradient buffer.*${state.backward.name}`));
      assert.match(await box.locator(`${tid('memory-tensor')}[data-tensor="${g}"]`).textContent(), /gradient (received|produced) by/);
    }
  }
  assert.deepEqual(seen, ['SumBackward0', 'MulBackward0', 'MulBackward0', 'AccumulateGrad']);
  // After backward, x's gradient is named x.grad in memory.
  await page.click(tid('step-last'));
  await page.waitForFunction(() => /x\.grad/.test(document.querySelector('[data-testid="memory-svg"]').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('cells read in a step are marked apart from written ones, with a legend entry', { skip: !haveWasm && 'no wasm engine built' }, async () => {
  const { page, problems, context } = await open('');
  await setCodeAndRun(page, 'import torch\na = torch.arange(12.).reshape(3, 4)\nv = a[1:3, 1:3]\ns = v.sum()\nv.add_(1)\nb = torch.arange(40.).reshape(10, 4)\nc = b[:, 1].sum()\n');
  const lines = await page.evaluate(async () => {
    const out = [];
    for (let k = 0; k < window.stridelab.summary.steps; k++) out.push((await window.stridelab.engine.state(k)).state.line);
    return out;
  });
  const marked = () => page.$$eval('[data-testid="memory-cell"]', (cells) => cells.map((g) => {
    const r = g.querySelector('rect');
    return [g.dataset.storage, Number(g.dataset.cell), r.dataset.read === 'true', r.dataset.written === 'true', !!g.querySelector('[data-testid="memory-read-mark"]')];
  }));
  const go = async (line) => {
    const n = lines.indexOf(line);
    await page.evaluate((k) => window.stridelab.channel.emit('step:request', { n: k }), n);
    await waitStep(page, n);
  };
  // v = a[1:3, 1:3] is a view: nothing read, no legend.
  await go(3);
  assert.equal((await marked()).filter((c) => c[2]).length, 0);
  assert.equal(await page.locator(tid('memory-legend')).count(), 0);
  // s = v.sum() reads cells 5, 6, 9 and 10 of a's storage, and writes none.
  await go(4);
  const atSum = await marked();
  const aStorage = atSum.find((c) => c[1] === 11)[0];
  assert.deepEqual(atSum.filter((c) => c[2]).map((c) => [c[0], c[1]]), [5, 6, 9, 10].map((k) => [aStorage, k]));
  assert.ok(atSum.filter((c) => c[2]).every((c) => c[4] && !c[3]), 'read cells carry the read mark, not the write fill');
  assert.equal(await page.locator(tid('memory-legend-read')).count(), 1);
  assert.match(await page.locator(tid('memory-legend-read')).textContent(), /read this step/);
  // v.add_(1) reads and writes the same cells.
  await go(5);
  const atAdd = (await marked()).filter((c) => c[0] === aStorage && (c[2] || c[3]));
  assert.deepEqual(atAdd.map((c) => [c[1], c[2], c[3]]), [5, 6, 9, 10].map((k) => [k, true, true]));
  assert.equal(await page.locator(tid('memory-legend-written')).count(), 1);
  assert.equal(await page.locator(tid('memory-legend-read')).count(), 1);
  // A long column is read as one (offset, shape, stride) block: every fourth cell of b's storage.
  await go(7);
  const atColumn = (await marked()).filter((c) => c[2]);
  assert.deepEqual(atColumn.map((c) => c[1]), [1, 5, 9, 13, 17, 21, 25, 29, 33, 37]);
  assert.equal(new Set(atColumn.map((c) => c[0])).size, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the code is shown read-only until the learner goes to it; then CodeMirror edits it and Ctrl+Enter runs the edit', async () => {
  const { page, context, problems } = await open();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await setCodeAndRun(page, SLICE.code);
  await waitStep(page, 0);
  await page.click(tid('step-forward'));
  await waitStep(page, 1);
  assert.equal(await page.getAttribute(tid('editor'), 'data-editor'), 'view');
  assert.equal(await page.locator(tid('editor-current-line')).count(), 1);
  assert.ok(!requests.some((u) => u.includes('/chunks/codemirror_editor')), 'CodeMirror is not loaded before it is used');
  // Typing into the read-only view opens the editor and keeps what was typed.
  await page.focus(`${tid('editor')} .code-view`);
  await page.keyboard.type('z');
  await page.waitForSelector(`${tid('editor')}[data-editor="codemirror"]`);
  assert.ok(requests.some((u) => u.includes('/chunks/codemirror_editor')));
  await page.waitForFunction(() => window.stridelab.editorCode().startsWith('z'));
  // The marks carried over; a click on a line puts the caret there.
  assert.equal(await page.locator(tid('editor-current-line')).count(), 1);
  await page.locator(`${tid('editor')} .cm-line >> nth=2`).click();
  await page.keyboard.press('End');
  await page.keyboard.type('  # edited');
  // The listener is in place before the key is pressed (a promise awaited only afterwards raced
  // with the key on a loaded machine and then waited for ever).
  await page.evaluate(() => {
    window.ranCode = null;
    window.stridelab.channel.on('run:request', ({ code }) => { window.ranCode = code; });
  });
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => window.ranCode !== null);
  const code = await page.evaluate(() => window.ranCode);
  assert.ok(code.startsWith('z'));
  assert.match(code.split('\n')[2], /# edited$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('after a jump the marks compare with the step shown before, back as well as forward, and stay sparse', async () => {
  const { page, problems, context } = await open();
  await setCodeAndRun(page, SLICE.code);
  const go = async (n) => { await page.evaluate((k) => window.stridelab.channel.emit('step:request', { n: k }), n); await waitStep(page, n); };
  const compared = () => page.locator(tid('memory-compared')).allTextContents();
  await go(5); // after view_tensor[0, 0] = 99
  await go(2); // back over the write: cell 5 differs, the versions went back
  assert.match((await compared())[0], /^Compared with step 6, shown before: 1 cell differs · \d tensors changed$/);
  const cell5 = page.locator(`${tid('memory-cell')}[data-cell="5"] rect`);
  assert.equal(await cell5.getAttribute('data-changed'), 'true');
  assert.equal(await page.locator(`${tid('memory-cell')} rect[data-changed]`).count(), 1);
  assert.match(await page.locator(`${tid('memory-tensor')}[data-tensor="t1"]`).textContent(), /← version 1 → 0/);
  assert.equal(await page.locator(tid('memory-new')).count(), 0);
  await go(3); // forward by one: the step's own events say what changed, no comparison line
  assert.deepEqual(await compared(), []);
  await go(0);
  await go(6); // a jump from before any storage: one line, no badge on every storage
  assert.match((await compared())[0], /^Compared with step 1, shown before: 1 storage new/);
  assert.equal(await page.locator(`${tid('memory-cell')} rect[data-changed]`).count(), 0);
  // Every variable is new since step 1: none is marked.
  assert.equal(await page.locator(`${tid('variable-row')}[data-changed]`).count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('screen readers: the memory grid is named and moved through with the keyboard, the focus order follows the page, and the step is announced once stepping pauses', async () => {
  const { page, context, problems } = await open();
  await setCodeAndRun(page, SLICE.code);
  for (let i = 0; i < 3; i++) await page.click(tid('step-forward'));
  await waitStep(page, 3);
  // The memory is a grid of named cells in the accessibility tree.
  const tree = await page.locator(tid('memory-panel')).ariaSnapshot();
  assert.match(tree, /grid "Storage s1, 96 bytes of torch\.int64 at address 94001192"/);
  assert.match(tree, /gridcell "cell 5 of s1: value 5, address 94001232 \(0x[0-9a-f]+\); element [^"]*original_tensor\[1, 1\][^"]*view_tensor\[0, 0\]/);
  // Tab goes from the stepper to the memory (one stop per storage), then the variables, then the stride panel.
  await page.focus(tid('step-slider'));
  const order = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => { const t = document.activeElement.closest('[data-testid]'); return t ? t.dataset.testid : document.activeElement.tagName; }));
  }
  const at = (id) => order.indexOf(id);
  assert.ok(at('memory-cell') >= 0 && at('memory-cell') < at('variable-row') && at('variable-row') < at('stride-tensor-picker'), order.join(' '));
  assert.equal(order.filter((x) => x === 'memory-cell').length, 1);
  // Arrow keys move between cells and pick them; they do not step the run.
  await page.focus(`${tid('memory-cell')}[tabindex="0"]`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const focused = () => page.evaluate(() => [document.activeElement.dataset.cell, document.activeElement.getAttribute('aria-selected')]);
  assert.deepEqual(await focused(), ['2', 'true']);
  assert.match(await page.textContent(tid('cell-readers')), /cell 2 of s1/);
  await page.keyboard.press('Home');
  assert.deepEqual(await focused(), ['0', 'true']);
  assert.equal(await page.evaluate(() => document.body.dataset.step), '3');
  // The live region says where the run is once stepping pauses: the line, what changed, what was printed.
  const announcer = tid('step-announcer');
  assert.equal(await page.getAttribute(announcer, 'role'), 'status');
  await page.click(tid('step-forward'));
  await waitStep(page, 4);
  await page.waitForFunction((sel) => /^Step 5 of 7, line 5\b.*Printed: False$/.test(document.querySelector(sel).textContent), announcer);
  // While playing it stays quiet; it speaks once, where the run stopped.
  await page.selectOption(tid('step-speed'), { index: 3 });
  await page.click(tid('step-first'));
  await waitStep(page, 0);
  await page.waitForFunction((sel) => /^Step 1 of 7/.test(document.querySelector(sel).textContent), announcer);
  await page.evaluate((sel) => {
    window.announced = [];
    new MutationObserver(() => window.announced.push(document.querySelector(sel).textContent)).observe(document.querySelector(sel), { childList: true, characterData: true, subtree: true });
  }, announcer);
  await page.click(tid('step-play'));
  await waitStep(page, 6);
  await page.waitForFunction(() => window.announced.length > 0);
  await page.waitForTimeout(600);
  const announced = await page.evaluate(() => window.announced);
  assert.equal(announced.length, 1, announced.join(' | '));
  assert.match(announced[0], /^Step 7 of 7/);
  assert.deepEqual(problems, []);
  await context.close();
});

// The memory view reuses drawings (a storage's drawing kept while its layout
// stays, and drawings put aside when a badge or a tensor came or went): after
// any order of steps, quick or not, what it shows is the step shown, read from
// the worker afresh rather than from the page's cache of states.
test('stepping quickly forward, back and by jumps, the memory view shows the step shown and no other', async () => {
  const { page, problems, context } = haveWasm ? await open('', '#lesson=004-inplace-autograd') : await open();
  if (!haveWasm) await setCodeAndRun(page, SLICE.code);
  await waitStep(page, 0);
  const total = await page.evaluate(() => window.stridelab.summary.steps);
  assert.ok(total > 4);
  const check = async (n, before) => {
    await waitStep(page, n);
    const { drawn, state } = await page.evaluate(async (k) => {
      const cells = [...document.querySelectorAll('[data-testid="memory-cell"]')].map((c) => [c.dataset.storage, Number(c.dataset.cell), c.dataset.value]);
      const storages = [...document.querySelectorAll('[data-testid="memory-storage"]')].map((g) => ({
        id: g.dataset.storage,
        badges: [...g.querySelectorAll('[data-testid="memory-alloc"], [data-testid="memory-new"], [data-testid="memory-differs"]')].map((b) => [b.dataset.testid, b.textContent]),
      }));
      const reply = await window.stridelab.engine.send('state', { step: k });
      return { drawn: { cells, storages }, state: reply.state };
    }, n);
    const byId = new Map((state.storages || []).map((s) => [s.id, s]));
    assert.deepEqual(drawn.storages.map((s) => s.id).sort(), [...byId.keys()].sort(), `storages at step ${n}`);
    for (const [sid, k, v] of drawn.cells) {
      const s = byId.get(sid);
      if (Array.isArray(s.values)) assert.equal(v, String(s.values[k]), `${sid} cell ${k} at step ${n}`);
    }
    const allocated = new Set((state.events || []).filter((e) => e.type === 'alloc').map((e) => e.storage));
    for (const s of drawn.storages) {
      assert.equal(s.badges.some(([t]) => t === 'memory-alloc'), allocated.has(s.id), `allocation badge of ${s.id} at step ${n}`);
      // A badge that names the step shown before names that one.
      for (const [, text] of s.badges) {
        const m = /step (\d+)/.exec(text);
        if (m && before !== null) assert.equal(Number(m[1]), before + 1, `badge "${text}" of ${s.id} at step ${n}, shown after step ${before}`);
      }
    }
  };
  const go = (n) => page.evaluate((k) => window.stridelab.channel.emit('step:request', { n: k }), n);
  let shown = 0;
  const path = [];
  for (let n = 1; n < total; n++) path.push(n);
  for (let n = total - 2; n >= 0; n--) path.push(n);
  path.push(total - 1, 1, total - 2, 0, 2, total - 1, 1, total - 1, 3, 2, 3);
  for (const n of path) { await go(n); await check(n, shown); shown = n; }
  // Asked for faster than states arrive: only the last one asked for is shown.
  await page.evaluate((t) => { for (let k = 0; k < t; k++) window.stridelab.channel.emit('step:request', { n: k }); for (let k = t - 1; k >= 1; k--) window.stridelab.channel.emit('step:request', { n: k }); }, total);
  await check(1, null);
  assert.deepEqual(problems, []);
  await context.close();
});
