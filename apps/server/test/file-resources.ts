/**
 * What a test file opened (its apps and databases), closed after the file's last test by
 * test/setup.ts. A worker runs file after file in one process (`isolate: false`, decision 046),
 * so what a file leaves open stays open for the files after it: a PostgreSQL connection each, up
 * to the server's `max_connections`. A hook a helper registers cannot do this: vitest runs no
 * `afterAll` registered from inside a `beforeAll` or a test (checked with vitest 4).
 */
const openedByFile: (() => Promise<void>)[] = [];

/** `close`, made safe to call more than once, and called after the file's tests if nobody did. */
export function closeAfterFile(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => (closing ??= close());
  openedByFile.push(once);
  return once;
}

/** Closes what the file opened, the last opened first; every one is tried, the first failure thrown. */
export async function closeWhatTheFileOpened(): Promise<void> {
  const failures: unknown[] = [];
  for (const close of openedByFile.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
