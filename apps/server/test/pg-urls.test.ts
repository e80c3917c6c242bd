import { describe, expect, it } from 'vitest';
import { isDroppable, newRunId, templateName, testDatabaseName } from './pg-urls';

describe('test database names', () => {
  it('lets a run drop its own databases and abandoned ones, never a live run', () => {
    const now = Date.now();
    const mine = newRunId(now);
    const live = newRunId(now - 60_000);
    const abandoned = newRunId(now - 7 * 60 * 60 * 1000);
    expect(isDroppable(templateName(mine), mine, now)).toBe(true);
    expect(isDroppable(testDatabaseName(mine), mine, now)).toBe(true);
    expect(isDroppable(testDatabaseName(live), mine, now)).toBe(false);
    expect(isDroppable(testDatabaseName(abandoned), mine, now)).toBe(true);
    expect(isDroppable('mitos_bench', mine, now)).toBe(false);
    expect(isDroppable('test', mine, now)).toBe(false);
  });
});
