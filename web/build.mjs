// Builds the page into build/web/: index.html, app.js, worker.js, app.css,
// lessons/, the wasm engine when build/wasm/stridelab.{js,wasm} exist, and
// stridelab-standalone.html with everything inlined (works from file://).
// The engine is made smaller on the way: its functions ordered so that gzip
// compresses them better (tools/wasm_order.mjs; the link keeps their names for
// this), its glue minified. Every file the page loads gets a precompressed
// `.gz` beside it (zopfli when the command is there, else gzip -9), which
// serve.mjs sends as it is.
// Usage: node web/build.mjs [--no-standalone]   (WASM_DIR=build/other-wasm takes the engine from there)
import { build, transform } from 'esbuild';
import { readFile, writeFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { orderFunctions } from './tools/wasm_order.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const out = path.join(repo, 'build', 'web');
// WASM_DIR overrides where the engine is taken from (another emscripten build folder).
const wasmDir = path.resolve(repo, process.env.WASM_DIR || path.join('build', 'wasm'));
const wasmJs = path.join(wasmDir, 'stridelab.js');
const wasmBin = path.join(wasmDir, 'stridelab.wasm');
const haveWasm = existsSync(wasmJs) && existsSync(wasmBin);
const standalone = !process.argv.includes('--no-standalone');
const gzCache = path.join(repo, 'build', 'web-gz-cache');
const haveZopfli = spawnSync('zopfli', ['-h'], { stdio: 'ignore' }).error === undefined;

const BUILD_OPTIONS = {
  bundle: true, minify: true, write: false, target: ['chrome110', 'firefox110', 'safari16'],
  define: { __HAVE_WASM__: String(haveWasm) }, legalComments: 'none', logLevel: 'warning', loader: { '.css': 'css' },
};

async function bundle(entry, format) {
  const r = await build({ ...BUILD_OPTIONS, entryPoints: [path.resolve(here, entry)], format });
  return r.outputFiles[0].text;
}

// The page's script split at its dynamic imports: app.js, and the editor
// (CodeMirror) in chunks/ that the page loads when the learner first edits.
async function appChunks() {
  const r = await build({ ...BUILD_OPTIONS, entryPoints: { app: path.join(here, 'src/app.js') }, format: 'esm', splitting: true,
    outdir: out, entryNames: '[name]', chunkNames: 'chunks/[name]-[hash]', metafile: true });
  // What app.js imports statically is loaded with it; the rest only on demand.
  const outputs = Object.fromEntries(Object.entries(r.metafile.outputs).map(([f, o]) => [path.relative(out, path.resolve(repo, f)), o]));
  const eager = new Set();
  const visit = (rel) => {
    if (eager.has(rel)) return;
    eager.add(rel);
    for (const i of outputs[rel].imports) if (i.kind === 'import-statement') visit(path.relative(out, path.resolve(repo, i.path)));
  };
  visit('app.js');
  return r.outputFiles.map((f) => ({ rel: path.relative(out, f.path), text: f.text, eager: eager.has(path.relative(out, f.path)) }));
}

async function lessons() {
  const dir = path.join(here, 'lessons');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
  const index = [];
  const texts = {};
  for (const f of files) {
    const text = await readFile(path.join(dir, f), 'utf8');
    const m = /^---\n[\s\S]*?^title:\s*"?(.*?)"?\s*$/m.exec(text);
    const id = f.replace(/\.md$/, '');
    index.push({ id, title: m ? m[1] : id });
    texts[id] = text;
  }
  return { index, files: texts };
}

// web/examples/: a host page that drives an embed, and a lesson of one's own
// (web/README.md), served as they are under examples/.
async function copyExamples() {
  const dir = path.join(here, 'examples');
  await mkdir(path.join(out, 'examples'), { recursive: true });
  for (const f of await readdir(dir)) await writeFile(path.join(out, 'examples', f), await readFile(path.join(dir, f)));
}

const sha256 = (text) => "'sha256-" + createHash('sha256').update(text).digest('base64') + "'";
const scriptSafe = (text) => text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

// The engine as served: functions ordered for gzip, glue minified.
async function engineFiles() {
  const ordered = orderFunctions(await readFile(wasmBin));
  if (!ordered.sorted) console.warn(`build/web: the engine's functions keep their order (${ordered.reason})`);
  const glue = (await transform(await readFile(wasmJs, 'utf8'), { minify: true, target: 'es2020', legalComments: 'none' })).code;
  return { wasm: ordered.bytes, glue };
}

// zopfli (or gzip -9) of a file's bytes, cached by content: zopfli takes
// seconds on the engine.
async function precompress(file) {
  const body = await readFile(file);
  const key = createHash('sha256').update(body).digest('hex');
  const cached = path.join(gzCache, key + (haveZopfli ? '.zopfli.gz' : '.gz'));
  let gz;
  if (existsSync(cached)) gz = await readFile(cached);
  else {
    gz = haveZopfli ? await zopfli(file) : gzipSync(body, { level: 9 });
    await mkdir(gzCache, { recursive: true });
    await writeFile(cached, gz);
  }
  // Written after the file: serve.mjs sends the .gz only when it is not older.
  await writeFile(file + '.gz', gz);
  return gz.length;
}
function zopfli(file) {
  return new Promise((resolve, reject) => {
    const p = spawn('zopfli', ['--i5', '-c', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const parts = [];
    p.stdout.on('data', (d) => parts.push(d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(Buffer.concat(parts)) : reject(new Error(`zopfli ${file}: exit ${code}`))));
  });
}

async function main() {
  const t0 = Date.now();
  await rm(out, { recursive: true, force: true });
  await mkdir(path.join(out, 'lessons'), { recursive: true });
  // The standalone file inlines one script: the app bundled whole.
  // The fixture engine is test data (tests/web/fixtures/): built apart, and
  // loaded by the worker only for ?engine=fixture or when there is no wasm.
  const [chunks, app, worker, css, fixture] = await Promise.all([appChunks(), standalone ? bundle('src/app.js', 'esm') : null,
    bundle('src/worker/worker.js', 'iife'), bundle('src/app.css', 'esm'), bundle('../tests/web/fixtures/fixture_engine.mjs', 'iife')]);
  await mkdir(path.join(out, 'chunks'), { recursive: true });
  const html = await readFile(path.join(here, 'index.html'), 'utf8');
  const les = await lessons();
  await Promise.all([
    ...chunks.map((c) => writeFile(path.join(out, c.rel), c.text)),
    writeFile(path.join(out, 'worker.js'), worker),
    writeFile(path.join(out, 'fixture_engine.js'), fixture),
    writeFile(path.join(out, 'app.css'), css),
    writeFile(path.join(out, 'index.html'), html.replace('<!--STANDALONE-HEAD-->\n', '').replace('<!--STANDALONE-DATA-->\n', '')),
    writeFile(path.join(out, 'lessons', 'index.json'), JSON.stringify(les.index, null, 1)),
    ...Object.entries(les.files).map(([id, text]) => writeFile(path.join(out, 'lessons', id + '.md'), text)),
    copyExamples(),
  ]);
  const engine = haveWasm ? await engineFiles() : null;
  if (engine) {
    await writeFile(path.join(out, 'stridelab.js'), engine.glue);
    await writeFile(path.join(out, 'stridelab.wasm'), engine.wasm);
  }
  if (standalone) {
    const data = {
      workerScript: worker,
      engineScript: engine ? engine.glue : '',
      // Put into the worker only when the page asks for the fixture engine.
      fixtureScript: fixture,
      wasmBase64: engine ? Buffer.from(engine.wasm).toString('base64') : '',
      lessons: les,
    };
    const appInline = scriptSafe(app);
    // A meta CSP for the single file: inline code is allowed by hash only.
    const csp = [
      "default-src 'none'", `script-src ${sha256(appInline)} 'wasm-unsafe-eval'`, "worker-src blob:",
      "style-src 'unsafe-inline'", "img-src data: blob:", "connect-src 'none'", "base-uri 'none'", "form-action 'none'",
    ].join('; ');
    const page = html
      .replace('<link rel="stylesheet" href="app.css">', () => `<style>${css}</style>`)
      .replace('<!--STANDALONE-HEAD-->', () => `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
      .replace('<!--STANDALONE-DATA-->', () => `<script type="application/json" id="stridelab-standalone">${scriptSafe(JSON.stringify(data))}</script>`)
      .replace('<script type="module" src="app.js"></script>', () => `<script type="module">${appInline}</script>`);
    await writeFile(path.join(out, 'stridelab-standalone.html'), page);
  }
  // What the page loads, precompressed (two at a time: the machine may be shared).
  const served = ['index.html', ...chunks.map((c) => c.rel), 'app.css', 'worker.js', ...(engine ? ['stridelab.js', 'stridelab.wasm'] : []),
    'lessons/index.json', ...Object.keys(les.files).map((id) => `lessons/${id}.md`)];
  const gzSizes = {};
  const queue = [...served];
  await Promise.all([0, 1].map(async () => {
    for (let f; (f = queue.shift());) gzSizes[f] = await precompress(path.join(out, f));
  }));
  const lazy = new Set(chunks.filter((c) => !c.eager).map((c) => c.rel));
  const beforeLessons = served.filter((f) => !f.startsWith('lessons/') && !lazy.has(f)).reduce((a, f) => a + gzSizes[f], 0);
  const editorChunks = [...lazy].reduce((a, f) => a + gzSizes[f], 0);
  const size = async (f) => (await stat(path.join(out, f))).size;
  console.log(`build/web: app.js ${await size('app.js')} B, worker.js ${await size('worker.js')} B, app.css ${await size('app.css')} B, ` +
    `${les.index.length} lessons, engine ${haveWasm ? `wasm (${path.relative(repo, wasmJs)})` : 'fixture (no build/wasm/stridelab.js yet)'}` +
    `${standalone ? `, standalone ${await size('stridelab-standalone.html')} B` : ''}; ` +
    `served before lessons ${(beforeLessons / 1024).toFixed(1)} KB, later (the editor when first used, the lessons' Markdown) ${(editorChunks / 1024).toFixed(1)} KB ` +
    `(${haveZopfli ? 'zopfli' : 'gzip -9'}), ${Date.now() - t0} ms`);
}

main().catch((e) => { console.error(e); process.exit(1); });
