/**
 * The real app under benchmark, as its own process, on a database the seed process filled:
 * opens it, migrates (nothing to do by then) and listens, as `npm start` does. Prints
 * `BENCH_READY <json>` (ServerInfo) with the port and the players who can sign in.
 *
 * Environment: BENCH_DB (see BenchDatabase), SESSION_SECRET, PORT.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { closeOnSignals } from '../apps/server/src/lifecycle';
import { serverEnv } from './lib/database-target';
import { READY_PREFIX, type ServerInfo } from './lib/protocol';

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
const database = await openDatabase(config.database);
await database.migrate();
const app = await buildApp({ config, database });
closeOnSignals(app, database);
await app.listen({ port: config.port, host: config.host });

const users = await queryRows<{ id: number; email: string }>(
  database.db,
  sql`select id, email from users order by id`,
);
const info: ServerInfo = {
  port: (app.server.address() as AddressInfo).port,
  pid: process.pid,
  database: database.kind,
  users: users.map((u) => ({ id: Number(u.id), email: u.email })),
};
process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
