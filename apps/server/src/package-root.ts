import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), where its files read at run time live (the
 * migrations, the demo's logos, the web app beside it). Found by walking up to its package.json,
 * because this code runs from two depths: as TypeScript under src/ (tsx, the tests) and bundled
 * into dist/ (`npm start`, docs/decisions/023).
 */
export const SERVER_ROOT = packageRoot(import.meta.dirname);

function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
