// An example host page for the embed protocol (web/README.md, "Driving an
// embed from its host page"): its own Previous / Next buttons and prose beside
// a stridelab iframe. Served at examples/host.html; `?lab=<url of stridelab>`
// points it at a stridelab on another site (its origin must then be allowed:
// this page adds ?host=<its own origin> to the iframe's address).
const code = 'import torch\n\na = torch.arange(6).reshape(2, 3)\nb = a.t()\nb[0, 0] = 100\nprint(a)\n';
const prose = {
  3: 'a is made: one storage of 6 cells.',
  4: 'b = a.t() is a view: the same storage, strides swapped.',
  5: 'Writing through b changes a too: they share cells.',
};
const params = new URLSearchParams(location.search);
const lab = new URL(params.get('lab') || '../index.html', location.href);
lab.searchParams.set('embed', '1');
lab.searchParams.set('host', location.origin);
lab.hash = 'code=' + btoa(code).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') + '&step=1';
const frame = document.getElementById('lab');
frame.src = lab.href;

let step = 1;
const send = (msg) => frame.contentWindow.postMessage(msg, lab.origin);
document.getElementById('next').addEventListener('click', () => send({ type: 'stridelab:goto', step: step + 1 }));
document.getElementById('prev').addEventListener('click', () => send({ type: 'stridelab:goto', step: Math.max(1, step - 1) }));
document.getElementById('run-other').addEventListener('click', () => send({ type: 'stridelab:run', code: code.replace('a.t()', 'a.t().contiguous()') }));

window.addEventListener('message', (event) => {
  // Only the iframe, from the origin it was loaded from.
  if (event.source !== frame.contentWindow || event.origin !== lab.origin) return;
  const msg = event.data || {};
  if (msg.type === 'stridelab:ready') document.body.dataset.labReady = 'true';
  if (msg.type !== 'stridelab:step') return;
  step = msg.step;
  document.getElementById('step').textContent = String(msg.step);
  document.getElementById('line').textContent = String(msg.line);
  document.getElementById('prose').textContent = prose[msg.line] || 'Step through the program.';
  document.body.dataset.step = String(msg.step);
});
