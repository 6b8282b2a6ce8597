// Python highlighting: a small line tokenizer, run by CodeMirror's StreamLanguage
// in the editor (instead of the full Lezer Python grammar, whose parse tables
// are ~60 KB of the page) and by the read-only code view shown until the editor
// is first used (highlightLines, through a minimal StringStream). It knows what
// a learner's snippet shows: keywords, builtins, strings (prefixes, triple
// quotes across lines), numbers, comments, decorators, the names that `def` and
// `class` introduce, and `self`. Indentation: one unit more after a line that
// ends with `:`, the line's own indentation otherwise.

const words = (s) => new Set(s.split(' '));
const KEYWORDS = words('and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case');
const ATOMS = words('True False None Ellipsis NotImplemented __name__');
const BUILTINS = words('abs all any bool dict dir divmod enumerate filter float format getattr hasattr hash id int isinstance issubclass iter len list map max min next object print range repr reversed round set setattr slice sorted str sum super tuple type vars zip');
const NUMBER = /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d+)?[jJ]?)/;
const STRING_START = /^([rRbBfFuU]{0,2})('''|"""|'|")/;
const OPERATOR = /^(\*\*=?|\/\/=?|<<=?|>>=?|->|:=|[-+*\/%&|^~<>!=@]=?)/;

function stringBody(stream, state) {
  const { quote, raw } = state.string;
  while (!stream.eol()) {
    if (!raw && stream.eat('\\')) { stream.next(); continue; }
    if (stream.match(quote)) { state.string = null; return 'string'; }
    stream.next();
  }
  // A single-quoted string ends with its line (an error Python reports itself).
  if (quote.length === 1) state.string = null;
  return 'string';
}

/** The spec for StreamLanguage.define (no CodeMirror import here). */
export const pythonSpec = {
  name: 'python',
  startState: () => ({ string: null, after: null }),
  token(stream, state) {
    if (state.string) return stringBody(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') { stream.skipToEnd(); return 'comment'; }
    const s = stream.match(STRING_START);
    if (s) {
      state.string = { quote: s[2], raw: /r/i.test(s[1]) };
      state.after = null;
      return stringBody(stream, state);
    }
    if (stream.match(NUMBER)) { state.after = null; return 'number'; }
    if (stream.sol() && stream.match(/^@[\w.]+/)) return 'meta';
    const w = stream.match(/^[A-Za-z_]\w*/);
    if (w) {
      const name = w[0];
      const after = state.after;
      state.after = null;
      if (after === 'def') return 'def';
      if (after === 'class') return 'className';
      if (KEYWORDS.has(name)) {
        if (name === 'def' || name === 'class') state.after = name;
        return 'keyword';
      }
      if (ATOMS.has(name)) return 'atom';
      if (name === 'self') return 'self';
      if (BUILTINS.has(name) && stream.peek() !== '=') return 'builtin';
      return 'variableName';
    }
    state.after = null;
    if (stream.match(OPERATOR)) return 'operator';
    if (stream.match(/^[()[\]{}]/)) return 'bracket';
    stream.next();
    return 'punctuation';
  },
  indent(state, textAfter, cx) {
    if (state.string) return null;
    // The last line with code before the position (a new line's break is simulated).
    let line = cx.lineAt(cx.pos, -1);
    let text = line.text.slice(0, cx.pos - line.from);
    while (!text.trim() && line.from > 0) {
      line = cx.lineAt(line.from - 1, -1);
      text = line.text;
    }
    const base = /^\s*/.exec(text)[0].replace(/\t/g, '    ').length;
    if (/:\s*(#.*)?$/.test(text)) return base + cx.unit;
    if (/^\s*(else|elif|except|finally)\b/.test(textAfter)) return Math.max(0, base - cx.unit);
    return base;
  },
  languageData: { commentTokens: { line: '#' }, indentOnInput: /^\s*(else:|elif\b|except\b|finally:)$/ },
};

// Just what the tokenizer uses of CodeMirror's StringStream.
class LineStream {
  constructor(text) { this.string = text; this.pos = 0; this.start = 0; }
  eol() { return this.pos >= this.string.length; }
  sol() { return this.pos === 0; }
  peek() { return this.string.charAt(this.pos) || undefined; }
  next() { if (this.pos < this.string.length) return this.string.charAt(this.pos++); }
  eat(ch) { if (this.string.charAt(this.pos) === ch) { this.pos++; return ch; } }
  eatSpace() { const from = this.pos; while (/\s/.test(this.string.charAt(this.pos))) this.pos++; return this.pos > from; }
  skipToEnd() { this.pos = this.string.length; }
  match(pattern) {
    if (typeof pattern === 'string') {
      if (this.string.startsWith(pattern, this.pos)) { this.pos += pattern.length; return true; }
      return null;
    }
    const m = pattern.exec(this.string.slice(this.pos));
    if (!m || m.index > 0) return null;
    this.pos += m[0].length;
    return m;
  }
}

/** Each line of `code` as [[text, style|null], ...]. */
export function highlightLines(code) {
  const state = pythonSpec.startState();
  return code.split('\n').map((text) => {
    const stream = new LineStream(text);
    const out = [];
    while (!stream.eol()) {
      stream.start = stream.pos;
      const style = pythonSpec.token(stream, state);
      if (stream.pos === stream.start) stream.pos++; // never stall
      const piece = text.slice(stream.start, stream.pos);
      const last = out[out.length - 1];
      if (last && last[1] === style) last[0] += piece;
      else out.push([piece, style]);
    }
    // A line that ends without closing a one-quote string ends it (token() does too).
    return out;
  });
}
