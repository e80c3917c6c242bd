import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** One line of the table: a figure, the ceiling it is read against, and the target when there is one. */
export interface Row {
  measure: string;
  database: string;
  matches: string;
  figure: string;
  ceiling: string;
  ratio: string;
  target: string;
  /** null when the line has no target. */
  met: boolean | null;
}

const HEADERS = ['Measure', 'Database', 'Matches', 'Figure', 'Ceiling', 'Ratio', 'Target', 'Met'] as const;

const cells = (row: Row): string[] => [
  row.measure,
  row.database,
  row.matches,
  row.figure,
  row.ceiling,
  row.ratio,
  row.target,
  row.met === null ? '' : row.met ? 'yes' : 'NO',
];

export function textTable(rows: readonly Row[]): string {
  const lines = [HEADERS as readonly string[], ...rows.map(cells)];
  const widths = HEADERS.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (line: readonly string[]) =>
    line
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [format(lines[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.slice(1).map(format)].join(
    '\n',
  );
}

export function markdownTable(rows: readonly Row[]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const line = (values: readonly string[]) => `| ${values.map(escape).join(' | ')} |`;
  return [line(HEADERS), line(HEADERS.map(() => '---')), ...rows.map((row) => line(cells(row)))].join('\n');
}

export const integer = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => (n < 10 ? `${n.toFixed(1)} ms` : `${integer(n)} ms`);
export const percent = (n: number) => `${(n * 100).toFixed(n < 0.1 ? 1 : 0)} %`;
export const times = (n: number) => `${n.toFixed(2)}×`;
export const megabytes = (bytes: number) => `${integer(bytes / 1024 / 1024)} MB`;
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/**
 * Writes the generated part of docs/benchmarks.md between its markers, keeping what people
 * wrote around it (the findings); a missing file gets the markers and a findings heading.
 */
export function writeResults(file: string, generated: string): void {
  const block = `${START}\n${generated.trim()}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `# Benchmarks\n\n${block}\n\n## Findings\n`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
