// Type-checks the e2e and bench workspaces once they hold TypeScript files.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

for (const dir of ['e2e', 'bench']) {
  const hasTs = readdirSync(dir, { recursive: true }).some(
    (f) => String(f).endsWith('.ts') && !String(f).includes('node_modules'),
  );
  if (hasTs) execFileSync('npx', ['tsc', '-p', dir], { stdio: 'inherit' });
}
