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
  /** The users with a device; null until read, and again after a subscription is heard. */
  private known: ReadonlySet<number> | null = null;
  /** False while changes made by other processes may go unheard. */
  private listening = true;
  /** Counts what made the set stale: a reading begun before one of them is not kept. */
  private version = 0;
  private reading: { version: number; users: Promise<ReadonlySet<number>> } | null = null;

  constructor(private readonly readAll: () => Promise<readonly number[]>) {}

  /** Of `userIds`, those who may have a device: all of them while changes may go unheard. */
  async among(userIds: readonly number[]): Promise<readonly number[]> {
    if (!this.listening) return userIds;
    const known = this.known ?? (await this.read());
    return userIds.filter((id) => known.has(id));
  }

  changed(changes: Changes): void {
    if ((changes.push ?? []).length > 0) this.forget();
  }

  lost(): void {
    this.listening = false;
    this.forget();
  }

  caughtUp(): void {
    this.listening = true;
    this.forget();
  }

  private forget(): void {
    this.version += 1;
    this.known = null;
    this.reading = null;
  }

  /** One reading at a time for every delivery waiting on it; a failed one is tried again next time. */
  private read(): Promise<ReadonlySet<number>> {
    if (this.reading?.version === this.version) return this.reading.users;
    const version = this.version;
    const users = this.readAll().then((ids) => {
      const read = new Set(ids);
      if (this.version === version) this.known = read;
      return read;
    });
    const reading = { version, users };
    this.reading = reading;
    users.catch(() => {
      if (this.reading === reading) this.reading = null;
    });
    return users;
  }
}
