import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
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
        const result = await this.#run<T>(text, params ?? [], options);
        await this.#pglite.syncToFs();
        return result;
      }),
    );
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#pglite.transaction((tx) => {
      const query = async <R>(
        text: string,
        params?: unknown[],
        options?: QueryOptions,
      ): Promise<Results<R>> => {
        if (!this.#worthPreparing(text, params, options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return this.#pglite._runExclusiveQuery(() => this.#run<R>(text, params ?? [], options));
      };
      const own: Transaction = {
        query,
        sql: (strings, ...values) => tx.sql(strings, ...values),
        exec: (text, options) => tx.exec(text, options),
        rollback: () => tx.rollback(),
        listen: (channel, handler) => tx.listen(channel, handler),
        get closed() {
          return tx.closed;
        },
      };
      return callback(own);
    });
  }

  /** Whether this run should use a prepared statement: the text's second run or later. */
  #worthPreparing(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): boolean {
    if (this.#prepared.has(text)) return true;
    if (options?.blob || options?.paramTypes) return false;
    return this.#repeated.repeated(text, params?.length ?? 0);
  }

  /** Prepares the statement if it is not yet, then binds and executes it: one call each. */
  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const serialize = protocol.serialize;
    let prepared = this.#prepared.get(text);
    if (prepared) {
      this.#prepared.delete(text);
      this.#prepared.set(text, prepared);
    } else {
      const name = `p${++this.#sequence}`;
      const messages = [
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ];
      if (this.#prepared.size >= this.#maxPrepared) {
        // The least recently used statement is closed in the same call.
        const [oldText, oldest] = this.#prepared.entries().next().value!;
        this.#prepared.delete(oldText);
        messages.unshift(serialize.close({ type: 'S', name: oldest.name }));
      }
      const described = await this.#pglite.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
      const description = described.find((m) => m.name === 'rowDescription') as
        { fields: Column[] } | undefined;
      prepared = {
        name,
        oids: parse.parseDescribeStatementResults(described),
        columns: (description?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
      this.#prepared.set(text, prepared);
    }
    const { oids } = prepared;
    const values = params.map((value, i): BindValue => {
      if (value === null || value === undefined) return null;
      const writer = options?.serializers?.[oids[i]!] ?? this.#pglite.serializers[oids[i]!];
      const written: unknown = writer ? writer(value) : String(value);
      if (typeof written === 'string' || written instanceof Uint8Array) return written;
      return written instanceof ArrayBuffer ? new Uint8Array(written) : String(written);
    });
    // The answer as the backend writes it, in one or more pieces (views of its memory, copied).
    const pieces: Uint8Array[] = [];
    await this.#pglite.execProtocolRawStream(bindExecuteSync(prepared.name, values), {
      syncToFs: false,
      onRawData: (piece) => pieces.push(piece.slice()),
    });
    return readAnswer<T>(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces), prepared.columns, {
      parsers: this.#pglite.parsers,
      ownParsers: options?.parsers,
      rowMode: options?.rowMode,
      onNotification: this.#onNotification,
    });
  }
}
