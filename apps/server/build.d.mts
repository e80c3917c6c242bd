// Types of build.mjs, for the bench's TypeScript that starts the compiled server.
export const SERVER_DIR: string;
export const DIST_DIR: string;
export function builtEntry(name: string): string;
export function nodeArgs(name: string, extraFlags?: readonly string[]): string[];
export function serverIsCurrent(): boolean;
export function buildServer(): Promise<void>;
