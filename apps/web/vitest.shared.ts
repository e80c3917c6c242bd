import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** A project of web tests (vitest.config.ts, vitest.isolated.config.ts): jsdom, the app's setup. */
export function webProject(test: {
  name: string;
  include: string[];
  exclude?: string[];
  pool: 'vmForks' | 'forks';
}) {
  return defineProject({
    plugins: [react()],
    test: { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], testTimeout: 20_000, ...test },
  });
}

/**
 * The test files that hold a module's load back with `vi.mock` (src/test/module-gate.ts), run in
 * a process of their own each. In a worker of `vmForks` a file's `vi.mock` was at times not
 * applied (or another file's was), a module's state already loaded by an earlier file of the same
 * worker: these three failed now and then in full runs and passed alone (Vitest's open issue
 * 11284: "vmThreads: file-scoped vi.mock factory from one test file intermittently resolves
 * against another file's imports").
 */
export const MODULE_MOCK_TESTS = [
  'src/components/day-field.test.tsx',
  'src/features/tournaments/components/tournament-form-dialog.test.tsx',
  'src/features/tournaments/components/tournament-rules.test.tsx',
];
