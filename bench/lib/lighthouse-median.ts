import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';

/**
 * One screen's runs of Lighthouse, reduced to one: the median run as Lighthouse's own tooling
 * chooses it (the run closest to the median first contentful paint and the median time to
 * interactive: a median of each figure separately could mix runs), and the spread of the figures
 * the targets look at, so that a verdict on a noisy machine can be seen as one.
 *
 * On this machine one screen's TBT moved by 134–351 ms over five runs of the same build (session
 * 22), and by 582–1,607 ms on a slow day: a single run cannot tell a change from the noise.
 */

/** What is read of a run's result. */
export interface MedianRunInput {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

export interface Spread {
  /** Runs whose figures count (a run Lighthouse itself failed to record does not). */
  runs: number;
  performance: [number, number];
  lcpMs: [number, number];
  tbtMs: [number, number];
}

const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/**
 * The median of the runs that have their figures, with the spread over them; null when none has
 * (the caller reports the last run's error).
 */
export function medianOfRuns<R extends MedianRunInput>(
  runs: readonly R[],
): { median: R; spread: Spread } | null {
  const valid = filterToValidRuns(
    runs.filter((r) => !r.runtimeError) as unknown as Parameters<typeof filterToValidRuns>[0],
  ) as unknown as R[];
  if (valid.length === 0) return null;
  const median = computeMedianRun(valid as unknown as Parameters<typeof computeMedianRun>[0]) as unknown as R;
  const numeric = (r: R, id: string) => r.audits[id]?.numericValue ?? Number.NaN;
  return {
    median,
    spread: {
      runs: valid.length,
      performance: range(valid.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100))),
      lcpMs: range(valid.map((r) => numeric(r, 'largest-contentful-paint'))),
      tbtMs: range(valid.map((r) => numeric(r, 'total-blocking-time'))),
    },
  };
}
