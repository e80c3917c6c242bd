import { afterAll } from 'vitest';
import { closeWhatTheFileOpened } from './file-resources';

// After each test file: its apps and databases, so the next file in this worker starts clean.
afterAll(closeWhatTheFileOpened);
