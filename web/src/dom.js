// Building and updating the page's DOM: `el` and `svg` make an element from a
// tag, attributes and children; `morph` makes a built element look like a
// freshly built copy of it, touching only what differs.

/** Makes `target` look like `source` (a freshly built copy of it), changing
 *  only the attributes, texts and children that differ, so that what did not
 *  change is neither laid out nor painted again. Event listeners are not
 *  copied: views that morph listen on a container and read data attributes. */
export function morph(target, source) {
  // Most of a panel is the same from one step to the next: the browser's own
  // comparison skips such a subtree much faster than walking it here.
  if (target.isEqualNode(source)) return;
  if (target.nodeType !== source.nodeType || target.nodeName !== source.nodeName) { target.replaceWith(source); return; }
  if (target.nodeType === 3) { if (target.data !== source.data) target.data = source.data; return; }
  for (const a of [...target.attributes]) if (!source.hasAttribute(a.name)) target.removeAttribute(a.name);
  for (const a of source.attributes) {
    if (target.getAttribute(a.name) === a.value) continue;
    // A style attribute may not be set as text under the page's CSP: through CSSOM it may.
    if (a.name === 'style') target.style.cssText = source.style.cssText;
    else target.setAttribute(a.name, a.value);
  }
  const from = [...target.childNodes];
  const to = [...source.childNodes];
  to.forEach((child, i) => { if (i < from.length) morph(from[i], child); else target.append(child); });
  for (let i = to.length; i < from.length; i++) from[i].remove();
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

const SVGNS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}
