// The panels as a learner sees them: the stride drawing with room, nothing
// clipped at 1280x720, the stepper in reach on a phone, ?panels= for embeds,
// the backward narration, and the small things (storage names, colours,
// small floats, the old-value legend).
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

async function open(query, hash, viewport) {
  const p = await newPage(browser, { origin: server.url.slice(0, -1), ...(viewport || {}) });
  await p.page.goto(server.url + query + hash);
  await waitReady(p.page);
  await p.page.waitForFunction(() => window.stridelab.runsDone >= 1, null, { timeout: 30000 });
  return p;
}
async function goTo(page, n) {
  await page.evaluate((k) => window.stridelab.channel.emit('step:request', { n: k }), n);
  await page.waitForFunction((k) => document.body.dataset.step === String(k), n);
  await page.waitForTimeout(150);
}

// No panel is clipped: each shown panel lies inside the window, or inside the
// right column that scrolls on a short screen (the stepper always in the
// window), none is cut off sideways, and the memory, variables, stride and
// autograd panels hold all they draw without scrolling inside themselves.
async function clipped(page) {
  return page.evaluate(() => {
    const out = [];
    const column = document.querySelector('.col-right').getBoundingClientRect();
    const scrolls = (e) => e && e.scrollHeight > e.clientHeight + 2 && getComputedStyle(e).overflowY !== 'visible';
    for (const id of ['lesson-panel', 'editor-panel', 'console-panel', 'stepper', 'memory-panel', 'variables-panel', 'stride-panel', 'graph-panel']) {
      const p = document.querySelector(`[data-testid="${id}"]`);
      if (!p || p.hidden) continue;
      const r = p.getBoundingClientRect();
      const inColumn = p.closest('.col-right') && r.top >= column.top - 1 - p.closest('.col-right').scrollTop - 1;
      const fixed = id === 'stepper' || !p.closest('.col-right');
      if (r.left < -1 || r.right > innerWidth + 1 || ((fixed || !inColumn) && (r.top < -1 || r.bottom > innerHeight + 1))) out.push(`${id} outside the window: ${JSON.stringify(r)}`);
      if (p.scrollWidth > p.clientWidth + 2) out.push(`${id} clipped sideways: ${p.scrollWidth} > ${p.clientWidth}`);
      if (['memory-panel', 'variables-panel', 'stride-panel', 'graph-panel'].includes(id)) {
        for (const e of [p, ...p.querySelectorAll('.memory-scroll, .vars-body, .graph-scroll, .graph-info')]) {
          if (scrolls(e)) out.push(`${id} clipped: ${e.className || id} ${e.scrollHeight} > ${e.clientHeight}`);
        }
      }
    }
    return out;
  });
}

