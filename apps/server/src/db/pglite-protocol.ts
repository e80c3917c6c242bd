import { messages, type Results } from '@electric-sql/pglite';

/**
 * The two ends of a prepared statement's run on PGlite, written and read here (decision 057):
 * the bind, execute and sync messages sent to the WebAssembly backend, and its answer read into
 * rows. PGlite's own protocol code does the same through private fields (each read of a byte a
 * WeakMap lookup), copying every value's bytes and building a message object per row before the
 * rows: about a tenth of the server's CPU on PGlite under writes, and most of what it allocates.
 * Everything else (preparing, simple queries, transactions) stays PGlite's.
 */

/** A parameter as PGlite's serializers write it: text, bytes (sent in binary), or NULL. */
export type BindValue = string | Uint8Array | null;

const HEADER = 5;

/** Bind (unnamed portal, results in text), Execute (every row) and Sync, in one buffer. */
export function bindExecuteSync(statement: string, values: readonly BindValue[]): Uint8Array {
  const nameBytes = Buffer.byteLength(statement);
  let bindLength = 4 + 1 + nameBytes + 1 + 2 + 2 * values.length + 2 + 2;
  const sizes = values.map((value) => {
    const size = value === null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength;
    bindLength += 4 + size;
    return size;
  });
  const out = Buffer.allocUnsafe(1 + bindLength + 1 + 4 + 1 + 4 + 1 + 4);
  let at = 0;
  out[at++] = 0x42; // 'B'
  out.writeInt32BE(bindLength, at);
  at += 4;
  out[at++] = 0; // the unnamed portal
  at += out.write(statement, at, 'utf8');
  out[at++] = 0;
  out.writeInt16BE(values.length, at);
  at += 2;
  for (const value of values) {
    out.writeInt16BE(value instanceof Uint8Array ? 1 : 0, at);
    at += 2;
  }
  out.writeInt16BE(values.length, at);
  at += 2;
  values.forEach((value, i) => {
    if (value === null) {
      out.writeInt32BE(-1, at);
      at += 4;
      return;
    }
    out.writeInt32BE(sizes[i]!, at);
    at += 4;
    if (typeof value === 'string') at += out.write(value, at, 'utf8');
    else {
      out.set(value, at);
      at += value.byteLength;
    }
  });
  out.writeInt16BE(0, at); // every result column in text
  at += 2;
  out[at++] = 0x45; // 'E'
  out.writeInt32BE(4 + 1 + 4, at);
  at += 4;
  out[at++] = 0;
  out.writeInt32BE(0, at);
  at += 4;
  out[at++] = 0x53; // 'S'
  out.writeInt32BE(4, at);
  return out;
}

/** A result column: its name and type, as the statement's description gave them. */
export interface Column {
  name: string;
  dataTypeID: number;
}

type Parser = (value: string, typeId: number) => unknown;

export interface ReadOptions {
  /** Each type's parser (PGlite's). */
  parsers: Record<number, Parser>;
  /** The query's own parsers of a few types, used before PGlite's. */
  ownParsers?: Record<number, Parser> | undefined;
  rowMode?: 'array' | 'object' | undefined;
  /** A NOTIFY heard in this answer (a statement that notified and committed). */
  onNotification?: ((channel: string, payload: string) => void) | undefined;
}

/**
 * Reads the backend's answer to `bindExecuteSync`: the rows in `columns`' names and types,
 * parsed, and the command's counts, in PGlite's own result shape. Throws PostgreSQL's error as
 * PGlite does (its DatabaseError, with every field).
 */
export function readAnswer<T>(
  answer: Uint8Array,
  columns: readonly Column[],
  options: ReadOptions,
): Results<T> {
  const data = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const parsers = columns.map((c) => options.ownParsers?.[c.dataTypeID] ?? options.parsers[c.dataTypeID]);
  const asArray = options.rowMode === 'array';
  const rows: unknown[] = [];
  let result: Results<T> | undefined;
  let error: messages.DatabaseError | undefined;
  let at = 0;
  while (at + HEADER <= data.length) {
    const type = data[at]!;
    const length = data.readInt32BE(at + 1);
    const start = at + HEADER;
    const end = at + 1 + length;
    if (end > data.length) break;
    switch (type) {
      case 0x44: // 'D': a row
        rows.push(readRow(data, start, columns, parsers, asArray));
        break;
      case 0x43: {
        // 'C': the command's tag, e.g. "INSERT 0 2", "UPDATE 3", "SELECT 5"
        const words = data.toString('utf8', start, end - 1).split(' ');
        const command = words[0]!;
        const count = Number.parseInt(words[words.length - 1]!, 10);
        const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
        result = {
          rows: rows as T[],
          fields: [...columns],
          command,
          affectedRows: counted && !Number.isNaN(count) ? count : 0,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        } as Results<T>;
        break;
      }
      case 0x45: // 'E'
        error ??= readError(data, start, end, length);
        break;
      case 0x41: {
        // 'A': a notification (the backend's process id, the channel, the payload)
        const channelEnd = data.indexOf(0, start + 4);
        const payloadEnd = data.indexOf(0, channelEnd + 1);
        options.onNotification?.(
          data.toString('utf8', start + 4, channelEnd),
          data.toString('utf8', channelEnd + 1, payloadEnd),
        );
        break;
      }
      // '2' bind complete, 'n' no data, 'N' a notice (no one asks for them), 'Z' ready: nothing to read.
    }
    at = end;
  }
  if (error) throw error;
  return result ?? ({ rows: rows as T[], fields: [], affectedRows: 0 } as Results<T>);
}

function readRow(
  data: Buffer,
  start: number,
  columns: readonly Column[],
  parsers: readonly (Parser | undefined)[],
  asArray: boolean,
): unknown {
  const count = data.readInt16BE(start);
  let at = start + 2;
  const values: unknown[] | undefined = asArray ? new Array<unknown>(count) : undefined;
  const row: Record<string, unknown> | undefined = asArray ? undefined : {};
  for (let i = 0; i < count; i++) {
    const size = data.readInt32BE(at);
    at += 4;
    let value: unknown = null;
    if (size >= 0) {
      const text = data.toString('utf8', at, at + size);
      at += size;
      const parse = parsers[i];
      value = parse ? parse(text, columns[i]!.dataTypeID) : text;
    }
    if (values) values[i] = value;
    else row![columns[i]!.name] = value;
  }
  return values ?? row;
}

/** The fields of an ErrorResponse, each by its one-letter code, as PGlite names them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function readError(data: Buffer, start: number, end: number, length: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && data[at] !== 0) {
    const code = String.fromCharCode(data[at]!);
    const stop = data.indexOf(0, at + 1);
    fields[code] = data.toString('utf8', at + 1, stop);
    at = stop + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? '', length, 'error');
  const target = error as unknown as Record<string, string | undefined>;
  for (const [code, name] of Object.entries(ERROR_FIELDS)) target[name] = fields[code];
  return error;
}
