interface PgLikeError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  message?: string;
  cause?: unknown;
}

function pgError(err: unknown): PgLikeError | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as PgLikeError;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return null;
}

/** The name of the unique constraint a failed insert or update broke, if that is why it failed. */
export function uniqueViolation(err: unknown): string | null {
  const e = pgError(err);
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.constraint_name ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
}

/** The name of the foreign key a failed insert or update broke, if that is why it failed. */
export function foreignKeyViolation(err: unknown): string | null {
  const e = pgError(err);
  if (e?.code !== '23503') return null;
  return e.constraint ?? e.constraint_name ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
}

/**
 * Whether PostgreSQL refused a value itself (a NUL byte in text, a number out of range, an
 * invalid date): the request was bad, not the server.
 */
export function isInvalidValue(err: unknown): boolean {
  const code = pgError(err)?.code;
  return (
    code === '22021' ||
    code === '22P05' ||
    code === '22003' ||
    code === '22007' ||
    code === '22008' ||
    code === '22P02'
  );
}
