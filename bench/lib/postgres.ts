import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Only databases named like this are ever created or dropped by the bench. */
const OWN = /^mitos_bench_[a-z0-9_]+$/;

function urlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function run(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function reachable(adminUrl: string): Promise<boolean> {
  try {
    await run(adminUrl, 'select 1');
    return true;
  } catch {
    return false;
  }
}

/** A fresh, empty database of the bench's own on the server of `adminUrl`; answers its address. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!OWN.test(name)) throw new Error(`refusing to recreate ${name}: not a bench database`);
  await dropDatabase(adminUrl, name);
  await run(adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  return urlFor(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!OWN.test(name)) throw new Error(`refusing to drop ${name}: not a bench database`);
  await run(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
}

/** The server processes of a database's open connections, whose CPU time is the database's work. */
export async function backendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return result.rows.map((r) => Number(r.pid));
  } finally {
    await client.end();
  }
}
