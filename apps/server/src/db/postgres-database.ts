import { createHash } from 'node:crypto';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import {
  BEGIN_STATEMENT,
  MIGRATIONS_FOLDER,
  type Database,
  type DrizzleDb,
  type ListenHooks,
  type Tx,
} from './database';
import { drizzleRawConfig, runBuiltWith } from './raw-query';
import { RepeatedStatements } from './repeated-statements';

/** How often the listening connection is asked whether it still answers. */
const LISTENER_HEARTBEAT_MS = 10_000;

/** Serialises migrations of processes starting at once on one PostgreSQL database. */
const MIGRATION_LOCK = 7_410_225_001;

/** What pg's Query does with the messages it writes and reads, which its types do not declare. */
interface QueryProtocol {
  prepare(connection: pg.Connection): void;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}
type WireConnection = pg.Connection & {
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string }): void;
};
type Answer = (err: Error | null | undefined, result?: pg.QueryResult) => void;

/**
 * A transaction's first statement with the transaction's BEGIN before it, written as one message
 * and answered in one round trip: BEGIN (prepared on the connection) bound and executed, then
 * the statement's own messages, then one Sync. Should BEGIN fail, PostgreSQL skips everything up
 * to the Sync, so the statement never runs outside its transaction. BEGIN's completion is not
 * the statement's result.
 */
class BegunQuery extends pg.Query {
  #begun = false;

  constructor(config: pg.QueryConfig, values: unknown, answer: Answer) {
    // The extended protocol even for a text without parameters, so that one Sync ends both.
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig, values as unknown[], answer);
  }

  prepare(connection: WireConnection): void {
    connection.bind({ portal: '', statement: BEGIN_STATEMENT, values: [] });
    connection.execute({ portal: '' });
    (pg.Query.prototype as unknown as QueryProtocol).prepare.call(this, connection);
  }

  handleCommandComplete(message: unknown, connection: pg.Connection): void {
    if (!this.#begun) {
      this.#begun = true;
      return;
    }
    (pg.Query.prototype as unknown as QueryProtocol).handleCommandComplete.call(this, message, connection);
  }
}

/** The answer to BEGIN, COMMIT or ROLLBACK of a transaction whose BEGIN has not been sent. */
function answeredHere(command: string): pg.QueryResult {
  return { command: command.toUpperCase(), rowCount: null, oid: 0, rows: [], fields: [] };
}

/**
 * A pool client that copes with a database that stops answering: a query unanswered past the read
 * timeout ends its connection. The query sent is still waiting for its answer, so anything sent
 * after it on that connection (the transaction's ROLLBACK, the next request's queries) would wait
 * too; the pool opens a fresh connection instead.
 */
class GuardedClient extends pg.Client {
  constructor(
    config: pg.ClientConfig | undefined,
    /** Texts run before on this client's pool, across its connections. */
    private readonly repeatedOnPool: RepeatedStatements,
  ) {
    super(config);
    // Ending the connection while a request holds this client emits 'error': handled here.
    this.on('error', () => {});
  }

  /** Statements this connection has prepared (named by `named`). */
  private preparedCount = 0;

