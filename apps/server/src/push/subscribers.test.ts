import { describe, expect, it } from 'vitest';
import { PushSubscribers } from './subscribers';

/** A reading of the devices' users that the test answers when it likes. */
function devices(initial: number[]) {
  let users = initial;
  const readings: { resolve: () => void; reject: (err: Error) => void }[] = [];
  let held = false;
  const readAll = () => {
    const snapshot = [...users];
    if (!held) {
      readings.push({ resolve: () => {}, reject: () => {} });
      return Promise.resolve(snapshot);
    }
    return new Promise<number[]>((resolve, reject) => {
      readings.push({ resolve: () => resolve(snapshot), reject });
    });
  };
  return {
    subscribers: new PushSubscribers(readAll),
    set: (next: number[]) => void (users = next),
    hold: (on: boolean) => void (held = on),
    readings,
  };
}

describe('the users with a push device', () => {
  it('keeps a delivery to players without a device from reading anything more', async () => {
    const { subscribers, readings } = devices([2, 5]);
    expect(await subscribers.among([1, 2, 3])).toEqual([2]);
    expect(await subscribers.among([1, 3])).toEqual([]);
    expect(await subscribers.among([5, 2])).toEqual([5, 2]);
    expect(readings).toHaveLength(1);
  });

  it('reads again once a subscription is heard, from this process or another', async () => {
    const { subscribers, set, readings } = devices([2]);
    expect(await subscribers.among([3])).toEqual([]);
    set([2, 3]);
    subscribers.changed({ matches: [1], users: [3] });
    expect(await subscribers.among([3])).toEqual([]);
    subscribers.changed({ push: [3] });
    expect(await subscribers.among([3])).toEqual([3]);
    expect(readings).toHaveLength(2);
  });

  it('shares one reading among the deliveries waiting on it', async () => {
    const { subscribers, hold, readings } = devices([1]);
    hold(true);
    const answers = Promise.all([subscribers.among([1]), subscribers.among([1, 2])]);
    expect(readings).toHaveLength(1);
    readings[0]!.resolve();
    expect(await answers).toEqual([[1], [1]]);
  });

  it('does not keep a reading begun before a subscription was heard', async () => {
    const { subscribers, set, hold, readings } = devices([]);
    hold(true);
    const early = subscribers.among([4]);
    set([4]);
    subscribers.changed({ push: [4] });
    readings[0]!.resolve();
    // That delivery began before the subscription: it reads what was there then.
    expect(await early).toEqual([]);
    hold(false);
    expect(await subscribers.among([4])).toEqual([4]);
    expect(readings).toHaveLength(2);
  });

  it('while changes may go unheard, lets every delivery read the devices itself', async () => {
    const { subscribers, set, readings } = devices([1]);
    expect(await subscribers.among([1, 2])).toEqual([1]);
    subscribers.lost();
    set([1, 2]);
    expect(await subscribers.among([1, 2, 3])).toEqual([1, 2, 3]);
    expect(readings).toHaveLength(1);
    subscribers.caughtUp();
    expect(await subscribers.among([1, 2, 3])).toEqual([1, 2]);
    expect(readings).toHaveLength(2);
  });

  it('tries a failed reading again at the next delivery', async () => {
    const { subscribers, hold, readings } = devices([6]);
    hold(true);
    const failed = subscribers.among([6]);
    readings[0]!.reject(new Error('sin conexión'));
    await expect(failed).rejects.toThrow('sin conexión');
    hold(false);
    expect(await subscribers.among([6])).toEqual([6]);
    expect(readings).toHaveLength(2);
  });
});
