/**
 * A token bucket: up to `capacity` actions at once, refilled at `perSecond`. One per socket, so
 * a flood from one client costs only that client.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.updatedAt = now();
  }

  /** Takes one token; false when the bucket is empty (the action is over the rate). */
  take(): boolean {
    const now = this.now();
    // A clock that goes backwards refills nothing rather than draining the bucket.
    const elapsed = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.capacity, this.tokens + (elapsed / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