  /**
   * A query config without a name (drizzle's, for every statement it sends) is named when its
   * text runs again, so this connection parses and plans it once (docs/decisions/035), up to
   * MAX_PREPARED_PER_CONNECTION statements; strings (BEGIN, COMMIT, LISTEN) go as they are.
   */
  private named(config: unknown, values: unknown): unknown {
    if (typeof config !== 'object' || config === null || !('text' in config)) return config;
    const query = config as pg.QueryConfig;
    if (query.name || typeof query.text !== 'string') return config;
    const count = (Array.isArray(values) ? values : (query.values ?? [])).length;
    if (!this.repeatedOnPool.repeated(query.text, count)) return config;
    const name = statementName(query.text);
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } })
      .connection.parsedStatements;
    if (!(name in parsed)) {
      if (this.preparedCount >= MAX_PREPARED_PER_CONNECTION) return config;
      this.preparedCount += 1;
    }
    return { ...query, name };
  }

  /** A BEGIN answered here and not sent yet: it goes with the transaction's first statement. */
  private beginDeferred = false;

  private get parsedStatements(): Record<string, string> {
    return (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
      .parsedStatements;
  }

  /**
   * A transaction's BEGIN, once prepared on this connection, waits for the transaction's first
   * statement and is sent with it (BegunQuery): a round trip less per transaction (docs/decisions/
   * 058). A transaction that ends before any statement sends nothing. The connection's first
   * transaction prepares BEGIN as it begins. Answers undefined for a query that goes as it is
   * (`config` possibly replaced by BEGIN's named statement).
   */
  private deferringBegin(args: unknown[]): Promise<pg.QueryResult> | undefined {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    if (this.beginDeferred) {
      this.beginDeferred = false;
      if (text === 'commit' || text === 'rollback') return Promise.resolve(answeredHere(text));
      const named = this.named(typeof config === 'string' ? { text: config } : config, values);
      return new Promise((resolve, reject) => {
        const query = new BegunQuery(named as pg.QueryConfig, values, (err, result) => {
          if (err) {
            this.failed(err);
            reject(err);
          } else resolve(result!);
        });
        (super.query as (q: unknown) => unknown)(query);
      });
    }
    if (text !== 'begin') return undefined;
    if (this.parsedStatements[BEGIN_STATEMENT] === 'begin') {
      this.beginDeferred = true;
      return Promise.resolve(answeredHere('begin'));
    }
    args[0] = { text: 'begin', name: BEGIN_STATEMENT };
    return undefined;
  }

  private failed(err: unknown) {
    if (err instanceof Error && err.message === 'Query read timeout') {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  }

  // pg's query() has many overloads; every form ends in a callback or answers a promise.
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    if (
      typeof last !== 'function' &&
      typeof (args[0] as { submit?: unknown } | null)?.submit !== 'function'
    ) {
      const begun = this.deferringBegin(args);
      if (begun) return begun as never;
    } else if (this.beginDeferred) {
      // A callback or a query object cannot carry BEGIN: it goes first, on its own, as it did
      // before decision 058, so the query still runs inside its transaction.
      this.beginDeferred = false;
      (super.query({ text: 'begin', name: BEGIN_STATEMENT }) as Promise<unknown>).catch((err: unknown) =>
        this.failed(err),
      );
    }
    args[0] = this.named(args[0], args[1]);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        this.failed(err);
        (last as (err: unknown, res: unknown) => void)(err, res);
      };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.catch((err: unknown) => this.failed(err));
    return result as never;
  }
}

/** drizzle's value parsers for a raw statement (dates and intervals kept as PostgreSQL wrote them). */
let rawTypes: pg.CustomTypesConfig | undefined;

// A statement queryRows built goes to the pool (or the transaction's connection) as drizzle's
// `execute` sends it, unnamed: GuardedClient names it when it runs again.
runBuiltWith(NodePgSession, (session, query) => {
  rawTypes ??= drizzleRawConfig<pg.QueryConfig>(session).types;
  const client = session.client as pg.Pool | pg.PoolClient;
  return client.query({ text: query.sql, types: rawTypes }, query.params);
});

/** How many statements one pool connection prepares at most; later ones run unnamed. */
const MAX_PREPARED_PER_CONNECTION = 300;

/**
 * Connection settings with the timeouts: PostgreSQL cancels a statement running past `queryMs`
 * (and ends a session left idle inside a transaction, releasing its row locks), and the app stops
 * waiting for an answer a second later, when the database cannot even say so.
 */
function poolSettings(url: string, timeouts: DatabaseTimeouts | undefined): pg.PoolConfig {
  const base: pg.PoolConfig = {
    connectionString: url,
    connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
  };
  if (!timeouts?.queryMs) return base;
  return {
    ...base,
    statement_timeout: timeouts.queryMs,
    query_timeout: timeouts.queryMs + 1_000,
    idle_in_transaction_session_timeout: Math.max(10_000, 2 * timeouts.queryMs),
  };
}

