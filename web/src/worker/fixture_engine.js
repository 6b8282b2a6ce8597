// The fixture engine: same API as the wasm module (run/state/trace), serving the
// hand-written traces in web/test/fixtures/. Used only when the wasm engine has
// not been built, or when the page is opened with ?engine=fixture.
import { FIXTURES } from '../../test/fixtures/fixture_traces.mjs';

const normalise = (code) => code.replace(/\r\n/g, '\n').split('\n').map((l) => l.trimEnd()).join('\n').trim();

export function createFixtureEngine() {
  let current = null;
  return {
    run(code) {
      if (/while\s+True\s*:/.test(code)) {
        // Behave like a runaway program so that Stop can be tested: never return.
        for (;;) { /* spin until the page terminates this worker */ }
      }
      current = FIXTURES.find((f) => normalise(f.code) === normalise(code)) || null;
      if (!current) {
        const message = 'the fixture engine only knows ' + FIXTURES.length +
          ' programs (web/test/fixtures/); build the wasm engine to run any code';
        return JSON.stringify({ steps: 0, stdout: '', stderr: '', error: { type: 'FixtureEngine', message, line: null, traceback: 'FixtureEngine: ' + message + '\n' } });
      }
      return JSON.stringify(current.summary);
    },
    state(n) {
      if (!current || n < 0 || n >= current.states.length) throw new Error('no step ' + n);
      return JSON.stringify(current.states[n]);
    },
    trace() { return JSON.stringify({ fixture: current ? current.name : null, states: current ? current.states : [] }); },
  };
}

export const FIXTURE_CODES = FIXTURES.map((f) => ({ name: f.name, code: f.code }));
