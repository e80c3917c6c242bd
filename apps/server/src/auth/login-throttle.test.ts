import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('blocks after the maximum of failures in the window and forgets them after it', () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.isBlocked('a')).toBe(false);
      throttle.recordFailure('a');
    }
    expect(throttle.isBlocked('a')).toBe(true);
    expect(throttle.isBlocked('b')).toBe(false);
    now = 1001;
    expect(throttle.isBlocked('a')).toBe(false);
  });

  it('starts over after a success', () => {
    const throttle = new LoginThrottle(2, 1000);
    throttle.recordFailure('a');
    throttle.reset('a');
    throttle.recordFailure('a');
    expect(throttle.isBlocked('a')).toBe(false);
  });
});
