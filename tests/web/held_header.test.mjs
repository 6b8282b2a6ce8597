// The stepper and the step's narration held at the top of the right column on wide, short
// screens (NOTE [The held header] in web/src/layout/held_header.js): nothing that scrolls under
// them shows between the two, the narration never covers a stepper that wrapped onto two rows
// (901-1000 px), and a step's written cells are brought into view below them.
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

async function open(hash, viewport) {
  const p = await newPage(browser, { origin: server.url.slice(0, -1), ...(viewport || {}) });
  await p.page.goto(server.url + hash);
  await waitReady(p.page);
  await p.page.waitForFunction(() => window.stridelab.runsDone >= 1, null, { timeout: 30000 });
  return p;
}
async function goTo(page, n) {
  await page.evaluate((k) => window.stridelab.channel.emit('step:request', { n: k }), n);
  await page.waitForFunction((k) => document.body.dataset.step === String(k), n);
  await page.waitForTimeout(200);
}

// The stepper's and the narration's boxes, and what is drawn in the gap between them, with the
// column scrolled by `by` pixels.
async function header(page, by) {
  return page.evaluate(async (dy) => {
    const col = document.querySelector('.col-right');
    col.scrollTop = dy;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const s = document.querySelector('[data-testid="stepper"]').getBoundingClientRect();
    const t = document.querySelector('[data-testid="teach-panel"]').getBoundingClientRect();
    const inGap = [];
    for (let y = Math.ceil(s.bottom) + 1; y < t.top; y++) {
      for (const x of [s.left + 20, (s.left + s.right) / 2, s.right - 20]) {
        const e = document.elementFromPoint(x, y);
        if (e && e.closest('[data-testid="memory-panel"], .lower')) inGap.push(`${e.tagName}.${e.getAttribute('class') || ''} at ${x},${y}`);
      }
    }
    return { scrolled: col.scrollTop, stepper: [s.top, s.bottom], teach: [t.top, t.bottom], inGap };
  }, by);
}

test('1280x720: the memory never shows between the held stepper and the narration', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=002-same-id&example=1');
  await goTo(page, 9);
  for (const by of [0, 60, 140, 400]) {
    const h = await header(page, by);
    assert.deepEqual(h.inGap, [], `scrolled ${h.scrolled}: ${JSON.stringify(h)}`);
    assert.ok(h.teach[0] >= h.stepper[1] - 0.5, `the narration below the stepper: ${JSON.stringify(h)}`);
    assert.ok(h.teach[0] - h.stepper[1] <= 7, `held together: ${JSON.stringify(h)}`);
  }
  await page.evaluate(() => { document.querySelector('.col-right').scrollTop = 140; });
  await page.screenshot({ path: path.join(shots, 'held-header-1280.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('901-1000 px: a stepper on two rows is not covered by the narration', needWasm, async () => {
  for (const width of [920, 960, 1000]) {
    const { page, problems, context } = await open('#lesson=004-inplace-autograd&example=1', { width, height: 720 });
    await goTo(page, 4);
    for (const by of [0, 200]) {
      const h = await header(page, by);
      assert.ok(h.teach[0] >= h.stepper[1] - 0.5, `${width} px, scrolled ${h.scrolled}: ${JSON.stringify(h)}`);
      assert.deepEqual(h.inGap, [], `${width} px, scrolled ${h.scrolled}`);
    }
    // Every control of the stepper can be clicked (nothing lies over it).
    const covered = await page.evaluate(() => [...document.querySelectorAll('[data-testid="stepper"] button, [data-testid="stepper"] input, [data-testid="stepper"] select')]
      .filter((b) => { const r = b.getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !e || !b.contains(e) && !e.contains(b); })
      .map((b) => b.dataset.testid || b.tagName));
    assert.deepEqual(covered, [], `${width} px`);
    if (width === 960) await page.screenshot({ path: path.join(shots, 'held-header-960.png') });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a step that writes cells far down the memory brings them into view below the held header', needWasm, async () => {
  const { page, problems, context } = await open('', { width: 1280, height: 720 });
  const code = ['import torch', ...Array.from({ length: 9 }, (_, i) => `t${i} = torch.zeros(${6 + i}, ${i % 2 ? 3 : 4})`), 't8[2, 1] = 7', 'print(t8.sum())'].join('\n');
  await setCodeAndRun(page, code);
  await goTo(page, 10);
  const cell = `${tid('memory-svg-wrap')} [data-written="true"]`;
  await page.waitForSelector(cell, { state: 'attached' });
  await page.waitForTimeout(200);
  const r = await page.locator(cell).first().boundingBox();
  const t = await page.locator(tid('teach-panel')).boundingBox();
  assert.ok(r && r.y >= t.y + t.height - 1 && r.y + r.height <= 720, `the written cell in view: ${JSON.stringify(r)} below ${JSON.stringify(t)}`);
  assert.ok(await page.evaluate(() => document.querySelector('.col-right').scrollTop) > 0, 'the column scrolled to it');
  await page.screenshot({ path: path.join(shots, 'held-header-written-1280.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('375x812: the page looks as before (no held header there)', needWasm, async () => {
  const { page, problems, context } = await open('#lesson=002-same-id&example=1', { width: 375, height: 812 });
  await goTo(page, 9);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(sideways <= 1, `no sideways scroll: ${sideways}`);
  await page.screenshot({ path: path.join(shots, 'held-header-375.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
