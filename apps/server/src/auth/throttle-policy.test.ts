import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, addressKey, loginVerdict, type LoginCounts } from './throttle-policy';

const limits = { ...DEFAULT_LIMITS, perAddress: 30, perPair: 10, perAccount: 100 };
const fresh: LoginCounts = { address: 1, pair: 1, account: 1, knownAddress: false };

describe('loginVerdict', () => {
  it('allows attempts within every budget, up to each limit itself', () => {
    expect(loginVerdict(fresh, limits)).toBe('allow');
    expect(loginVerdict({ address: 30, pair: 10, account: 100, knownAddress: false }, limits)).toBe('allow');
  });

  it('stops an address over its budget, whatever the account', () => {
    expect(loginVerdict({ ...fresh, address: 31 }, limits)).toBe('address');
    expect(loginVerdict({ ...fresh, address: 31, knownAddress: true }, limits)).toBe('address');
  });

  it('stops one account from one address after its budget, not the account elsewhere', () => {
    expect(loginVerdict({ ...fresh, pair: 11 }, limits)).toBe('pair');
    expect(loginVerdict({ ...fresh, pair: 1, account: 11 }, limits)).toBe('allow');
  });

  it('past the account budget, lets only addresses the account signed in from lately', () => {
    expect(loginVerdict({ ...fresh, account: 101 }, limits)).toBe('account');
    expect(loginVerdict({ ...fresh, account: 101, knownAddress: true }, limits)).toBe('allow');
  });
});

describe('addressKey', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not-an-ip', 'not-an-ip'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
