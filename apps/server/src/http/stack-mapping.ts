import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ROOT } from '../package-root';

/**
 * A stack frame's place in a built file: `file:///…/dist/chunks/x.js:12:34` or the same as a path.
 * Stops at a quote or a backslash, so it reads the frames inside a JSON log line too.
 */
const FRAME = /(file:\/\/)?(\/[^\s()"'\\:]+\.js):(\d+):(\d+)/g;

/**
 * Stack traces of the built server name the lines of `src/` (docs/decisions/023) without Node's
 * `--enable-source-maps`, which reads and keeps every loaded module's source map for the life of
 * the process: drizzle-orm ships one per file, 15–20 MB of the server's resident size. Here only
 * the frames of the files under `root` (dist/) are mapped, and their maps are read the first time
 * a logged error passes through one of them.
 */
export class StackMapper {
  private readonly maps = new Map<string, SourceMap | null>();

  constructor(private readonly root: string) {}

  /** The text with each frame in a built file under `root` replaced by its place in the source. */
  map(text: string): string {
    if (!text.includes(this.root)) return text;
    return text.replace(
      FRAME,
      (frame, url: string | undefined, file: string, line: string, column: string) => {
        if (!file.startsWith(this.root + path.sep)) return frame;
        const entry = this.sourceMap(file)?.findEntry(Number(line) - 1, Number(column) - 1);
        if (!entry || !('originalSource' in entry)) return frame;
        const source = entry.originalSource.startsWith('file:')
          ? fileURLToPath(entry.originalSource)
          : path.resolve(path.dirname(file), entry.originalSource);
        const place = url ? pathToFileURL(source).href : source;
        return `${place}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      },
    );
  }

  private sourceMap(file: string): SourceMap | null {
    let map = this.maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as never);
      } catch {
        map = null; // no map beside it (or not ours): the frame stays as it is
      }
      this.maps.set(file, map);
    }
    return map;
  }
}

/** The built server's own files (dist/): the frames the logger and a failed start map to `src/`. */
export const builtFrames = new StackMapper(path.join(SERVER_ROOT, 'dist'));

/** An error as printed when nothing else can report it (a start that failed), its frames mapped. */
export function mappedStack(err: unknown, frames: StackMapper = builtFrames): string {
  return frames.map(err instanceof Error ? (err.stack ?? String(err)) : String(err));
}
