import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { BEGIN_STATEMENT } from './database';
import { RepeatedStatements } from './repeated-statements';
import { bindExecuteSync, readAnswer, type BindValue, type Column } from './pglite-protocol';

/** How many statements PGlite keeps prepared at once; the least recently used one is closed beyond. */
export const MAX_PREPARED = 200;

interface Prepared {
  name: string;
  /** The parameters' types, as the statement's description gave them: how each value is written. */
  oids: number[];
  /** Its result columns, from the same description: each run's rows are read with them. */
  columns: Column[];
}

/** Where a transaction of PgliteStatements stands: BEGIN sent yet, ended. */
interface TransactionState {
  begun: boolean;
  closed: boolean;
}

/** A Sync message's bytes, at the end of what bindExecuteSync writes. */
const SYNC_LENGTH = 5;
const serialize = protocol.serialize;

export interface PgliteStatementsOptions {
  maxPrepared?: number;
  /**
   * Told of a NOTIFY heard in a prepared statement's answer (one that notified and committed on
   * its own), which PGlite's own reading would have told its listeners.
   */
  onNotification?: (channel: string, payload: string) => void;
}

/**
 * The PGlite client drizzle is given: the same `query` and `transaction` as PGlite's, but a
 * statement that runs again is a named prepared statement, parsed and planned once, then bound and
 * executed in one message to the WebAssembly backend (docs/decisions/035).
 *
 * PGlite's own `query` parses every statement again and sends six messages, each a call into the
 * backend: for the app's larger statements that was 0.3–1.2 ms a statement, against 0.03–0.2 ms
 * prepared. A run's messages are written and its answer read by pglite-protocol.ts (decision
 * 057), with the result columns described when the statement was prepared. PGlite is one session,
 * so a prepared statement serves every request and transaction after it, as PostgreSQL keeps its
 * plan (a custom plan for its first five runs, then a generic one when that costs no more, as on a
 * PostgreSQL server with named statements).
 *
 * Everything else is PGlite's: its mutexes order the statements (a query waits for a transaction,
 * a transaction's statements run in it), its parsers read the values, a failed statement throws
 * PostgreSQL's error as PGlite does.
 */
export class PgliteStatements {
  readonly #pglite: PGlite;
  /** Prepared statements by text, the least recently used first. */
  readonly #prepared = new Map<string, Prepared>();
  readonly #repeated = new RepeatedStatements();
  readonly #maxPrepared: number;
  readonly #onNotification: PgliteStatementsOptions['onNotification'];
  #sequence = 0;
  /** BEGIN's bind and execute, once BEGIN is prepared (never closed by the least-recently-used rule). */
  #begin: Uint8Array | undefined;

  constructor(pglite: PGlite, options: PgliteStatementsOptions = {}) {
    this.#pglite = pglite;
    this.#maxPrepared = options.maxPrepared ?? MAX_PREPARED;
    this.#onNotification = options.onNotification;
  }

  /** How many statements are prepared now (for tests). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#worthPreparing(text, params, options)) return this.#pglite.query<T>(text, params, options);
    await this.#pglite._checkReady();
    return this.#pglite._runExclusiveTransaction(() =>
      this.#pglite._runExclusiveQuery(async () => {
        const result = await this.#run<T>(text, params ?? [], options, true);
        await this.#pglite.syncToFs();
        return result;
      }),
    );
  }

  /**
   * A transaction of the server's own, in place of PGlite's: its BEGIN goes with its first
   * statement, in the same call into the backend (BEGIN prepared once, bound and executed before
   * the statement, one Sync after both: should BEGIN fail, the statement does not run), and its
   * COMMIT or ROLLBACK is written and read here, as the statements are (decision 058). A
   * transaction that ends before any statement sends nothing. Every statement in it runs
   * prepared: under its name when it runs again, unnamed when once. Holds PGlite's transaction
   * mutex as PGlite's own does: queries outside wait for it. drizzle asks only `query` of it;
   * `exec`, `sql` and `listen` are refused.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const pglite = this.#pglite;
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(async () => {
      const state: TransactionState = { begun: false, closed: false };
      const end = async (command: 'COMMIT' | 'ROLLBACK') => {
        state.closed = true;
        if (state.begun) await pglite._runExclusiveQuery(() => this.#simple(command));
      };
      const refused = (what: string) => () => {
        throw new Error(`${what} is not offered inside the server's transactions; use query`);
      };
      const own: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
          if (state.closed) throw new Error('Transaction is closed');
          if (options?.blob || options?.paramTypes) {
            throw new Error("blob and paramTypes are not offered inside the server's transactions");
          }
          const keep = this.#worthPreparing(text, params, options);
          return pglite._runExclusiveQuery(() => this.#run<R>(text, params ?? [], options, keep, state));
        },
        sql: refused('sql'),
        exec: refused('exec'),
        listen: refused('listen'),
        rollback: () => end('ROLLBACK'),
        get closed() {
          return state.closed;
        },
      };
      try {
        const result = await callback(own);
        if (!state.closed) await end('COMMIT');
        return result;
      } catch (err) {
        if (!state.closed) await end('ROLLBACK');
        throw err;
      } finally {
        await pglite.syncToFs();
      }
    });
  }

  /** Whether this run should use a prepared statement: the text's second run or later. */
  #worthPreparing(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): boolean {
    if (this.#prepared.has(text)) return true;
    if (options?.blob || options?.paramTypes) return false;
    return this.#repeated.repeated(text, params?.length ?? 0);
  }

