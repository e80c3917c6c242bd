// `npm run db:backup [-- file]` and `npm run db:restore -- file`: the embedded database only
// (for PostgreSQL use pg_dump / pg_restore). Refused while the server holds the directory.
import path from 'node:path';
import { loadConfig } from '../config';
import { backupPglite, restorePglite } from './backup';
import { claimDataDir, restrictNewFiles } from './data-dir';

const [command, fileArg] = process.argv.slice(2);
restrictNewFiles();
const config = loadConfig();
if (config.database.kind !== 'pglite') {
  console.error('db:backup y db:restore son para la base embebida; con PostgreSQL usá pg_dump y pg_restore.');
  process.exit(1);
}
claimDataDir(config, command === 'restore' ? 'db:restore' : 'db:backup');
const dataDir = config.database.dataDir;
if (command === 'backup') {
  const file = path.resolve(
    fileArg ??
      path.join(config.dataDir, 'backups', `mitos-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`),
  );
  await backupPglite(dataDir, file);
  console.log(`Copia de seguridad guardada en ${file}`);
} else if (command === 'restore' && fileArg) {
  const keptAside = await restorePglite(path.resolve(fileArg), dataDir);
  console.log(`Base restaurada desde ${fileArg}.`);
  if (keptAside) console.log(`La base anterior quedó en ${keptAside}`);
} else {
  console.error('Uso: npm run db:backup [-- archivo]  |  npm run db:restore -- archivo');
  process.exit(1);
}
