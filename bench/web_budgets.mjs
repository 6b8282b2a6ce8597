// Measures the page's budgets (issue 6): cold load to the first drawn step on
// localhost in headless Chromium, transferred bytes (gzip) before lessons, and
// the time to draw a step change (95th percentile) over the documents' lessons.
// Not a test: prints figures. Usage: node web/build.mjs && node bench/web_budgets.mjs
//
// Bytes: what the server sent for the page, lesson files apart, from the request
// to the first drawn step and while the page then sits idle (the response
// bodies as sent, Content-Encoding: gzip, the worker's requests included); the
// editor, which the page loads when the learner first goes to the code, apart;
// and for comparison the gzip of each file as built.
// Step change: the request is made at the start of a frame (in a
// requestAnimationFrame callback) and the time is read in a task posted from
// that callback, which runs once the frame's style, layout and paint are done:
// so the figure is request -> pixels on the main thread, views and layout
// included, without waiting for vsync. Every example of the documents' lessons
// (000-004) is stepped forward from the first step to the last, then back.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import os from 'node:os';
import { startServer, launch, newPage, buildWeb } from '../tests/web/harness.mjs';

const DOC_LESSONS = ['000-new-memory', '001-mutable-tensor', '002-same-id', '003-memory-notes', '004-inplace-autograd'];
// The files as built, and as served: serve.mjs sends the precompressed .gz that
// web/build.mjs writes (zopfli), else gzip -9.
const chunkDir = path.join(buildWeb, 'chunks');
const files = ['index.html', 'app.js', 'app.css', 'worker.js', 'stridelab.js', 'stridelab.wasm',
  ...(existsSync(chunkDir) ? readdirSync(chunkDir).filter((f) => f.endsWith('.js')).map((f) => 'chunks/' + f) : [])]
  .filter((f) => existsSync(path.join(buildWeb, f)));
for (const f of files) {
  const raw = readFileSync(path.join(buildWeb, f));
  const gz = gzipSync(raw, { level: 9 }).length;
  const pre = existsSync(path.join(buildWeb, f + '.gz')) ? readFileSync(path.join(buildWeb, f + '.gz')).length : null;
  console.log(`${f.padEnd(40)} ${(raw.length / 1024).toFixed(1).padStart(7)} KB raw ${(gz / 1024).toFixed(1).padStart(6)} KB gzip -9` +
    (pre !== null ? ` ${(pre / 1024).toFixed(1).padStart(6)} KB as served (.gz)` : ''));
}

// CPU time of the renderer's main thread between each pair of 'step-request' and
// 'step-drawn' marks: the thread time (tdur) of its top-level tasks in the window.
function mainThreadCpu(trace) {
  const evs = trace.traceEvents || trace;
  const marks = evs.filter((e) => e.name === 'step-request' || e.name === 'step-drawn').sort((a, b) => a.ts - b.ts);
  if (!marks.length) return [];
  const main = `${marks[0].pid}:${marks[0].tid}`;
  const tasks = evs.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined);
  const out = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    if (marks[i].name !== 'step-request' || marks[i + 1].name !== 'step-drawn') continue;
    const a = marks[i].ts, b = marks[i + 1].ts;
    let cpu = 0;
    for (const e of tasks) {
      const overlap = Math.min(b, e.ts + e.dur) - Math.max(a, e.ts);
      if (overlap > 0) cpu += e.tdur * (e.dur ? overlap / e.dur : 1);
    }
    out.push(cpu / 1000);
  }
  return out;
}

