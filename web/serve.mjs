// A static server for build/web with the page's Content-Security-Policy, no
// dependencies. Usage: node web/serve.mjs   (PORT=8000 by default; ROOT overrides the folder)
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.env.ROOT || path.join(here, '..', 'build', 'web'));
const port = Number(process.env.PORT || 8000);
const host = process.env.HOST || '127.0.0.1';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

// 'wasm-unsafe-eval' lets WebAssembly.compile/instantiate run (Chromium requires
// it once script-src is set) without allowing eval() or new Function().
export const CSP = [
  "default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "style-src 'self'",
  "img-src 'self' data: blob:", "connect-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'",
  "form-action 'none'", 'frame-ancestors *',
].join('; ');

const COMPRESSIBLE = /^(text\/|application\/(json|wasm|javascript)|image\/svg)/;

// A file's precompressed `.gz` (web/build.mjs writes them, with zopfli) is sent
// as it is when it is not older than the file; other files are compressed with
// gzip -9 once per file version and kept in memory: compressing the 1.7 MB wasm
// on every request would cost the cold load tens of milliseconds.
const gzipCache = new Map(); // path -> {mtimeMs, size, body}
async function gzipped(file, info, body) {
  const hit = gzipCache.get(file);
  if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.body;
  const pre = await stat(file + '.gz').catch(() => null);
  const gz = pre && pre.isFile() && pre.mtimeMs >= info.mtimeMs ? await readFile(file + '.gz') : gzipSync(body, { level: 9 });
  gzipCache.set(file, { mtimeMs: info.mtimeMs, size: info.size, body: gz });
  return gz;
}

export function createServer() {
  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      let rel = decodeURIComponent(url.pathname);
      if (rel.endsWith('/')) rel += 'index.html';
      const file = path.resolve(root, '.' + rel);
      if (!file.startsWith(root + path.sep)) { res.writeHead(403).end('forbidden'); return; }
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) { res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'); return; }
      let body = await readFile(file);
      const type = MIME[path.extname(file)] || 'application/octet-stream';
      const headers = {
        'Content-Type': type, 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-cache', 'Vary': 'Accept-Encoding',
      };
      if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        body = await gzipped(file, info, body);
        headers['Content-Encoding'] = 'gzip';
      }
      headers['Content-Length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e));
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  createServer().listen(port, host, () => console.log(`stridelab: serving ${root} on http://localhost:${port}`));
}
