// Every lesson's front matter cites what it comes from by names that resolve inside the
// repository: a path (a word with a `/`) must name a file or, with `*`, at least one file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const lessons = path.join(repo, 'web', 'lessons');

function resolves(p) {
  if (!p.includes('*')) return existsSync(path.join(repo, p));
  const dir = path.dirname(p);
  const re = new RegExp(`^${path.basename(p).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return existsSync(path.join(repo, dir)) && readdirSync(path.join(repo, dir)).some((f) => re.test(f));
}

for (const file of readdirSync(lessons).filter((f) => f.endsWith('.md'))) {
  test(`lesson ${file}: its source resolves inside the repository`, () => {
    const text = readFileSync(path.join(lessons, file), 'utf8');
    const front = /^---\n([\s\S]*?)\n---/.exec(text);
    assert.ok(front, 'front matter');
    const source = /^source:\s*"(.*)"\s*$/m.exec(front[1]);
    assert.ok(source, 'a source line');
    const paths = source[1].match(/[\w.*-]+(?:\/[\w.*-]+)+/g) || [];
    for (const p of paths) {
      assert.ok(!p.startsWith('shared/'), `${p}: outside the repository`);
      assert.ok(resolves(p), `${p} names no file of the repository`);
    }
  });
}
