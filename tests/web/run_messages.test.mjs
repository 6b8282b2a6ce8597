// The page's wording of a run's error (web/src/engine/run_messages.js), in node:
// the engine's command-line wording never reaches the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRunError } from '../../web/src/engine/run_messages.js';

const own = (message, line = 2) => ({ type: 'LimitExceeded', message, line, traceback: `stridelab: ${message}\n` });

test('the page\'s limits are named, with the steps kept, and no flag', () => {
  const cases = [
    [own('step limit exceeded: the program ran more than 20000 line events (raise it with --max-steps N)'), 20000,
      /^The page stops a run after 20,000 lines have run \(its step limit\)/, 'stopped at the step limit · 20,000 steps kept'],
    [own('time limit exceeded: the program ran longer than 10 s (raise it with --max-seconds N)'), 37,
      /^The page stops a run after 10 seconds \(its time limit\)/, 'stopped at the time limit · 37 steps kept'],
    [own("memory limit exceeded: the program's objects took more than 256 MiB (raise it with --max-memory)"), 12,
      /^The page lets a run's objects \(lists, strings, dicts, numbers\) use at most 256 MiB \(its memory limit\)/, 'stopped at the memory limit · 12 steps kept'],
  ];
  for (const [error, steps, message, status] of cases) {
    const d = describeRunError(error, { steps });
    assert.equal(d.kind, 'limit');
    assert.match(d.message, message);
    assert.match(d.message, new RegExp(`The ${steps.toLocaleString('en-US')} steps before it are kept`));
    assert.equal(d.status, status);
    assert.doesNotMatch(d.message + d.traceback, /--max|raise it/);
    assert.equal(d.original, error.message);
  }
});

test('the memory limit keeps its RuntimeError type and loses its flag', () => {
  const message = 'stridelab: tensor storage limit of 256 MiB reached: the program tried to allocate 400000000 bytes with 0 bytes already in use (raise the limit with --max-memory)';
  const d = describeRunError({ type: 'RuntimeError', message, line: 2, traceback: `Traceback ...\nRuntimeError: ${message}\n` }, { steps: 2 });
  assert.equal(d.type, 'RuntimeError');
  assert.match(d.message, /^The page lets a run's tensors use at most 256 MiB \(its memory limit\): the program tried to allocate 400000000 bytes/);
  assert.doesNotMatch(d.message + d.traceback, /--max/);
});

test('an engine failure is not the learner\'s error', () => {
  const d = describeRunError({ type: 'EngineFailure', message: 'Maximum call stack size exceeded', line: 1 }, { steps: 640 });
  assert.equal(d.kind, 'engine');
  assert.match(d.message, /ran out of stack in this browser/);
  assert.match(d.message, /The 640 steps before it are kept/);
  assert.match(d.message, /The next Run starts a fresh engine/);
  assert.equal(d.status, 'the engine failed · 640 steps kept');
});

test('a name stridelab lacks is labelled so; an AttributeError or NameError is the learner\'s', () => {
  const lack = describeRunError({ type: 'NotImplementedError', message: 'stridelab does not support torch.fft yet', line: 3, traceback: 'NotImplementedError: ...\n' });
  assert.equal(lack.kind, 'unsupported');
  assert.equal(lack.status, 'torch.fft: not in stridelab yet, line 3');
  const meth = describeRunError({ type: 'NotImplementedError', message: 'stridelab does not support Tensor.stft yet', line: 5 });
  assert.equal(meth.status, 'Tensor.stft: not in stridelab yet, line 5');
  const typo = describeRunError({ type: 'AttributeError', message: "module 'torch' has no attribute 'kronn'", line: 4 });
  assert.equal(typo.kind, 'program');
  const mine = describeRunError({ type: 'NameError', message: "name 'y' is not defined", line: 4 });
  assert.equal(mine.kind, 'program');
  assert.equal(mine.status, 'NameError at line 4');
  assert.equal(describeRunError(null), null);
});
