import { configDefaults } from 'vitest/config';
import { MODULE_MOCK_TESTS, webProject } from './vitest.shared';

export default webProject({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: [...configDefaults.exclude, ...MODULE_MOCK_TESTS],
  // Each test file still gets its own module state (a fresh VM context), but a worker keeps Node's
  // loaded modules and jsdom between files instead of starting a process for each: 207 → 116 s
  // for the web tests on two cores, same 613 tests. The server tests stay on forks (PGlite and
  // argon2 do not load inside a VM context).
  pool: 'vmForks',
});
