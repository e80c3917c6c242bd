import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { builtEntry, nodeArgs } from '../build.mjs';

/** The V8 heap's limit (old and young generations) of a Node process started with these flags. */
function heapLimit(flags: readonly string[]): number {
  const run = spawnSync(
    process.execPath,
    [...flags, '-e', 'console.log(require("node:v8").getHeapStatistics().heap_size_limit)'],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

describe('the server’s Node flags (decision 037)', () => {
  const serverFlags = nodeArgs('server').slice(0, -1);

  it('runs `npm start`’s server with a smaller young generation and a slower-growing old one', () => {
    expect(nodeArgs('server').at(-1)).toBe(builtEntry('server'));
    expect(serverFlags).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^--max-semi-space-size=\d+$/),
        expect.stringMatching(/^--heap-growing-percent=\d+$/),
      ]),
    );
  });

  it('gives flags this Node accepts, and V8 applies them (a smaller young generation)', () => {
    // An unknown flag stops Node with "bad option" (exit 9): `npm start` would not start.
    expect(heapLimit(serverFlags)).toBeLessThan(heapLimit([]));
  });

  it('keeps V8’s defaults for the demo and the operator commands', () => {
    for (const name of ['demo', 'ratings-rebuild-cli', 'migrate-cli'])
      expect(nodeArgs(name)).toEqual([builtEntry(name)]);
  });

  it('puts a bench run’s flags after the server’s own, so that the same flag given there wins', () => {
    expect(nodeArgs('server', ['--max-semi-space-size=16'])).toEqual([
      ...serverFlags,
      '--max-semi-space-size=16',
      builtEntry('server'),
    ]);
  });
});
