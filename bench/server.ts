/**
 * The real app under benchmark, as its own process, on a database the seed process filled:
 * started exactly as `npm start` starts (startServer). Prints
 * `BENCH_READY <json>` (ServerInfo) with the port and the players who can sign in.
 *
 * Environment: BENCH_DB (see BenchDatabase), SESSION_SECRET, PORT.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '@mitos/server/config';
import { queryRows } from '@mitos/server/db/client';
import { startServer } from '@mitos/server/start';
import { serverEnv } from './lib/database-target';
import { READY_PREFIX, type ServerInfo } from './lib/protocol';
import { RANKING_EMAIL_DOMAIN } from './lib/community-seed';
import { TOURNAMENT_EMAIL_DOMAIN } from './lib/tournament-seed';

const config = loadConfig({
  ...process.env,
  ...serverEnv(process.env.BENCH_DB!),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Every seeded player signs in once per run, all from 127.0.0.1.
  AUTH_RATE_LIMIT: '1000000',
  // Each pair of the write cycles records hundreds of matches a minute (decision 012's limits).
  MATCH_CREATE_LIMIT: '1000000',
  MATCH_PENDING_LIMIT: '1000000',
});
const { database, port } = await startServer({ config, command: 'bench' });

const users = await queryRows<{ id: number; email: string }>(
  database.db,
  // The ranking's and the tournaments' players never sign in (lib/community-seed.ts,
  // lib/tournament-seed.ts).
  sql`select id, email from users
       where email not like ${`%${RANKING_EMAIL_DOMAIN}`} and email not like ${`%${TOURNAMENT_EMAIL_DOMAIN}`}
       order by id`,
);
const info: ServerInfo = {
  port,
  pid: process.pid,
  database: database.kind,
  users: users.map((u) => ({ id: Number(u.id), email: u.email })),
};
process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