test('at 1280x720 no panel is clipped; the stride drawing, its formula and the autograd graph are in view', needWasm, async () => {
  const { page, problems, context } = await open('', '#lesson=002-same-id&example=1');
  await goTo(page, 9);
  await page.selectOption(tid('stride-tensor-picker'), { label: await page.locator(`${tid('stride-tensor-picker')} option`, { hasText: 'view_tensor' }).first().textContent() });
  await page.click(`${tid('stride-element')}[data-index="1,1"]`);
  assert.deepEqual(await clipped(page), []);
  // Grid and strip side by side, the line from the element to its cell, the jumps.
  const grid = await page.locator(tid('stride-grid')).boundingBox();
  const strip = await page.locator(tid('stride-storage')).boundingBox();
  assert.ok(grid && strip, 'grid and strip drawn');
  assert.equal(await page.locator(tid('stride-link')).count(), 1);
  const jumps = await page.locator(tid('stride-jump')).evaluateAll((js) => js.map((j) => [j.dataset.dim, j.textContent]));
  assert.deepEqual(jumps, [['0', 'i: +4'], ['1', 'j: +1']]);
  assert.equal(await page.getAttribute(`${tid('stride-cell')}.lit`, 'data-cell'), '10');
  // The formula in large type, each index in its own colour, in view in its panel.
  assert.equal(await page.textContent(tid('stride-formula-numbers')), '5 + 1·4 + 1·1 = 10');
  const f = await page.locator(tid('stride-formula-numbers')).evaluate((n) => {
    const r = n.getBoundingClientRect();
    const panel = n.closest('[data-testid="stride-panel"]').getBoundingClientRect();
    const colours = [...n.querySelectorAll('.ix')].map((x) => getComputedStyle(x).color);
    return { size: parseFloat(getComputedStyle(n).fontSize), inView: r.top >= panel.top && r.bottom <= panel.bottom, colours };
  });
  assert.ok(f.size >= 18, `formula font ${f.size}px`);
  assert.ok(f.inView, 'the formula is in view without scrolling its panel');
  // Brought into view in the column, it is in the window, below the stepper and the narration.
  await page.locator(tid('stride-formula-numbers')).scrollIntoViewIfNeeded();
  const fw = await page.locator(tid('stride-formula-numbers')).boundingBox();
  const header = await page.locator(tid('teach-panel')).boundingBox();
  assert.ok(fw.y >= header.y + header.height - 1 && fw.y + fw.height <= 720, `formula in the window: ${JSON.stringify(fw)}`);
  assert.equal(new Set(f.colours).size, 2, 'i and j in different colours');
  await page.screenshot({ path: path.join(shots, 'layout-1280-stride.png') });
  // Lesson 004: the graph fits its panel's width.
  await page.goto(server.url + '?again=1#lesson=004-inplace-autograd&example=1');
  await waitReady(page);
  await page.waitForFunction(() => window.stridelab.runsDone >= 1 && window.stridelab.summary);
  await goTo(page, 4);
  assert.deepEqual(await clipped(page), []);
  const g = await page.locator(tid('graph-svg')).evaluate((s) => [s.getBoundingClientRect().width, s.parentElement.clientWidth]);
  assert.ok(g[0] <= g[1] + 1, `graph ${g[0]} px in a ${g[1]} px panel`);
  await page.screenshot({ path: path.join(shots, 'layout-1280-autograd.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a 375 px phone the stepper stays in reach while reading code or memory', needWasm, async () => {
  const { page, context } = await open('', '#lesson=002-same-id&example=1', { width: 375, height: 812 });
  for (const id of ['editor-panel', 'memory-panel']) {
    await page.locator(tid(id)).scrollIntoViewIfNeeded();
    const r = await page.locator(tid('step-forward')).boundingBox();
    assert.ok(r && r.y >= 0 && r.y + r.height <= 812, `stepper in view beside ${id}: ${JSON.stringify(r)}`);
  }
  const before = await page.evaluate(() => document.body.dataset.step);
  await page.click(tid('step-forward'));
  await page.waitForFunction((b) => document.body.dataset.step !== b, before);
  await page.screenshot({ path: path.join(shots, 'phone-375-memory.png') });
  await context.close();
});

test('?panels= chooses the panels of an embed; the open link covers no panel', needWasm, async () => {
  const { page, problems, context } = await open('?embed=1&panels=code,memory,stride,autograd', '#lesson=004-inplace-autograd&example=3', { width: 960, height: 560 });
  const shown = async (id) => page.isVisible(tid(id));
  assert.deepEqual(await Promise.all(['editor-panel', 'memory-panel', 'stride-panel', 'graph-panel', 'variables-panel', 'console-panel', 'lesson-panel'].map(shown)),
    [true, true, true, true, false, false, false]);
  const link = await page.locator(tid('open-full')).boundingBox();
  const mem = await page.locator(tid('memory-panel')).boundingBox();
  assert.ok(link && mem && link.y + link.height <= mem.y, 'the link sits above the memory view');
  await page.screenshot({ path: path.join(shots, 'embed-panels.png') });
  // Without the flag an embed shows code, memory, variables, console.
  const plain = await open('?embed=1', '#lesson=000-new-memory&example=1', { width: 960, height: 560 });
  assert.equal(await plain.page.isVisible(tid('stride-panel')), false);
  assert.equal(await plain.page.isVisible(tid('variables-panel')), true);
  await plain.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('backward narration: AccumulateGrad names the leaf whose .grad it fills', needWasm, async () => {
  const { page, problems, context } = await open('', '#code=');
  await setCodeAndRun(page, 'import torch\na = torch.tensor([1.0, 2.0], requires_grad=True)\nw = torch.tensor([3.0, 4.0], requires_grad=True)\ny = (a * w).sum()\ny.backward()\nprint(a.grad)\n');
  const steps = await page.evaluate(async () => {
    const out = [];
    for (let k = 0; k < window.stridelab.summary.steps; k++) { const { state } = await window.stridelab.engine.state(k); if (state.backward) out.push([k, state.backward.name]); }
    return out;
  });
  const mul = steps.find(([, n]) => n === 'MulBackward0')[0];
  await goTo(page, mul);
  const produced = await page.locator(`${tid('graph-grad-tensor')}[data-role="produced"]`).allTextContents();
  assert.ok(produced.some((t) => /for a\.grad/.test(t)) && produced.some((t) => /for w\.grad/.test(t)), produced.join(' | '));
  assert.doesNotMatch(produced.join(' '), /for AccumulateGrad/);
  const acc = steps.find(([, n]) => n === 'AccumulateGrad')[0];
  await goTo(page, acc);
  const info = await page.textContent(tid('graph-grad'));
  assert.doesNotMatch(info, /None received/);
  assert.match(info, /received by AccumulateGrad, kept as (a|w)\.grad/);
  const nodes = await page.locator(`${tid('graph-node')}[data-name="AccumulateGrad"]`).allTextContents();
  assert.ok(nodes.some((t) => /→ a\.grad/.test(t)) && nodes.some((t) => /→ w\.grad/.test(t)), nodes.join(' | '));
  assert.deepEqual(problems, []);
  await context.close();
});

test('small things: storages numbered per run, distinct colours, small floats readable, the old value has a legend', needWasm, async () => {
  const { page, problems, context } = await open('', '#code=');
  const names = async () => page.evaluate(async () => (await window.stridelab.engine.state(window.stridelab.summary.steps - 1)).state.storages.map((s) => s.id));
  const code = 'import torch\nx = torch.zeros(2)\na = torch.ones(3)\n';
  await setCodeAndRun(page, code);
  const first = await names();
  assert.deepEqual(first, ['s1', 's2']);
  await setCodeAndRun(page, 'import torch\nfor i in range(20):\n    t = torch.ones(2) * i\n');
  await setCodeAndRun(page, code);
  assert.deepEqual(await names(), first, 'the same names on the same program, whatever ran before');
  // Colours of the tensors alive at a step differ (here from the variable swatches).
  await page.click(tid('step-last'));
  await page.waitForFunction(() => document.body.dataset.step === String(window.stridelab.summary.steps - 1));
  const swatches = await page.locator(`${tid('variable-row')} .swatch`).evaluateAll((s) => s.map((x) => getComputedStyle(x).backgroundColor));
  assert.equal(swatches.length, 2);
  assert.notEqual(swatches[0], swatches[1]);
  // A small float in a cell is drawn at 11 px or more, not squeezed.
  await setCodeAndRun(page, 'import torch\nx = torch.tensor([-0.005294, 1.5])\nx[1] = 2.0\n');
  await page.click(tid('step-last'));
  await page.waitForFunction(() => document.body.dataset.step === String(window.stridelab.summary.steps - 1));
  const cell = page.locator(`${tid('memory-cell')}[data-cell="0"] text`).last();
  assert.equal(await cell.textContent(), '-0.005294');
  assert.ok(Number(await cell.getAttribute('font-size')) >= 11);
  assert.equal(await cell.getAttribute('textLength'), null);
  const box = await cell.evaluate((t) => [t.getBBox().width, t.parentElement.querySelector('rect').getBBox().width]);
  assert.ok(box[0] <= box[1], `the value fits its cell: ${box}`);
  // The written cell's old value and its legend.
  assert.equal(await page.locator(tid('memory-legend-old')).count(), 1);
  assert.match(await page.textContent(tid('memory-legend-old')), /its value before the write/);
  await page.locator(tid('memory-panel')).screenshot({ path: path.join(shots, 'memory-small-floats.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('every lesson at 1280x720: no panel clipped, outside the window or its scrolling column', needWasm, async () => {
  const index = await (await fetch(server.url + 'lessons/index.json')).json();
  const { page, problems, context } = await open('', `#lesson=${index[0].id}`);
  for (const [i, { id }] of index.entries()) {
    if (i) {
      await page.goto(`${server.url}?lesson${i}#lesson=${id}`);
      await waitReady(page);
      await page.waitForFunction(() => window.stridelab.runsDone >= 1 && window.stridelab.summary);
    }
    const steps = await page.evaluate(() => window.stridelab.summary.steps);
    for (const n of [Math.floor(steps * 0.6), steps - 1]) {
      await goTo(page, n);
      assert.deepEqual(await clipped(page), [], `${id} step ${n + 1}`);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});
