// Sharing: the permalink (code and step in the URL hash), embed mode and the
// "copy embed code" snippet, and export of the memory or graph view as SVG/PNG.
import { el } from '../dom.js';

export function encodeCode(code) {
  const bytes = new TextEncoder().encode(code);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCode(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** {code, step, lesson, example} from a hash like #code=...&step=3 or #lesson=002&example=1&step=3. */
export function readHash(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const out = {};
  if (p.has('code')) { try { out.code = decodeCode(p.get('code')); } catch { /* a broken link: ignore its code */ } }
  if (p.has('step')) out.step = Math.max(0, Number(p.get('step')) - 1) || 0;
  if (p.has('lesson')) out.lesson = p.get('lesson');
  if (p.has('example')) out.example = Math.max(0, Number(p.get('example')) - 1) || 0;
  return out;
}

/** Steps and examples are 1-based in URLs, as the page shows them. A lesson's
 *  link carries its code only when it was edited (`code` not null). */
export function makeHash({ code, step, lesson, lessonUrl, example }) {
  const p = new URLSearchParams();
  if (lessonUrl) {
    p.set('lesson-url', lessonUrl);
    p.set('example', String((example || 0) + 1));
  } else if (lesson) {
    p.set('lesson', lesson);
    p.set('example', String((example || 0) + 1));
  }
  if (code !== undefined && code !== null) p.set('code', encodeCode(code));
  if (step !== undefined && step !== null) p.set('step', String(step + 1));
  return '#' + p.toString();
}

export function pageUrl({ embed = false } = {}) {
  const u = new URL(location.href);
  u.hash = '';
  if (embed) u.searchParams.set('embed', '1'); else u.searchParams.delete('embed');
  u.searchParams.delete('engine');
  return u.toString();
}

export function embedSnippet(hash) {
  const src = pageUrl({ embed: true }) + hash;
  return `<iframe src="${src.replace(/"/g, '&quot;')}" width="960" height="560" style="border:1px solid #ccd" title="stridelab: PyTorch memory, step by step" loading="lazy"></iframe>`;
}

/** A standalone SVG string of an element, with a white background and a title. */
export function svgText(svgEl, title) {
  const clone = svgEl.cloneNode(true);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const w = Number(clone.getAttribute('width')) || 600;
  const h = Number(clone.getAttribute('height')) || 400;
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  // The page draws its SVGs without a viewBox (one unit a pixel); the file
  // gets one so that it scales where it is shown.
  if (!clone.hasAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${w} ${h}`);
  bg.setAttribute('x', 0); bg.setAttribute('y', 0); bg.setAttribute('width', w); bg.setAttribute('height', h); bg.setAttribute('fill', '#ffffff');
  clone.insertBefore(bg, clone.firstChild);
  if (title) {
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.textContent = title;
    clone.insertBefore(t, clone.firstChild);
  }
  return new XMLSerializer().serializeToString(clone);
}

export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

export function svgToPng(text, width, height, scale = 2) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(width * scale);
      canvas.height = Math.ceil(height * scale);
      const ctx = canvas.getContext('2d');
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0);
      URL.revokeObjectURL(url);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png');
    };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error('could not draw the SVG')); };
    img.src = url;
  });
}

export async function copyText(text) {
  try { await navigator.clipboard.writeText(text); return true; } catch { return false; }
}
