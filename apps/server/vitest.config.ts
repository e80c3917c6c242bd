import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // A worker process runs file after file with the modules it has loaded (the app's ~1.5 s of
    // imports and PGlite's WebAssembly once per worker, not once per file): 350 → 255 s for the
    // server's tests on two cores. Each file still builds its own app on its own database
    // (test/helpers.ts). State in src/ that outlives an app belongs to the app, its database or
    // its pool, or is the process's own (the event-loop monitor, the data directory's locks):
    // decision 046's rules for tests.
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
