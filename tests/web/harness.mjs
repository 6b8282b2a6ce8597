// Shared by the browser tests: the static server on a free port, Debian's
// Chromium through playwright-core (never a downloaded browser), and a page
// that records console errors and CSP violations.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
export const buildWeb = path.join(repo, 'build', 'web');
export const shots = path.join(repo, 'build', 'web-screenshots');
mkdirSync(shots, { recursive: true });

const require = createRequire(path.join(repo, 'web', 'package.json'));
const { chromium } = require('playwright-core');
const { createServer } = await import(path.join(repo, 'web', 'serve.mjs'));

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function startServer() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { server, url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A page that collects console errors, page errors, CSP violations and off-origin requests. */
export async function newPage(browser, { width = 1280, height = 720, origin = null } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('request', (r) => {
    const u = r.url();
    if (origin && !u.startsWith(origin) && !/^(data|blob|file|about):/.test(u)) problems.push('off-origin request: ' + u);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, context, problems };
}

export const tid = (id) => `[data-testid="${id}"]`;

/** Waits until the page has loaded its lessons and the engine, and a run has drawn a step (if any). */
export async function waitReady(page) {
  await page.waitForSelector('body[data-loaded="true"]', { timeout: 20000 });
}

export async function waitStep(page, n) {
  await page.waitForFunction((k) => document.body.dataset.step === String(k), n, { timeout: 15000 });
}

export async function setCodeAndRun(page, code) {
  await page.evaluate((c) => { window.stridelab.channel.emit('editor:set-code', { code: c }); window.stridelab.channel.emit('run:request', { code: c }); }, code);
  await page.waitForFunction(() => document.body.dataset.state === 'done' || document.body.dataset.state === 'idle', null, { timeout: 30000 });
}

/** Whether the wasm engine the page serves is built (build/web/stridelab.{js,wasm}). */
export const haveWasm = existsSync(path.join(buildWeb, 'stridelab.wasm'));

// A worker of the test's own (the page's worker is the page's business) that runs one program in a
// fresh engine, as the page's worker does after Stop, and times the run itself (not the load).
const ENGINE_WORKER = `
importScripts('stridelab.js');
onmessage = async (e) => {
  const { code, options } = e.data;
  let reply;
  try {
    const M = await createStridelab({ print() {}, printErr() {} });
    const t0 = performance.now();
    const summary = JSON.parse(await M.runAsync(code, JSON.stringify(options)));
    reply = { summary, ms: performance.now() - t0, fresh: typeof WebAssembly.Suspending === 'function' };
  } catch (err) {
    reply = { thrown: String((err && err.message) || err) };
  }
  postMessage(reply);
};
`;

/**
 * The wasm engine in a dedicated Web Worker of Debian's Chromium, served with the page's CSP.
 * run(code, options) resolves to { summary, ms, fresh } or { thrown }.
 */
export async function openEngineWorker() {
  const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";
  const files = {
    '/': ['text/html; charset=utf-8', () => '<!doctype html><meta charset="utf-8"><title>engine</title><p>engine test</p>'],
    '/engine-worker.js': ['text/javascript', () => ENGINE_WORKER],
    '/stridelab.js': ['text/javascript', () => readFileSync(path.join(buildWeb, 'stridelab.js'))],
    '/stridelab.wasm': ['application/wasm', () => readFileSync(path.join(buildWeb, 'stridelab.wasm'))],
  };
  const server = http.createServer((req, res) => {
    const file = files[req.url];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file[0], 'Content-Security-Policy': csp }).end(file[1]());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launch();
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  return {
    run: (code, options) => page.evaluate(({ code, options }) => new Promise((resolve) => {
      const w = new Worker('engine-worker.js');
      w.onmessage = (e) => { w.terminate(); resolve(e.data); };
      w.onerror = (e) => { w.terminate(); resolve({ thrown: 'worker error: ' + e.message }); };
      w.postMessage({ code, options });
    }), { code, options }),
    close: async () => {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
