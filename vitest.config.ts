import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'apps/web/vitest.isolated.config.ts', 'bench'],
    // Each server test file gets its own database; two workers keep both cores busy without thrashing.
    maxWorkers: 2,
    // CI asks for a JSON report beside the usual output, to print one closing line.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