  /**
   * Prepares the statement if it is not yet (kept by its text when it is worth it, otherwise as
   * the unnamed statement), then binds and executes it: one call each. In a transaction whose
   * BEGIN is not sent yet, BEGIN is bound and executed first, in the same call.
   */
  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    keep: boolean,
    transaction?: TransactionState,
  ): Promise<Results<T>> {
    const prepared = await this.#prepare(text, keep);
    const { oids } = prepared;
    const values = params.map((value, i): BindValue => {
      if (value === null || value === undefined) return null;
      const writer = options?.serializers?.[oids[i]!] ?? this.#pglite.serializers[oids[i]!];
      const written: unknown = writer ? writer(value) : String(value);
      if (typeof written === 'string' || written instanceof Uint8Array) return written;
      return written instanceof ArrayBuffer ? new Uint8Array(written) : String(written);
    });
    let message = bindExecuteSync(prepared.name, values);
    if (transaction && !transaction.begun) {
      const begin = await this.#prepareBegin();
      transaction.begun = true;
      message = Buffer.concat([begin, message]);
    }
    return this.#send<T>(message, prepared.columns, options);
  }

  /** The statement prepared for `text`: kept by its text when `keep`, else the unnamed one. */
  async #prepare(text: string, keep: boolean): Promise<Prepared> {
    const kept = this.#prepared.get(text);
    if (kept) {
      this.#prepared.delete(text);
      this.#prepared.set(text, kept);
      return kept;
    }
    const name = keep ? `p${++this.#sequence}` : '';
    const messages = [
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ];
    if (keep && this.#prepared.size >= this.#maxPrepared) {
      // The least recently used statement is closed in the same call.
      const [oldText, oldest] = this.#prepared.entries().next().value!;
      this.#prepared.delete(oldText);
      messages.unshift(serialize.close({ type: 'S', name: oldest.name }));
    }
    const described = await this.#pglite.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
    const description = described.find((m) => m.name === 'rowDescription') as
      { fields: Column[] } | undefined;
    const prepared = {
      name,
      oids: parse.parseDescribeStatementResults(described),
      columns: (description?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    };
    if (keep) this.#prepared.set(text, prepared);
    return prepared;
  }

  /** BEGIN's bind and execute, without a Sync: what goes before a transaction's first statement. */
  async #prepareBegin(): Promise<Uint8Array> {
    if (!this.#begin) {
      await this.#pglite.execProtocolStream(
        Buffer.concat([serialize.parse({ name: BEGIN_STATEMENT, text: 'BEGIN' }), serialize.sync()]),
        { syncToFs: false },
      );
      const run = bindExecuteSync(BEGIN_STATEMENT, []);
      this.#begin = run.subarray(0, run.length - SYNC_LENGTH);
    }
    return this.#begin;
  }

  /** A statement without parameters (COMMIT, ROLLBACK) as a simple query, read here. */
  #simple(text: string): Promise<Results<unknown>> {
    const size = Buffer.byteLength(text);
    const message = Buffer.allocUnsafe(1 + 4 + size + 1);
    message[0] = 0x51; // 'Q'
    message.writeInt32BE(4 + size + 1, 1);
    message.write(text, 5, 'utf8');
    message[5 + size] = 0;
    return this.#send(message, [], undefined);
  }

  /** Sends messages to the backend and reads its answer, in one or more pieces (views, copied). */
  async #send<T>(
    message: Uint8Array,
    columns: Column[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const pieces: Uint8Array[] = [];
    await this.#pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (piece) => pieces.push(piece.slice()),
    });
    return readAnswer<T>(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces), columns, {
      parsers: this.#pglite.parsers,
      ownParsers: options?.parsers,
      rowMode: options?.rowMode,
      onNotification: this.#onNotification,
    });
  }
}