/** A PostgreSQL server (client.ts's openDatabase loads this module only for it). */
export function openPostgres(url: string, timeouts?: DatabaseTimeouts): Database {
  const settings = poolSettings(url, timeouts);
  // The texts this pool has run (see GuardedClient.named): its own, as its connections are.
  const repeated = new RepeatedStatements();
  const pool = new pg.Pool({
    ...settings,
    Client: class extends GuardedClient {
      constructor(config?: pg.ClientConfig) {
        super(config, repeated);
      }
    },
    max: 10,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as DrizzleDb;
  const onConnection = new WeakMap<pg.PoolClient, DrizzleDb>();
  const heartbeatAnswerMs = (timeouts?.queryMs || 5_000) + 1_000;
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const hookSets = new Set<ListenHooks>();
  let closed = false;
  let reconnectScheduled = false;

  /** Retries with a growing delay until the listening connection is back and resubscribed. */
  function scheduleReconnect(delay = 500) {
    if (closed || reconnectScheduled) return;
    reconnectScheduled = true;
    setTimeout(() => {
      reconnectScheduled = false;
      resubscribe().then(
        () => {
          for (const hooks of hookSets) hooks.onReconnect?.();
        },
        () => scheduleReconnect(Math.min(delay * 2, 15_000)),
      );
    }, delay).unref();
  }

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    if (connecting) return connecting;
    connecting = (async () => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: settings.connectionTimeoutMillis,
      });
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      const lost = () => {
        if (listener !== client) return;
        listener = null;
        for (const hooks of hookSets) hooks.onLost?.();
        scheduleReconnect();
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      listener = client;
      // A connection lost without a word (a partition, a frozen database) would leave this process
      // deaf to the others' changes, its read cache serving stale answers: ask it now and then.
      const heartbeat = setInterval(() => {
        if (listener !== client) return clearInterval(heartbeat);
        client.query({ text: 'select 1', query_timeout: heartbeatAnswerMs } as pg.QueryConfig).catch(() => {
          if (listener !== client) return;
          lost();
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        });
      }, LISTENER_HEARTBEAT_MS);
      heartbeat.unref();
      client.on('end', () => clearInterval(heartbeat));
      return client;
    })();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  }

  async function resubscribe() {
    if (closed || handlers.size === 0) return;
    const client = await listenerClient();
    for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  }

  return {
    db,
    kind: 'postgres',
    /**
     * The transaction's connection is taken from the pool here, not by drizzle, so that it is
     * always given back:
     * drizzle's own `transaction()` on a pool sends BEGIN before the `try` whose `finally`
     * releases the client, so each failed BEGIN kept a pool slot for good. A connection whose
     * BEGIN, COMMIT or ROLLBACK failed is given back as broken: the pool ends it.
     */
    async transaction(work) {
      const client = await pool.connect();
      let failure: { error: unknown } | undefined;
      let broken: Error | undefined;
      // One drizzle instance per connection, kept while the pool keeps the connection rather than
      // built for each transaction.
      let own = onConnection.get(client);
      if (!own) {
        own = drizzlePg(client) as unknown as DrizzleDb;
        onConnection.set(client, own);
      }
      try {
        return await own.transaction(async (tx) => {
          try {
            return await work(tx as Tx);
          } catch (err) {
            failure = { error: err };
            throw err;
          }
        });
      } catch (err) {
        if (!failure || failure.error !== err) broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        client.release(broken);
      }
    },
    async migrate() {
      // One session of its own, without the statement timeout (a migration may take long), holding
      // an advisory lock: processes and `npm run db:migrate` starting together migrate one at a time.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: settings.connectionTimeoutMillis,
      });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.end().catch(() => {});
      }
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler, hooks) {
      if (hooks) hookSets.add(hooks);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      if (first) {
        const client = await listenerClient();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      return async () => {
        set.delete(handler);
        if (hooks) hookSets.delete(hooks);
        if (set.size === 0) {
          handlers.delete(channel);
          if (listener) await listener.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      if (l) await l.end().catch(() => {});
      await pool.end();
    },
  };
}

const statementNames = new Map<string, string>();

/** A name per statement text, the same in every process, for PostgreSQL's prepared statements. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= 1_000) statementNames.clear();
    name = `m_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}
