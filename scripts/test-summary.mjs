// Adds up vitest JSON reports (and the e2e report when present) into one closing line.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // Playwright's JSON report counts under `stats`; vitest's at the top level.
  const p = report.stats ? report.stats.expected + report.stats.flaky : report.numPassedTests;
  const f = report.stats ? report.stats.unexpected : report.numFailedTests;
  const s = report.stats ? report.stats.skipped : report.numPendingTests + (report.numTodoTests ?? 0);
  passed += p;
  failed += f;
  skipped += s;
  console.log(`${file}: ${p} passed, ${f} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
