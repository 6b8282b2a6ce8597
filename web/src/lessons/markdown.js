// Lesson prose as CommonMark, rendered by markdown-it: links, lists, tables,
// images, code. Raw HTML is never rendered (html: false: it is shown as text),
// links open only http(s), mailto and the page's own addresses (markdown-it
// refuses javascript: and data: links itself), and nothing is given a style
// attribute (a table column's alignment becomes a class), so the page's CSP
// (no inline styles) holds. `:::name` blocks other than the lesson's own
// (claim, question, exercise: lesson_format.js) are boxes with the class
// `lesson-box lesson-box-NAME`, through markdown-it-container.
import MarkdownIt from 'markdown-it';
import container from 'markdown-it-container';

export const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.use(container, 'box', {
  marker: ':',
  validate: (params) => /^[a-z][\w-]*/i.test(params.trim()),
  render(tokens, idx) {
    const t = tokens[idx];
    if (t.nesting !== 1) return '</div>\n';
    const name = t.info.trim().match(/^[a-z][\w-]*/i)[0].toLowerCase();
    return `<div class="lesson-box lesson-box-${name}" data-box="${name}">\n`;
  },
});
md.core.ruler.push('no_style', (state) => {
  for (const t of state.tokens) {
    if (!t.attrs) continue;
    const style = t.attrGet('style');
    if (style === null) continue;
    t.attrs = t.attrs.filter(([k]) => k !== 'style');
    const align = /text-align:\s*(\w+)/.exec(style);
    if (align) t.attrJoin('class', `align-${align[1]}`);
  }
});
// Links leave the page in a new tab; the page's own (#lesson=...) stay.
const linkOpen = md.renderer.rules.link_open || ((tokens, idx, options, env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet('href') || '';
  if (!href.startsWith('#')) { tokens[idx].attrSet('target', '_blank'); tokens[idx].attrSet('rel', 'noopener'); }
  return linkOpen(tokens, idx, options, env, self);
};

/** Markdown blocks as an element (a div). */
export function markdownBlock(text, cls = 'md') {
  const div = document.createElement('div');
  div.className = cls;
  div.innerHTML = md.render(text);
  return div;
}

/** One line of inline Markdown as a span. */
export function markdownInline(text) {
  const span = document.createElement('span');
  span.innerHTML = md.renderInline(text);
  return span;
}
