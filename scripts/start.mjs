// `npm start`: build the web app when no build is present, then run the server (which migrates
// the database and serves the app and /api on one port). `--demo` runs the demo instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demo = process.argv.includes('--demo');
const extra = process.argv.slice(2).filter((a) => a !== '--demo');

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Construyendo la aplicación web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mitos/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const entry = demo ? 'src/demo.ts' : 'src/server.ts';
const child = spawn(process.execPath, ['--import', 'tsx', entry, ...extra], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
