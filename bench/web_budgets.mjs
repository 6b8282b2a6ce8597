// Measures the page's budgets (issue 6): cold load to the first drawn step on
// localhost in headless Chromium, transferred bytes (gzip) before lessons, and
// the time to draw a step change (95th percentile) over the documents' lessons.
// Not a test: prints figures. Usage: node web/build.mjs && node bench/web_budgets.mjs
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { startServer, launch, newPage, buildWeb } from '../tests/web/harness.mjs';

const files = ['index.html', 'app.js', 'app.css', 'worker.js', 'stridelab.js', 'stridelab.wasm'].filter((f) => existsSync(path.join(buildWeb, f)));
let total = 0;
for (const f of files) {
  const gz = gzipSync(readFileSync(path.join(buildWeb, f))).length;
  total += gz;
  console.log(`gzip ${f.padEnd(16)} ${(gz / 1024).toFixed(1)} KB`);
}
console.log(`gzip total before lessons: ${(total / 1024).toFixed(1)} KB (budget 600 KB)`);

const server = await startServer();
const browser = await launch();
const loads = [];
for (let i = 0; i < 3; i++) {
  const { page, context } = await newPage(browser);
  const t0 = Date.now();
  await page.goto(server.url + '#lesson=002-same-id');
  await page.waitForFunction(() => document.body.dataset.step === '0', null, { timeout: 30000 });
  loads.push(Date.now() - t0);
  await context.close();
}
console.log(`cold load to first drawn step: ${loads.map((x) => x + ' ms').join(', ')} (budget 1000 ms)`);

const times = [];
for (const id of ['000-new-memory', '001-mutable-tensor', '002-same-id', '003-memory-notes', '004-inplace-autograd']) {
  const { page, context } = await newPage(browser);
  await page.goto(server.url + '#lesson=' + id);
  await page.waitForFunction(() => document.body.dataset.step === '0', null, { timeout: 30000 });
  const steps = await page.evaluate(() => window.stridelab.summary.steps);
  for (let n = 1; n < steps; n++) {
    const ms = await page.evaluate(async (k) => {
      const t0 = performance.now();
      window.stridelab.channel.emit('step:request', { n: k });
      while (document.body.dataset.step !== String(k)) {
        if (performance.now() - t0 > 2000) return -1;
        await new Promise((r) => setTimeout(r, 0));
      }
      return performance.now() - t0;
    }, n);
    if (ms >= 0) times.push(ms);
  }
  await context.close();
}
times.sort((a, b) => a - b);
const p95 = times[Math.floor(times.length * 0.95)] || 0;
console.log(`step change (request to drawn), ${times.length} changes: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget 16 ms)`);
await browser.close();
await server.close();
