// The one channel between views. Views never call each other: they emit and
// listen to the events below. The map is the contract; emitting an event that
// is not in it throws, so a typo is caught at once.

/**
 * @typedef {Object} EventMap
 * @property {{code: string}} 'run:request'         Run button, Ctrl+Enter, lesson load.
 * @property {{}} 'run:stop'                         Stop button.
 * @property {{}} 'run:started'
 * @property {{summary: object, code: string}} 'run:done'
 * @property {{reason: string}} 'run:stopped'
 * @property {{n: number}} 'step:request'            Any control asking for step n.
 * @property {{line: number, after: number, before?: boolean}} 'step:find-line'  Go to the first step after `after` where `line` ran (or the step before it).
 * @property {{line: number, from?: number, limit?: number, reply: (step: number) => void}} 'step:locate-line'  Ask for the first step from `from` on where `line` ran (-1 if none in `limit` steps); the answer comes to `reply`.
 * @property {{reason: string}} 'play:pause'        Stop playing (a question's step was reached).
 * @property {{n: number, total: number, state: object, prev: object|null, diff: object, console: string|null, summary: object}} 'step:changed'  `prev`: the step shown before; `diff`: diffStates(prev, state).
 * @property {{tensor: string, index: number[]}|null} 'select:element'  A tensor element picked.
 * @property {{storage: string, cell: number}|null} 'select:cell'      A storage cell picked.
 * @property {{tensor: string}} 'select:tensor'      Tensor picked in the stride panel or memory view.
 * @property {{line: number}} 'editor:goto'          Traceback link: focus that line.
 * @property {{code: string}} 'editor:set-code'
 * @property {{dirty: boolean}} 'editor:dirty'       Code edited since the last run.
 * @property {{code: string}} 'editor:changed'       The learner edited the code (every edit).
 * @property {{lesson: object, example: number}} 'lesson:loaded'
 * @property {{text: string, level: 'info'|'error'}} 'status'
 */

export const EVENTS = [
  'run:request', 'run:stop', 'run:started', 'run:done', 'run:stopped',
  'step:request', 'step:find-line', 'step:locate-line', 'step:changed', 'play:pause',
  'select:element', 'select:cell', 'select:tensor',
  'editor:goto', 'editor:set-code', 'editor:dirty', 'editor:changed',
  'lesson:loaded', 'status',
];

export class Channel {
  constructor() {
    this.listeners = new Map(EVENTS.map((e) => [e, new Set()]));
    this.last = new Map();
  }
  /** @template {keyof EventMap} K @param {K} name @param {(payload: EventMap[K]) => void} fn */
  on(name, fn) {
    const set = this.listeners.get(name);
    if (!set) throw new Error('unknown event ' + name);
    set.add(fn);
    return () => set.delete(fn);
  }
  /** @template {keyof EventMap} K @param {K} name @param {EventMap[K]} payload */
  emit(name, payload) {
    const set = this.listeners.get(name);
    if (!set) throw new Error('unknown event ' + name);
    this.last.set(name, payload);
    if (!this.profile) { for (const fn of [...set]) fn(payload); return; }
    // Set channel.profile = [] to record how long each listener takes.
    let i = 0;
    for (const fn of [...set]) {
      const t0 = performance.now();
      fn(payload);
      this.profile.push([name, i++, performance.now() - t0]);
    }
  }
  /** The last payload of an event, for views created late. */
  latest(name) { return this.last.get(name); }
}
