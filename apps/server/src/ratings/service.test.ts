import { describe, expect, it } from 'vitest';
import type { Changes, ChangeFeed } from '../changes/feed';
import type { Database } from '../db/client';
import { keepRatingsSettled } from './service';

/**
 * When the rating queue is settled after commits (decisions 024 and 057): the commits of one turn
 * of the event loop share one settle, a commit made while one runs waits for the next, and each
 * writer is answered only once a settle that started after its commit has finished.
 */

type Follow = (changes: readonly Changes[]) => Promise<void>;

function harness() {
  let follow: Follow | undefined;
  const published: Changes[] = [];
  const settles: { finish: () => void }[] = [];
  const changes = {
    followCommits: (f: Follow) => {
      follow = f;
    },
    publish: (c: Changes) => {
      published.push(c);
      return Promise.resolve();
    },
  } as unknown as ChangeFeed;
  keepRatingsSettled({ database: {} as Database, changes }, { error: () => {} }, () => {
    return new Promise<number[]>((resolve) => {
      settles.push({ finish: () => resolve([1, 2]) });
    });
  });
  /** A commit announcing a match change; resolves when its writer would be answered. */
  const commit = (c: Changes = { matches: [1] }) => {
    const state = { answered: false };
    const done = follow!([c]).then(() => {
      state.answered = true;
    });
    return { state, done };
  };
  return { commit, settles, published };
}

/** Lets setImmediate callbacks and the promise chains they start run. */
const nextTurns = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('keepRatingsSettled', () => {
  it('settles the commits of one turn of the event loop once, and answers each writer after it', async () => {
    const { commit, settles, published } = harness();
    const writers = [commit(), commit(), commit({ standings: true })];
    // Nothing starts within the turn itself: the turn's other commits are still to come.
    expect(settles).toHaveLength(0);
    await nextTurns();
    expect(settles).toHaveLength(1);
    expect(writers.some((w) => w.state.answered)).toBe(false);
    settles[0]!.finish();
    await Promise.all(writers.map((w) => w.done));
    expect(settles).toHaveLength(1);
    expect(published).toEqual([{ ratings: true }]);
  });

  it('a commit made while a settle runs waits for the next one, which all such commits share', async () => {
    const { commit, settles } = harness();
    const first = commit();
    await nextTurns();
    expect(settles).toHaveLength(1);
    // Two commits in a later turn, while the first settle is still running, then one more turn.
    const second = commit();
    await nextTurns();
    const third = commit();
    await nextTurns();
    expect(settles).toHaveLength(1);
    settles[0]!.finish();
    await first.done;
    await nextTurns();
    expect(settles).toHaveLength(2);
    expect(second.state.answered || third.state.answered).toBe(false);
    settles[1]!.finish();
    await Promise.all([second.done, third.done]);
    expect(settles).toHaveLength(2);
  });

  it('follows only the commits that can change a rating', async () => {
    const { commit, settles } = harness();
    await commit({ decks: [3], users: [4] }).done;
    await nextTurns();
    expect(settles).toHaveLength(0);
  });
});
