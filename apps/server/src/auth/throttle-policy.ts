import { isIPv4, isIPv6 } from 'node:net';

/** The budgets of sign-in and registration attempts, all counted in one window. */
export interface ThrottleLimits {
  /** Sign-in and registration attempts, together, per address. */
  perAddress: number;
  /** Sign-in attempts per account from one address; a successful sign-in starts it over. */
  perPair: number;
  /** Failed sign-ins per account from every address; past it, only addresses known to the account may try. */
  perAccount: number;
  windowMs: number;
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAddress: 30,
  perPair: 10,
  perAccount: 100,
  windowMs: 15 * 60_000,
  knownAddressMs: 30 * 24 * 60 * 60_000,
};

export interface LoginCounts {
  /** Attempts from this address in the window, this one included. */
  address: number;
  /** Attempts on this account from this address since its last success, this one included. */
  pair: number;
  /** Failed attempts on this account from anywhere in the window, this one included. */
  account: number;
  /** Whether this address signed in to this account successfully lately. */
  knownAddress: boolean;
}

export type ThrottleVerdict = 'allow' | 'address' | 'pair' | 'account';

/**
 * Whether a sign-in attempt may check its password. Someone guessing from one address is stopped
 * by the pair and address budgets without touching the owner elsewhere; someone guessing from many
 * addresses is stopped by the account budget, which the owner's own known addresses do not feel.
 */
export function loginVerdict(counts: LoginCounts, limits: ThrottleLimits): ThrottleVerdict {
  if (counts.address > limits.perAddress) return 'address';
  if (counts.pair > limits.perPair) return 'pair';
  if (counts.account > limits.perAccount && !counts.knownAddress) return 'account';
  return 'allow';
}

/**
 * The part of an address that one client controls: an IPv4 address, or the /64 network of an
 * IPv6 address (one subscriber gets a whole /64 and could otherwise change address at will).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
