// The embed protocol (web/README.md, "Driving an embed from its host page"):
// a page that shows stridelab in an iframe can move it to a step and run code
// in it, and hears of every step change.
//
//   host → iframe  {type: 'stridelab:goto', step: N}   (1-based, as in the URL)
//                  {type: 'stridelab:run', code}
//   iframe → host  {type: 'stridelab:ready'}            once the page has loaded
//                  {type: 'stridelab:step', step, line}  (1-based step) on every step change
//
// NOTE [The origin policy]
// Messages are taken only from the window that frames the page (event.source
// is window.parent), and only when their origin is the page's own or the one
// the iframe's address names with `?host=<origin>` (`?host=*` takes any). The
// page posts to that same origin and no other (to any origin only with
// `host=*`; what it posts is a step and a line, never code or output).
// A page that is not framed listens to nothing.

/** The origin the host may have, from ?host=: the page's own by default. */
export function hostOrigin(params, ownOrigin) {
  const h = params.get('host');
  if (!h) return ownOrigin;
  if (h === '*') return '*';
  try { return new URL(h).origin; } catch { return ownOrigin; }
}

export function listenToHost({ channel, params, requestStep, runCode, isRunning }) {
  if (window.parent === window) return null;
  // file:// pages have the origin "null": only ?host=* can reach them.
  const allowed = hostOrigin(params, location.origin);
  const post = (msg) => {
    try { window.parent.postMessage(msg, allowed === 'null' ? '*' : allowed); } catch { /* the host went away */ }
  };
  let pendingStep = null;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    if (allowed !== '*' && event.origin !== allowed) return;
    const msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
    if (msg.type === 'stridelab:goto') {
      const step = Number(msg.step);
      if (!Number.isInteger(step) || step < 1) return;
      if (isRunning()) pendingStep = step - 1;
      else requestStep(step - 1);
    } else if (msg.type === 'stridelab:run') {
      if (typeof msg.code !== 'string' || msg.code.length > 200000) return;
      pendingStep = null;
      runCode(msg.code);
    }
  });
  channel.on('run:done', () => {
    if (pendingStep === null) return;
    const n = pendingStep;
    pendingStep = null;
    requestStep(n);
  });
  channel.on('step:changed', ({ n, state }) => post({ type: 'stridelab:step', step: n + 1, line: state.line ?? null }));
  return { ready: () => post({ type: 'stridelab:ready' }), allowed };
}
