import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { addressKey, loginVerdict, type ThrottleLimits, type ThrottleVerdict } from './throttle-policy';
import { deleteEnded, forget, hit, isLive, mark, unhit } from './throttle-repository';

/** Every this many hits, the rows of ended windows are deleted. */
const CLEANUP_EVERY = 500;

/** Keys are hashed: the table keeps no email or address in the clear. */
function key(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

/**
 * Sign-in and registration budgets kept in the database (table auth_throttle), so that every
 * process on one PostgreSQL counts together and a restart forgets nothing. The rules are in
 * throttle-policy.ts.
 */
export class AuthThrottle {
  private hits = 0;

  constructor(
    private readonly db: Db,
    readonly limits: ThrottleLimits,
    private readonly now: () => number = () => Date.now(),
    private readonly cleanupEvery = CLEANUP_EVERY,
  ) {}

  private async count(k: string, windowMs = this.limits.windowMs): Promise<number> {
    const now = new Date(this.now());
    if (++this.hits % this.cleanupEvery === 0) await deleteEnded(this.db, now);
    return hit(this.db, k, windowMs, now);
  }

  private keys(email: string, ip: string) {
    const account = email.toLowerCase();
    const address = addressKey(ip);
    return {
      address: key('address', address),
      pair: key('pair', account, address),
      account: key('account', account),
      known: key('known', account, address),
    };
  }

  /**
   * Counts a sign-in attempt and says whether it may go on to the password check. Each budget is
   * counted only once the ones before it allowed the attempt, so an address stopped by its own
   * budget does not use up the account's.
   */
  async beforeLogin(email: string, ip: string): Promise<ThrottleVerdict> {
    const k = this.keys(email, ip);
    const counts = { address: 0, pair: 0, account: 0, knownAddress: false };
    counts.address = await this.count(k.address);
    counts.pair = await this.count(k.pair);
    if (loginVerdict(counts, this.limits) !== 'allow') return loginVerdict(counts, this.limits);
    counts.account = await this.count(k.account);
    if (counts.account > this.limits.perAccount)
      counts.knownAddress = await isLive(this.db, k.known, new Date(this.now()));
    return loginVerdict(counts, this.limits);
  }

  /** The right password: the pair starts over, the attempt was no guess, the address is known. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const now = new Date(this.now());
    await forget(this.db, k.pair);
    await unhit(this.db, k.account, now);
    await mark(this.db, k.known, this.limits.knownAddressMs, now);
  }

  /** Counts a registration against the same per-address budget as sign-ins. */
  async beforeRegister(ip: string): Promise<boolean> {
    return (await this.count(key('address', addressKey(ip)))) <= this.limits.perAddress;
  }
}
