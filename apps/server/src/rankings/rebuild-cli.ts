// `npm run rankings:rebuild`: computes every ranking and the metagame's race tallies afresh from
// the approved matches, in one transaction (docs/decisions/014, 028). On PostgreSQL it runs
// beside the servers (approvals meanwhile wait for it, then add to the rebuilt lines) and
// announces the change to them; the embedded database is refused while a server holds it (the
// server keeps its own copy in memory).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { claimDataDir, restrictNewFiles } from '../db/data-dir';
import { ChangeFeed } from '../changes/feed';
import { rebuildCounts } from './tallies';

restrictNewFiles();
const config = loadConfig();
claimDataDir(config, 'rankings:rebuild');
const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
await database.migrate();
const started = performance.now();
const lines = await rebuildCounts(database);
// Running servers keep rankings in their read caches and open screens show them: tell them.
await new ChangeFeed(database, { error: (...args: unknown[]) => console.error(...args) }).publish({
  community: true,
  standings: true,
});
await database.close();
console.log(`Rankings recalculados: ${lines} líneas en ${Math.round(performance.now() - started)} ms.`);
