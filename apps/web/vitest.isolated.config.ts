import { MODULE_MOCK_TESTS, webProject } from './vitest.shared';

// The web tests that mock a module, each in a process of its own (see vitest.shared.ts).
export default webProject({ name: 'web-isolated', include: MODULE_MOCK_TESTS, pool: 'forks' });
