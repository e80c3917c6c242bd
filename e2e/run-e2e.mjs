// Builds the app, starts the real server (as `npm start` does) on a fresh in-memory database and a free port, runs the
// Playwright specs in Debian's Chromium, and stops the server.
//   --optional   skip (loudly) when no Chromium is found, unless E2E_REQUIRE_BROWSER=1
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startE2eServer } from './e2e-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const optional = process.argv.includes('--optional');
const passThrough = process.argv.slice(2).filter((a) => a !== '--optional');

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c) => c && existsSync(c)) ?? null;
}

const chromium = findChromium();
if (!chromium) {
  const message = 'E2E: no Chromium found (install Debian\'s "chromium" or set CHROMIUM_PATH).';
  if (optional && process.env.E2E_REQUIRE_BROWSER !== '1') {
    console.warn(`\n${'!'.repeat(72)}\n!! ${message}\n!! SKIPPED the browser tests.\n${'!'.repeat(72)}\n`);
    process.exit(0);
  }
  console.error(message);
  process.exit(1);
}
if (!readdirSync(path.join(here, 'specs')).some((f) => f.endsWith('.spec.ts'))) {
  console.log('E2E: no specs yet.');
  process.exit(0);
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', '@mitos/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = startE2eServer(port);

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('E2E: the server did not start');
}

let code = 1;
try {
  await waitForHealth();
  const result = spawnSync(
    'npx',
    ['playwright', 'test', '-c', path.join(here, 'playwright.config.ts'), ...passThrough],
    {
      cwd: here,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium },
    },
  );
  code = result.status ?? 1;
} finally {
  server.kill('SIGTERM');
}
process.exit(code);
