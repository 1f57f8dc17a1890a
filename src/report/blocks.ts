// A tiny document model shared by the plain-text and Markdown renderings of the same
// report: sections are built once as blocks of PLAIN text, and each writer escapes for
// its own format (benchmark names are user input; in Markdown, `<b>` or `|` would
// otherwise become markup or break a table; the rules are in src/text/escape.ts).
import { escapeMarkdown, markdownFence } from '../text/escape.js';
import { table } from './format.js';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  /** Label → value pairs (a left-aligned list in text, a two-column table in Markdown). */
  | { kind: 'facts'; header: [string, string]; rows: [string, string][] }
  | { kind: 'code'; text: string };

export type TextStyle = 'text' | 'markdown';

function writeText(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `${b.text}\n${'='.repeat([...b.text].length)}`;
    case 'heading':
      return `${b.text}\n${'-'.repeat([...b.text].length)}`;
    case 'para':
      return b.text;
    case 'list':
      return b.items.map((i) => `  - ${i}`).join('\n');
    case 'table':
      return table(b.header, b.rows)
        .split('\n')
        .map((l) => `  ${l}`)
        .join('\n');
    case 'facts': {
      const w = Math.max(...b.rows.map(([k]) => [...k].length));
      return b.rows.map(([k, v]) => `  ${k}${' '.repeat(w - [...k].length)}  ${v}`).join('\n');
    }
    case 'code':
      return b.text
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n');
  }
}

function writeMarkdown(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `# ${escapeMarkdown(b.text)}`;
    case 'heading':
      return `## ${escapeMarkdown(b.text)}`;
    case 'para':
      return escapeMarkdown(b.text);
    case 'list':
      return b.items.map((i) => `- ${escapeMarkdown(i)}`).join('\n');
    case 'facts':
    case 'table': {
      const row = (cells: string[]) => `| ${cells.map((c) => escapeMarkdown(c) || ' ').join(' | ')} |`;
      const align = b.header.map((_, i) => (i === 0 || b.kind === 'facts' ? ':--' : '--:'));
      return [row(b.header), `| ${align.join(' | ')} |`, ...b.rows.map(row)].join('\n');
    }
    case 'code':
      return markdownFence(b.text, 'sh');
  }
}

export function writeBlocks(blocks: readonly Block[], style: TextStyle): string {
  const write = style === 'markdown' ? writeMarkdown : writeText;
  return `${blocks.map(write).join('\n\n')}\n`;
}
