import { describe, expect, it } from 'vitest';
import { medianOfRuns, type MedianRunInput } from './lighthouse-median';

interface Run extends MedianRunInput {
  name: string;
}

function run(name: string, f: { perf: number; fcp: number; tti: number; lcp: number; tbt: number }): Run {
  return {
    name,
    categories: { performance: { score: f.perf / 100 } },
    audits: {
      'first-contentful-paint': { numericValue: f.fcp },
      interactive: { numericValue: f.tti },
      'largest-contentful-paint': { numericValue: f.lcp },
      'total-blocking-time': { numericValue: f.tbt },
    },
  };
}

describe('the median of a screen’s Lighthouse runs', () => {
  it('is the run nearest the median first paint and time to interactive, with the spread of every run', () => {
    const result = medianOfRuns([
      run('fast', { perf: 99, fcp: 800, tti: 1800, lcp: 1000, tbt: 90 }),
      run('slow', { perf: 70, fcp: 1900, tti: 6000, lcp: 3600, tbt: 1200 }),
      run('middle', { perf: 93, fcp: 1000, tti: 2600, lcp: 1700, tbt: 240 }),
    ]);
    expect(result?.median.name).toBe('middle');
    expect(result?.spread).toEqual({
      runs: 3,
      performance: [70, 99],
      lcpMs: [1000, 3600],
      tbtMs: [90, 1200],
    });
  });

  it('leaves out a run Lighthouse failed to record, or one without its figures', () => {
    const failed: Run = {
      ...run('failed', { perf: 0, fcp: 100, tti: 100, lcp: 100, tbt: 0 }),
      runtimeError: { code: 'NO_NAVSTART', message: 'no navigation start' },
    };
    const blank: Run = { name: 'blank', categories: {}, audits: {} };
    const result = medianOfRuns([
      failed,
      blank,
      run('only', { perf: 88, fcp: 900, tti: 3000, lcp: 2000, tbt: 300 }),
    ]);
    expect(result?.median.name).toBe('only');
    expect(result?.spread.runs).toBe(1);
    expect(result?.spread.performance).toEqual([88, 88]);
  });

  it('is null when no run has its figures', () => {
    expect(medianOfRuns([])).toBeNull();
    expect(medianOfRuns([{ name: 'blank', categories: {}, audits: {} }])).toBeNull();
  });
});
