import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetEarlyRequests } from '../lib/api-client';

// A loaded machine (CI with two cores) can take more than a second to render a screen.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Reads asked for early by one test's first screen are not another's answers.
  forgetEarlyRequests();
  localStorage.clear();
  sessionStorage.clear();
});

// The first download loads the bars and the response schemas on demand; loading them once here
// keeps that first import from racing tests that run on fake timers or wait for a bar.
await import('@mitos/domain/session');
await import('../api/inbox-schemas');
await import('../app/top-bar');
await import('../app/bottom-bar');
await import('../components/snackbar-outlet');
