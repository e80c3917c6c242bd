import { defineProject } from 'vitest/config';

/** The bench's own pure parts (its measures run with `npm run bench`, not here). */
export default defineProject({
  test: {
    name: 'bench',
    include: ['lib/**/*.test.ts'],
    environment: 'node',
  },
});
