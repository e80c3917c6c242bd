import type { AppConfig } from './config';
import type { Database } from './db/client';

/** What every service receives: the database, the configuration, and the change publisher. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  /** Tells every process that these users' notification counts may have changed. */
  publishUserChanges(userIds: readonly number[]): Promise<void>;
}
