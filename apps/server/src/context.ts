import type { ReadCache } from './cache/read-cache';
import type { ChangeFeed } from './changes/feed';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { PushSender } from './push/contract';

/** What every service receives: the database, the configuration, the change feed and the read cache. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  /** Announces changes to every process (the notification sockets, the read caches). */
  changes: ChangeFeed;
  /** Serialized answers of hot reads, kept until a change they depend on is heard. */
  cache: ReadCache;
  /** Web Push to the players' devices (issue 18). */
  push: PushSender;
}
