// The server the browser tests run against, started as `npm start` starts it (the compiled
// server, rebuilt first when its sources changed) on a fresh in-memory database: run-e2e.mjs's,
// and a spec's own (an HTTPS one, e2e/specs/https.spec.ts).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on 127.0.0.1:`port`; `env` adds to (or overrides) the browser tests' settings. */
export function startE2eServer(port, env = {}) {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: 'memory://',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every spec signs players in from 127.0.0.1; the per-IP limit would stop the run.
      AUTH_RATE_LIMIT: '100000',
      // The specs' few players record many matches against each other within minutes.
      MATCH_CREATE_LIMIT: '100000',
      MATCH_PENDING_LIMIT: '100000',
      // The community specs act as an admin: whoever registers with this email is one.
      ADMIN_EMAILS: 'admin-e2e@example.com',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
