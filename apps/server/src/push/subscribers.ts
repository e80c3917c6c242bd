import type { ChangeListener, Changes } from '../changes/feed';

/**
 * Who has at least one device subscribed to Web Push, known in this process: a match recorded or
 * answered between players without one (most of them) then asks the database nothing more
 * (docs/decisions/060). The change feed keeps it: a device subscribed through any process
 * announces its user (`push`), and the set is read again at the next delivery; while the feed's
 * connection is lost, every delivery reads the devices themselves. A device removed may leave its
 * user in the set until the next reading: a delivery to them reads their devices and finds none,
 * as it would without the set.
 */
export class PushSubscribers implements ChangeListener {
  /**
   * The reading of the users with a device: shared by every delivery until a subscription is
   * heard; one begun before that is used by the deliveries already waiting on it, not kept.
   */
  private reading: Promise<ReadonlySet<number>> | null = null;
  /** False while changes made by other processes may go unheard. */
  private listening = true;

  constructor(private readonly readAll: () => Promise<readonly number[]>) {}

  /** Of `userIds`, those who may have a device: all of them while changes may go unheard. */
  async among(userIds: readonly number[]): Promise<readonly number[]> {
    if (!this.listening) return userIds;
    const users = await this.read();
    return userIds.filter((id) => users.has(id));
  }

  changed(changes: Changes): void {
    if ((changes.push ?? []).length > 0) this.reading = null;
  }

  lost(): void {
    this.listening = false;
    this.reading = null;
  }

  caughtUp(): void {
    this.listening = true;
    this.reading = null;
  }

  /** The current reading, or a new one; a failed one is tried again by the next delivery. */
  private read(): Promise<ReadonlySet<number>> {
    if (this.reading) return this.reading;
    const reading = this.readAll().then((ids) => new Set(ids));
    this.reading = reading;
    reading.catch(() => {
      if (this.reading === reading) this.reading = null;
    });
    return reading;
  }
}
