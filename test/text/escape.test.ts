// The escaping rule of every output format (src/text/escape.ts, docs/reports.md "Escaping"),
// with exact expected output for each hostile string of test/helpers/hostile.ts.
import { describe, expect, it } from 'vitest';
import {
  csvField,
  escapeHtml,
  escapeMarkdown,
  escapeTerminal,
  jsonText,
  markdownCode,
  markdownFence,
} from '../../src/text/escape.js';
import { HOSTILE, markdownOutsideCode, rawControl } from '../helpers/hostile.js';

const TERMINAL = [
  'csi\\x1b[31mred',
  'osc\\x1b]0;title\\x07',
  'link\\x1b]8;;http://x\\x1b\\',
  'bell\\x07',
  'cr\\rforged',
  'lf\\nwarning: forged',
  'rlo\\u202eevil',
  'lri\\u2066x',
  "=cmd|' /C calc'!A0",
  '@SUM(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'tick`x',
  'pipe|x',
  'end</script>',
  'ls\\u2028x',
];

describe('terminal: controls, DEL, C1 and bidi marks made visible', () => {
  it('each hostile string', () => {
    expect(HOSTILE.map(escapeTerminal)).toEqual(TERMINAL);
  });

  it('every other mark of the rule, and nothing else', () => {
    expect(escapeTerminal('\u0000\u007f\u0080\u009b\u009f\u061c\u200e\u200f\u2029\u202a\u202d\u2067\u2069\t')).toBe(
      '\\x00\\x7f\\x80\\x9b\\x9f\\u061c\\u200e\\u200f\\u2029\\u202a\\u202d\\u2067\\u2069\\t',
    );
    for (const honest of ['sum-array', 'résumé é', 'a/b c', 'Σ → ∞', '日本語', 'x\\y', 'emoji 🚀'])
      expect(escapeTerminal(honest)).toBe(honest);
  });

  it('is idempotent: text escaped once is not changed again', () => {
    for (const s of HOSTILE) expect(escapeTerminal(escapeTerminal(s))).toBe(escapeTerminal(s));
  });
});

describe('Markdown: the terminal rule, then markup, tables and links neutralised', () => {
  it('each hostile string', () => {
    expect(HOSTILE.map(escapeMarkdown)).toEqual([
      'csi\\\\x1b\\[31mred',
      'osc\\\\x1b\\]0;title\\\\x07',
      'link\\\\x1b\\]8;;http://x\\\\x1b\\\\',
      'bell\\\\x07',
      'cr\\\\rforged',
      'lf\\\\nwarning: forged',
      'rlo\\\\u202eevil',
      'lri\\\\u2066x',
      "=cmd\\|' /C calc'!A0",
      '@SUM(1)',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '"&gt;&lt;img src=x onerror=alert(1)&gt;',
      'tick\\`x',
      'pipe\\|x',
      'end&lt;/script&gt;',
      'ls\\\\u2028x',
    ]);
  });

  it('emphasis, links, headings, strikethrough and entities', () => {
    expect(escapeMarkdown('*a* _b_ [c](d) # ~e~ &lt;')).toBe('\\*a\\* \\_b\\_ \\[c\\](d) \\# \\~e\\~ &amp;lt;');
    expect(escapeMarkdown('sum-array é')).toBe('sum-array é');
  });

  it('a code span is longer than any backtick run inside and holds the terminal rule only', () => {
    expect(markdownCode("node -e 'x'")).toBe("`node -e 'x'`");
    expect(markdownCode('a`b``c')).toBe('```a`b``c```');
    expect(markdownCode('`x')).toBe('`` `x ``');
    expect(markdownCode('x\u001b[2J\ny')).toBe('`x\\x1b[2J\\ny`');
  });

  it('a fenced block is longer than any backtick run inside, with no raw line break', () => {
    expect(markdownFence('run x', 'sh')).toBe('```sh\nrun x\n```');
    expect(markdownFence('a ```` b\nc', 'sh')).toBe('`````sh\na ```` b\\nc\n`````');
  });
});

describe('the test helper that reads Markdown outside its code', () => {
  it('drops code spans and fences, keeps escaped backticks and what follows them', () => {
    expect(markdownOutsideCode('a `<script>` b \\`<img` c')).toBe('a  b \\`<img` c');
    expect(markdownOutsideCode('x\n```sh\n<script>\n```\ny')).toBe('x\n\ny');
    expect(markdownOutsideCode(`t ${markdownCode('a`<b>')} u`)).toBe('t  u');
  });
});

describe('HTML: the terminal rule, then & < > " \' as entities (text, attributes, SVG text)', () => {
  it('each hostile string', () => {
    expect(HOSTILE.map(escapeHtml)).toEqual([
      'csi\\x1b[31mred',
      'osc\\x1b]0;title\\x07',
      'link\\x1b]8;;http://x\\x1b\\',
      'bell\\x07',
      'cr\\rforged',
      'lf\\nwarning: forged',
      'rlo\\u202eevil',
      'lri\\u2066x',
      '=cmd|&#39; /C calc&#39;!A0',
      '@SUM(1)',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;',
      'tick`x',
      'pipe|x',
      'end&lt;/script&gt;',
      'ls\\u2028x',
    ]);
  });
});

describe('CSV: formula guard, the terminal rule, RFC 4180 quoting', () => {
  it('each hostile string', () => {
    expect(HOSTILE.map(csvField)).toEqual([
      'csi\\x1b[31mred',
      'osc\\x1b]0;title\\x07',
      'link\\x1b]8;;http://x\\x1b\\',
      'bell\\x07',
      'cr\\rforged',
      'lf\\nwarning: forged',
      'rlo\\u202eevil',
      'lri\\u2066x',
      "'=cmd|' /C calc'!A0",
      "'@SUM(1)",
      '<script>alert(1)</script>',
      '"""><img src=x onerror=alert(1)>"',
      'tick`x',
      'pipe|x',
      'end</script>',
      'ls\\u2028x',
    ]);
  });

  it('formula-leading text gets a quote, TAB and CR included; numbers and numeric text stay numbers', () => {
    expect(csvField('\tx')).toBe("'\\tx");
    expect(csvField('\r=1')).toBe("'\\r=1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('-x, y')).toBe(`"'-x, y"`);
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField('-3.5')).toBe('-3.5');
    expect(csvField('-1e-9')).toBe('-1e-9');
    expect(csvField(false)).toBe('false');
  });
});

describe('JSON: the same value, inert on a terminal', () => {
  it('DEL, C1, bidi marks and U+2028/2029 become \\u escapes; C0 as JSON.stringify writes them', () => {
    const value = { name: HOSTILE.join(' '), c1: '\u009b2J\u007f' };
    const text = jsonText(value);
    expect(rawControl(text.replace(/\n/g, ' '))).toBeNull();
    expect(JSON.parse(text)).toEqual(value);
    expect(jsonText({ a: 'x\u202ey\u2028' }, 0)).toBe('{"a":"x\\u202ey\\u2028"}');
  });
});
