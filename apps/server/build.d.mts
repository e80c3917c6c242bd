// Types of build.mjs, for the bench's and the tests' TypeScript that start the compiled server.
export const SERVER_DIR: string;
export const DIST_DIR: string;
export function builtEntry(name: string): string;
export function nodeArgs(name: string, extraFlags?: readonly string[]): string[];
export function serverIsCurrent(): boolean;
export const ENTRIES: Record<string, string>;
export function buildServer(outdir?: string): Promise<void>;
export const OUTPUT_OPTIONS: {
  format: 'esm';
  platform: 'node';
  target: string;
  sourcemap: boolean;
  sourcesContent: boolean;
  minifyWhitespace: boolean;
};
