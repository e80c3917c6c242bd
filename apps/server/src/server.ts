// `npm start`: the app on the configured database (embedded PGlite under DATA_DIR by default).
import { restrictNewFiles } from './db/data-dir';
import { exitWithStack, loadConfigOrExit, startServer } from './start';

// Before anything is written: the database, the secret and backups are for this user only.
restrictNewFiles();
await startServer({ config: loadConfigOrExit(), command: 'server' }).catch(exitWithStack);
