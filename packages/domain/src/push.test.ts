import { describe, expect, it } from 'vitest';
import * as MSG from './message-texts';
import { acceptsEndpoint, approvalAudience, rejectionAudience, ZPushSubscriptionInput } from './push';

const match = (createdBy: number | null, players: [number, string][]) => ({
  created_by: createdBy,
  team1: { players: players.slice(0, 2).map(([user_id, approval_status]) => ({ user_id, approval_status })) },
  team2: { players: players.slice(2).map(([user_id, approval_status]) => ({ user_id, approval_status })) },
});

describe('who hears of a match', () => {
  it('a recorded match reaches the players it waits for, never its recorder', () => {
    expect(
      approvalAudience(
        match(1, [
          [1, 'approved'],
          [2, 'pending'],
          [3, 'pending'],
          [4, 'pending'],
        ]),
      ),
    ).toEqual([2, 3, 4]);
    // An organiser who records without playing approves nothing: every player is asked.
    expect(
      approvalAudience(
        match(9, [
          [1, 'pending'],
          [2, 'pending'],
        ]),
      ),
    ).toEqual([1, 2]);
  });

  it('a rejection reaches the recorder and who had approved, not the rejecter nor who had not answered', () => {
    const rejected = match(1, [
      [1, 'approved'],
      [2, 'approved'],
      [3, 'rejected'],
      [4, 'pending'],
    ]);
    expect(rejectionAudience(rejected, 3)).toEqual([1, 2]);
    expect(
      rejectionAudience(
        match(9, [
          [1, 'rejected'],
          [2, 'pending'],
        ]),
        1,
      ),
    ).toEqual([9]);
    expect(
      rejectionAudience(
        match(null, [
          [1, 'rejected'],
          [2, 'approved'],
        ]),
        1,
      ),
    ).toEqual([2]);
  });
});

describe('push endpoints', () => {
  it('are https addresses; this machine only when allowed (tests), over http or https', () => {
    expect(acceptsEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(acceptsEndpoint('http://fcm.googleapis.com/fcm/send/abc', false)).toBe(false);
    expect(acceptsEndpoint('https://localhost/push', false)).toBe(false);
    expect(acceptsEndpoint('http://127.0.0.1:9000/push', false)).toBe(false);
    expect(acceptsEndpoint('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(acceptsEndpoint('http://[::1]:9000/push', true)).toBe(true);
    expect(acceptsEndpoint('ws://127.0.0.1:9000/push', true)).toBe(false);
    expect(acceptsEndpoint('https://a:b@push.example.com/x', false)).toBe(false);
    expect(acceptsEndpoint('no es una url', true)).toBe(false);
  });

  it("are a known push service's: never an address a player chooses", () => {
    expect(acceptsEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(true);
    expect(acceptsEndpoint('https://web.push.apple.com/QGx', false)).toBe(true);
    expect(acceptsEndpoint('https://wns2-by3p.notify.windows.com/w/?token=x', false)).toBe(true);
    expect(acceptsEndpoint('https://push.example.com/x', false)).toBe(false);
    expect(acceptsEndpoint('https://fcm.googleapis.com.evil.example/x', false)).toBe(false);
    expect(acceptsEndpoint('https://10.0.0.5/push', false)).toBe(false);
    expect(acceptsEndpoint('https://notfcm-googleapis.com/x', false)).toBe(false);
  });
});

describe('ZPushSubscriptionInput', () => {
  const p256dh = `B${'A'.repeat(86)}`;
  const auth = 'A'.repeat(22);
  const parse = (keys: object) =>
    ZPushSubscriptionInput.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/1', keys });

  it('takes the keys as browsers write them, padded or not, and keeps them unpadded', () => {
    expect(parse({ p256dh, auth }).data?.keys).toEqual({ p256dh, auth });
    expect(parse({ p256dh: `${p256dh}=`, auth: `${auth}==` }).data?.keys).toEqual({ p256dh, auth });
  });

  it('refuses keys of the wrong length, alphabet or point form', () => {
    for (const keys of [
      { p256dh: p256dh.slice(1), auth },
      { p256dh: `A${p256dh.slice(1)}`, auth },
      { p256dh, auth: `${auth}A` },
      { p256dh, auth: `${auth.slice(1)}/` },
    ]) {
      const result = parse(keys);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.pushKeyInvalid);
    }
  });
});