const server = await startServer();
const browser = await launch();
const loads = [];
// Bytes as the server sent them (bodies gzip-encoded as served), lessons apart;
// the worker's requests included, which the page's own network log misses.
let counting = null;
server.server.prependListener('request', (req, res) => {
  if (!counting) return;
  const end = res.end.bind(res);
  res.end = (body, ...rest) => {
    if (counting && !/\/lessons\//.test(req.url)) counting.push([req.url, body ? body.length : 0]);
    return end(body, ...rest);
  };
});
let transferred = null;
let editorBytes = [];
for (let i = 0; i < 5; i++) {
  const { page, context } = await newPage(browser);
  counting = [];
  const t0 = Date.now();
  await page.goto(server.url + '#lesson=002-same-id');
  await page.waitForFunction(() => document.body.dataset.step === '0', null, { timeout: 30000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  loads.push(Date.now() - t0);
  if (i === 0) {
    // Anything the page fetches once it is idle counts too; then the editor,
    // which loads when the learner first goes to the code, is counted apart.
    await page.waitForTimeout(1500);
    transferred = counting;
    counting = [];
    await page.click('[data-testid="editor"] .cm-line');
    await page.waitForSelector('[data-testid="editor"][data-editor="codemirror"]');
    editorBytes = counting;
  }
  counting = null;
  await context.close();
}
const sent = transferred.reduce((a, [, n]) => a + n, 0);
console.log(`sent before lessons (response bodies as served, gzip): ${(sent / 1024).toFixed(1)} KB over ${transferred.length} requests: ` +
  transferred.map(([u, n]) => `${u.replace(/[?#].*/, '')} ${(n / 1024).toFixed(1)}`).join(', ') + ' (budget 1 MB)');
const sentEditor = editorBytes.reduce((a, [, n]) => a + n, 0);
console.log(`the editor, when the learner first goes to the code: ${(sentEditor / 1024).toFixed(1)} KB over ${editorBytes.length} requests: ` +
  editorBytes.map(([u, n]) => `${u.replace(/[?#].*/, '')} ${(n / 1024).toFixed(1)}`).join(', '));
const sortedLoads = [...loads].sort((a, b) => a - b);
console.log(`cold load to first drawn step: ${loads.map((x) => x + ' ms').join(', ')}; median ${sortedLoads[2]} ms (budget 1000 ms)`);

const times = [];
const cpuTimes = [];
const perLesson = [];
for (const id of DOC_LESSONS) {
  const { page, context } = await newPage(browser);
  await page.goto(server.url + '#lesson=' + id);
  await page.waitForFunction(() => document.body.dataset.step === '0', null, { timeout: 30000 });
  // Traced (top-level tasks and user-timing marks only, which costs little) for
  // the main thread's CPU time in each change: what the page itself spends,
  // which other jobs on a shared machine do not inflate as they do wall time.
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  const examples = Math.max(1, await page.locator('[data-testid="lesson-example-tab"]').count());
  const mine = [];
  for (let ex = 0; ex < examples; ex++) {
    if (ex > 0) {
      const done = await page.evaluate(() => window.stridelab.runsDone);
      await page.click(`[data-testid="lesson-example-tab"][data-example="${ex}"]`);
      await page.waitForFunction((n) => window.stridelab.runsDone > n && document.body.dataset.step === '0', done, { timeout: 30000 });
    }
    const steps = await page.evaluate(() => window.stridelab.summary.steps);
    const order = [];
    for (let n = 1; n < steps; n++) order.push(n);
    for (let n = steps - 2; n >= 0; n--) order.push(n);
    const ms = await page.evaluate(async (list) => {
      const out = [];
      const { channel } = window.stridelab;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const post = (fn) => { const c = new MessageChannel(); c.port1.onmessage = fn; c.port2.postMessage(0); };
      for (const k of list) {
        await frame();
        await new Promise((r) => setTimeout(r, 0));
        out.push(await new Promise((resolve) => requestAnimationFrame(() => {
          const t0 = performance.now();
          performance.mark('step-request');
          // A task posted now runs once this frame's style, layout and paint are done.
          let frameDone = false;
          post(() => { frameDone = true; });
          const off = channel.on('step:changed', ({ n }) => {
            if (n !== k) return;
            off();
            const done = () => post(() => { performance.mark('step-drawn'); resolve(performance.now() - t0); });
            // Shown within this frame (the state was cached): drawn once the frame is.
            // Shown later (the worker answered after the frame): drawn by the next frame.
            if (!frameDone) done();
            else requestAnimationFrame(done);
          });
          channel.emit('step:request', { n: k });
        })));
      }
      return out;
    }, order);
    mine.push(...ms);
  }
  const cpu = mainThreadCpu(JSON.parse((await browser.stopTracing()).toString()));
  cpu.sort((a, b) => a - b);
  mine.sort((a, b) => a - b);
  perLesson.push(`${id}: ${mine.length} changes, median ${mine[mine.length >> 1].toFixed(1)} ms, p95 ${mine[Math.floor(mine.length * 0.95)].toFixed(1)} ms; ` +
    `main-thread CPU median ${cpu[cpu.length >> 1].toFixed(1)} ms, p95 ${cpu[Math.floor(cpu.length * 0.95)].toFixed(1)} ms`);
  times.push(...mine);
  cpuTimes.push(...cpu);
  await context.close();
}
times.sort((a, b) => a - b);
for (const l of perLesson) console.log('  ' + l);
const pct = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
console.log(`step change (request to the frame drawn), ${times.length} changes forward and back: median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (budget p95 16 ms)`);
cpuTimes.sort((a, b) => a - b);
const cpct = (p) => cpuTimes[Math.min(cpuTimes.length - 1, Math.floor(cpuTimes.length * p))];
console.log(`the same changes in the renderer main thread's CPU time (from Chromium's trace, ${cpuTimes.length} changes): median ${cpct(0.5).toFixed(1)} ms, p95 ${cpct(0.95).toFixed(1)} ms, max ${cpuTimes[cpuTimes.length - 1].toFixed(1)} ms`);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0].model}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ${new Date().toISOString().slice(0, 10)}`);
await browser.close();
await server.close();
