// `npm start`: build the web app when no build is present and the server when its bundle is
// missing or older than its sources (after a `git pull`), then run the compiled server
// (apps/server/dist/server.js), which migrates the database and serves the app and /api on one
// port. `--demo` runs the demo instead. tsx is not needed here: it is for `npm run dev` and the
// tests (docs/decisions/023).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_DIR, buildServer, nodeArgs, serverIsCurrent } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demo = process.argv.includes('--demo');
const extra = process.argv.slice(2).filter((a) => a !== '--demo');

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Construyendo la aplicación web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mitos/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!serverIsCurrent()) {
  console.log('Compilando el servidor…');
  await buildServer();
}

const child = spawn(process.execPath, [...nodeArgs(demo ? 'demo' : 'server'), ...extra], {
  cwd: SERVER_DIR,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
