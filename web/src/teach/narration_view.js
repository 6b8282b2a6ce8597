// The step's narration: one plain sentence the engine makes from the trace's
// facts (docs/trace-format.md, `narration`), shown above the memory view and
// read by screen readers through the stepper's announcer (step-announcer),
// which speaks it with the step: this paragraph is not a live region, so a
// step is announced once.
import { el } from '../dom.js';

export function createNarrationView(root, channel) {
  const p = el('p', { class: 'narration', 'data-testid': 'step-narration' });
  root.append(p);
  const show = (text) => {
    // `code` in the sentence is shown as code; the text itself stays plain.
    const parts = String(text || '').split('`');
    p.replaceChildren(...parts.map((t, i) => (i % 2 ? el('code', {}, t) : t)));
  };
  channel.on('run:started', () => show(''));
  channel.on('step:changed', ({ state }) => show(state.narration || ''));
  return { element: p };
}
