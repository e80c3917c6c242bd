// `npm run user:role -- <username> <role>`: gives a user a role (player, tournament_admin, admin).
// On PostgreSQL it runs beside the servers and announces the change to them; the embedded
// database is refused while a server holds it (the server keeps its own copy in memory).
import { USER_ROLES, type UserRole } from '@mitos/domain/constants';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { claimDataDir, restrictNewFiles } from '../db/data-dir';
import { ChangeFeed } from '../changes/feed';
import { setUserRole } from './repository';

const [username, role] = process.argv.slice(2);
if (!username || !role || !USER_ROLES.includes(role as UserRole)) {
  console.error(`Uso: npm run user:role -- <usuario> <${USER_ROLES.join('|')}>`);
  process.exit(1);
}
restrictNewFiles();
const config = loadConfig();
claimDataDir(config, 'user:role');
const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
await database.migrate();
const user = await setUserRole(database.db, username, role as UserRole);
// Running servers keep profiles in their read caches: tell them this one changed.
if (user)
  await new ChangeFeed(database, { error: (...args: unknown[]) => console.error(...args) }).publish({
    users: [user.id],
  });
await database.close();
if (!user) {
  console.error(`Usuario no encontrado: ${username}`);
  process.exit(1);
}
console.log(`${user.username} ahora tiene el rol ${user.role}.`);
