// Builds the page into build/web/: index.html, app.js, worker.js, app.css,
// lessons/, the wasm engine when build/wasm/stridelab.{js,wasm} exist, and
// stridelab-standalone.html with everything inlined (works from file://).
// Usage: node web/build.mjs [--no-standalone]
import { build } from 'esbuild';
import { readFile, writeFile, mkdir, readdir, copyFile, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const out = path.join(repo, 'build', 'web');
const wasmDir = path.join(repo, 'build', 'wasm');
const wasmJs = path.join(wasmDir, 'stridelab.js');
const wasmBin = path.join(wasmDir, 'stridelab.wasm');
const haveWasm = existsSync(wasmJs) && existsSync(wasmBin);
const standalone = !process.argv.includes('--no-standalone');

async function bundle(entry, format) {
  const r = await build({
    entryPoints: [path.join(here, entry)], bundle: true, format, minify: true, write: false,
    target: ['chrome110', 'firefox110', 'safari16'], define: { __HAVE_WASM__: String(haveWasm) }, legalComments: 'none',
    logLevel: 'warning', loader: { '.css': 'css' },
  });
  return r.outputFiles[0].text;
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

const sha256 = (text) => "'sha256-" + createHash('sha256').update(text).digest('base64') + "'";
const scriptSafe = (text) => text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

async function main() {
  const t0 = Date.now();
  await rm(out, { recursive: true, force: true });
  await mkdir(path.join(out, 'lessons'), { recursive: true });
  const [app, worker, css] = await Promise.all([bundle('src/app.js', 'esm'), bundle('src/worker/worker.js', 'iife'), bundle('src/app.css', 'esm')]);
  const html = await readFile(path.join(here, 'index.html'), 'utf8');
  const les = await lessons();
  await Promise.all([
    writeFile(path.join(out, 'app.js'), app),
    writeFile(path.join(out, 'worker.js'), worker),
    writeFile(path.join(out, 'app.css'), css),
    writeFile(path.join(out, 'index.html'), html.replace('<!--STANDALONE-HEAD-->\n', '').replace('<!--STANDALONE-DATA-->\n', '')),
    writeFile(path.join(out, 'lessons', 'index.json'), JSON.stringify(les.index, null, 1)),
    ...Object.entries(les.files).map(([id, text]) => writeFile(path.join(out, 'lessons', id + '.md'), text)),
  ]);
  if (haveWasm) {
    await copyFile(wasmJs, path.join(out, 'stridelab.js'));
    await copyFile(wasmBin, path.join(out, 'stridelab.wasm'));
  }
  if (standalone) {
    const data = {
      workerScript: worker,
      engineScript: haveWasm ? await readFile(wasmJs, 'utf8') : '',
      wasmBase64: haveWasm ? (await readFile(wasmBin)).toString('base64') : '',
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
  const size = async (f) => (await stat(path.join(out, f))).size;
  console.log(`build/web: app.js ${await size('app.js')} B, worker.js ${await size('worker.js')} B, app.css ${await size('app.css')} B, ` +
    `${les.index.length} lessons, engine ${haveWasm ? 'wasm (build/wasm/stridelab.js)' : 'fixture (no build/wasm/stridelab.js yet)'}` +
    `${standalone ? `, standalone ${await size('stridelab-standalone.html')} B` : ''}, ${Date.now() - t0} ms`);
}

main().catch((e) => { console.error(e); process.exit(1); });
