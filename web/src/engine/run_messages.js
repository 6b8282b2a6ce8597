// What a run's error says on the page. The engine words its own limits for the
// command line ("raise it with --max-steps N"); the page has no flags, so those
// messages are reworded here from their content, in the page's terms: which of
// the page's limits stopped the run and that the steps before it are kept. An
// engine that failed (out of stack, a crash in the worker) is told apart from
// an error in the learner's program, and so is a name stridelab lacks.

const FLAG = /\s*\((?:raise (?:it|the limit) with|use) --[\w-]+(?: N)?\)/g;

const number = (n) => Number(n).toLocaleString('en-US');
const kept = (steps) => (steps > 0 ? `The ${number(steps)} steps before it are kept: step through them.` : '');

/** The run's error as the page shows it: `{type, message, line, traceback, status, kind}`,
 *  kind one of `limit`, `engine`, `unsupported`, `program`; `original` keeps the engine's text. */
export function describeRunError(error, { steps = 0 } = {}) {
  if (!error) return null;
  const message = String(error.message || '');
  const out = { ...error, original: message, kind: 'program', status: `${error.type} at line ${error.line ?? '?'}` };
  const limit = (what, status) => {
    const text = `${what} ${kept(steps)}`.trim();
    return { ...out, kind: 'limit', type: 'Stopped', message: text, traceback: `Stopped at line ${error.line ?? '?'}: ${text}\n`,
      status: `${status} · ${number(steps)} steps kept` };
  };
  let m;
  if (error.type === 'Stopped' && error.stoppedAfter && error.replayed) {
    return limit(`The run took longer than ${error.stoppedAfter} s without reaching one of the page's limits, so the page stopped it, and ran it again as far as it had got.`,
      `stopped after ${error.stoppedAfter} s`);
  }
  if (error.type === 'Stopped' && error.stoppedAfter) {
    return limit(`The run took longer than ${error.stoppedAfter} s, so the page stopped it, and ran it again only as far as its first lines.`,
      `stopped after ${error.stoppedAfter} s`);
  }
  if ((m = /step limit exceeded: the program ran more than (\d+)/.exec(message))) {
    return limit(`The page stops a run after ${number(m[1])} lines have run (its step limit), and this one ran more.`, 'stopped at the step limit');
  }
  if ((m = /time limit exceeded: the program ran longer than ([\d.]+) s/.exec(message))) {
    return limit(`The page stops a run after ${m[1]} seconds (its time limit), and this one ran longer.`, 'stopped at the time limit');
  }
  if ((m = /memory limit exceeded: the program's objects took more than (.+?)(?: \(|$)/.exec(message))) {
    return limit(`The page lets a run's objects (lists, strings, dicts, numbers) use at most ${m[1]} (its memory limit), and this one's took more.`,
      'stopped at the memory limit');
  }
  if ((m = /tensor storage limit of (.+?) reached/.exec(message))) {
    const clean = message.replace(/^stridelab: /, '').replace(FLAG, '');
    const text = `The page lets a run's tensors use at most ${m[1]} (its memory limit): ${clean.replace(/^tensor storage limit of .+? reached: /, '')}.`;
    return { ...out, kind: 'limit', message: text, traceback: String(error.traceback || '').replace(message, text), status: `${error.type}: the memory limit at line ${error.line ?? '?'}` };
  }
  if (error.type === 'EngineFailure') {
    const stack = /call stack|stack overflow|too much recursion/i.test(message);
    const what = stack
      ? 'The engine ran out of stack in this browser: the program nests calls more deeply than the browser lets the engine go.'
      : `The engine failed in this browser (${message}).`;
    const text = `${what} ${kept(steps)} The next Run starts a fresh engine.`.replace(/\s+/g, ' ').trim();
    return { ...out, kind: 'engine', message: text, traceback: `Engine failure${error.line ? ` after line ${error.line}` : ''}: ${text}\n`,
      status: `the engine failed${steps ? ` · ${number(steps)} steps kept` : ''}` };
  }
  // A name PyTorch has and stridelab lacks comes from the engine as
  // "stridelab does not support torch.fft yet" (it knows PyTorch's names), so
  // an AttributeError is the learner's own, as in PyTorch.
  if (error.type === 'NotImplementedError' && (m = /stridelab does not support (\S+) yet/.exec(message))) {
    return { ...out, kind: 'unsupported', status: `${m[1]}: not in stridelab yet, line ${error.line ?? '?'}` };
  }
  if (error.type === 'NotImplementedError' && /not supported by stridelab|stridelab does not support /.test(message)) {
    return { ...out, kind: 'unsupported', status: `not supported by stridelab, at line ${error.line ?? '?'}` };
  }
  if (FLAG.test(message)) {
    FLAG.lastIndex = 0;
    const text = message.replace(FLAG, '');
    return { ...out, message: text, traceback: String(error.traceback || '').split(message).join(text) };
  }
  return out;
}
