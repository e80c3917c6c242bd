import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverIsCurrent } from '../../apps/server/build.mjs';
import { firstAnswer, freePort } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface StartupFigures {
  /** Milliseconds from spawning `node scripts/start.mjs` to the first answer of GET /api/health. */
  ms: number[];
  median: number;
  max: number;
}

/**
 * The time from `npm start` to the first answered request, on an existing embedded database
 * (`dataDir`, a DATA_DIR whose server has stopped): `node scripts/start.mjs` (what `npm start`
 * runs, without npm's own start) is spawned `runs` times, each time polled every 10 ms with
 * GET /api/health (answered once the database answers), then stopped. The web app and the
 * server are built beforehand, untimed, as a deployment's second start finds them.
 */
export async function measureStartup(dataDir: string, runs = 3): Promise<StartupFigures> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@mitos/web'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error(`the web build failed (${build.status})`);
  }
  if (!serverIsCurrent()) await buildServer();
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) {
    const port = await freePort();
    const spawned = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        INIT_CWD: ROOT,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors = (errors + chunk).slice(-4000)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      ms.push(await firstAnswer(`http://127.0.0.1:${port}/api/health`, child, spawned, 60_000));
    } catch (err) {
      throw new Error(`npm start did not answer: ${(err as Error).message}\n${errors}`);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return { ms, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
}
