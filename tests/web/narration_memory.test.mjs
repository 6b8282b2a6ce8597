// Every step of every example of lessons 000-004, read in Chromium: the step's narration against
// what the memory view draws at that step. Each storage the sentence names is drawn (or drawn as
// freed this step); "allocated sN" has its "allocated this step" badge (or is framed as a
// gradient buffer); "wrote K cells of sN" outlines exactly K written cells of sN; "version a → b"
// is the version of the tensors drawn on that storage; the names it says see a storage are the
// labels of tensors drawn on it; "sN was freed" is drawn as freed. Screenshots of the steps that
// write, allocate or free go to build/web-screenshots/narration/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, waitReady, tid, shots, buildWeb } from './harness.mjs';

const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));
const needWasm = { skip: !haveWasm && 'no wasm engine built' };
const LESSONS = ['000-new-memory', '001-mutable-tensor', '002-same-id', '003-memory-notes', '004-inplace-autograd'];
let server;
let browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// What the page shows at the current step: the narration and the memory view's facts.
function facts() {
  const q = (s, r = document) => [...r.querySelectorAll(s)];
  const storages = {};
  for (const g of q('[data-testid="memory-storage"]')) {
    storages[g.dataset.storage] = {
      allocated: q('[data-testid="memory-alloc"]', g).length > 0,
      gradient: q('[data-testid="memory-gradient"]', g).length > 0,
      written: q('[data-testid="memory-cell"] rect[data-written="true"]', g).length,
      legends: q('[data-testid="memory-tensor"]', g).map((l) => q('text', l).map((t) => t.textContent).join(' ')),
    };
  }
  return {
    narration: document.querySelector('[data-testid="step-narration"]').textContent,
    storages,
    freed: q('[data-testid="memory-freed"]').map((g) => g.dataset.storage),
  };
}

// The sentence's claims that the memory view can show, each checked against it.
function disagreements(f) {
  const out = [];
  const n = f.narration;
  // The line's code comes first, in backquotes: its text is not a claim.
  const said = n.replace(/^`[^`]*`/, '');
  for (const id of new Set(said.match(/\bs\d+\b/g) || [])) {
    if (!f.storages[id] && !f.freed.includes(id)) out.push(`${id} is not drawn`);
  }
  for (const m of said.matchAll(/allocated (s\d+)/g)) {
    const s = f.storages[m[1]];
    if (s && !s.allocated && !s.gradient) out.push(`${m[1]} is not marked allocated`);
  }
  for (const m of said.matchAll(/wrote (\d+) cells? of (s\d+) in place(?:: version (\d+) → (\d+))?(?:, seen by ([^;.]*))?/g)) {
    const s = f.storages[m[2]];
    if (!s) continue;
    if (s.written !== Number(m[1])) out.push(`${m[2]}: ${m[1]} cells written, ${s.written} outlined`);
    if (m[4] !== undefined && !s.legends.some((l) => l.includes(`version ${m[4]}`))) out.push(`${m[2]}: no tensor at version ${m[4]}: ${s.legends}`);
    for (const name of (m[5] || '').match(/`[^`]+`/g) || []) {
      const bare = name.slice(1, -1);
      if (!s.legends.some((l) => l.split(/\s+/)[0].split(' = ').includes(bare) || l.startsWith(bare + ' ') || l.includes(` = ${bare}`))) out.push(`${m[2]}: ${bare} not drawn on it: ${s.legends}`);
    }
  }
  for (const m of said.matchAll(/allocated (s\d+) for `([^`]+)`/g)) {
    const s = f.storages[m[1]];
    if (s && !s.legends.some((l) => l.startsWith(m[2] + ' ') || l.includes(` = ${m[2]}`) || l.startsWith(m[2] + '  '))) out.push(`${m[1]}: ${m[2]} not drawn on it: ${s.legends}`);
  }
  for (const m of said.matchAll(/((?:s\d+(?:, | and )?)+)(?: \(it held [^)]*\))? (?:was|were) freed/g)) {
    for (const id of m[1].match(/s\d+/g)) if (!f.freed.includes(id)) out.push(`${id} not drawn as freed`);
  }
  return out;
}

test('the reading finds a sentence the memory view contradicts', () => {
  const drawn = { s1: { allocated: false, gradient: false, written: 1, legends: ['a  [3]  stride (1)  offset 0  version 1'] } };
  assert.deepEqual(disagreements({ narration: '`a.add_(1)` wrote 1 cell of s1 in place: version 0 → 1, seen by `a`.', storages: drawn, freed: [] }), []);
  assert.deepEqual(disagreements({ narration: '`a.add_(1)` wrote 3 cells of s1 in place: version 0 → 2, seen by `b`; allocated s2 for `c`. s3 was freed: nothing refers to it any more.', storages: drawn, freed: [] }),
    ['s2 is not drawn', 's3 is not drawn', 's1: 3 cells written, 1 outlined', 's1: no tensor at version 2: a  [3]  stride (1)  offset 0  version 1', 's1: b not drawn on it: a  [3]  stride (1)  offset 0  version 1', 's3 not drawn as freed']);
});

test('lessons 000-004: every step\'s narration is true of the memory view at that step', needWasm, async () => {
  const dir = path.join(shots, 'narration');
  mkdirSync(dir, { recursive: true });
  const { page, problems, context } = await newPage(browser, { origin: server.url.slice(0, -1) });
  const wrong = [];
  let stepsRead = 0;
  for (const lesson of LESSONS) {
    for (let example = 1; example <= 16; example++) {
      await page.goto(`${server.url}?l=${lesson}${example}#lesson=${lesson}&example=${example}`);
      await waitReady(page);
      await page.waitForFunction(() => window.stridelab.runsDone >= 1 && window.stridelab.summary, null, { timeout: 30000 });
      const tabs = await page.locator(tid('lesson-example-tab')).count();
      if (example > Math.max(1, tabs)) break;
      const steps = await page.evaluate(() => window.stridelab.summary.steps);
      for (let k = 1; k <= steps; k++) {
        await page.evaluate((n) => window.stridelab.channel.emit('step:request', { n }), k - 1);
        await page.waitForFunction((n) => document.body.dataset.step === String(n), k - 1);
        await page.waitForFunction(() => document.querySelector('[data-testid="step-narration"]').textContent.length > 0);
        const f = await page.evaluate(facts);
        stepsRead++;
        const bad = disagreements(f);
        if (bad.length) wrong.push(`${lesson} example ${example} step ${k}: ${f.narration}\n    ${bad.join('\n    ')}`);
        if (/wrote|allocated|freed|backward/.test(f.narration)) await page.screenshot({ path: path.join(dir, `${lesson}-ex${example}-step${k}.png`) });
      }
    }
  }
  assert.ok(stepsRead > 250, `${stepsRead} steps read`);
  console.log(`# ${stepsRead} steps of lessons 000-004 read against the memory view`);
  assert.deepEqual(wrong, []);
  assert.deepEqual(problems, []);
  await context.close();
});
