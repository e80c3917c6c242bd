/**
 * Which sources a built file's bytes came from, read from its source map: each mapped segment
 * of the generated code counts for the source it maps to, up to the next segment.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** One segment of a source map's `mappings`: its VLQ numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

export interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Generated characters per source (code the map leaves unmapped counts for no source). */
export function bytesBySource(code: string, map: SourceMap): Map<string, number> {
  const totals = new Map<string, number>();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const length = (lines[index] ?? '').length;
    let column = 0;
    const starts: { column: number; source: number | null }[] = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      starts.push({ column, source: sourceDelta === undefined ? null : source });
    }
    starts.forEach((start, i) => {
      if (start.source === null) return;
      const name = map.sources[start.source] ?? '?';
      const end = starts[i + 1]?.column ?? length;
      totals.set(name, (totals.get(name) ?? 0) + Math.max(0, end - start.column));
    });
  });
  return totals;
}

/** A node_modules path's package, or the workspace folder of one of ours. */
export function packageOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = source.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? source);
  }
  const ours = /(apps\/[^/]+|packages\/[^/]+)\//.exec(source);
  return ours?.[1] ?? source;
}
