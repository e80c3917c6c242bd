// `npm run ratings:rebuild`: computes every Mitos Rating afresh from the approved matches, in one
// transaction under the rating lock (docs/decisions/016). On PostgreSQL it runs beside the
// servers (their rating updates wait for it) and announces the change to them; the embedded
// database is refused while a server holds it.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { claimDataDir, restrictNewFiles } from '../db/data-dir';
import { ChangeFeed } from '../changes/feed';
import { rebuildRatings } from './engine';

restrictNewFiles();
const config = loadConfig();
claimDataDir(config, 'ratings:rebuild');
const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
await database.migrate();
const started = performance.now();
const { matches, seasons } = await rebuildRatings(database);
// Running servers keep ratings in their read caches and open screens show them: tell them.
await new ChangeFeed(database, { error: (...args: unknown[]) => console.error(...args) }).publish({
  ratings: true,
});
await database.close();
console.log(
  `Mitos Rating recalculado: ${matches} partidas, ${seasons} temporadas, en ${Math.round(performance.now() - started)} ms.`,
);
