import { useCallback, useState } from 'react';
import type { ZodType } from 'zod';

/**
 * A value kept in localStorage under `key`. Anything missing, unreadable or not matching the
 * schema gives the fallback instead: a corrupt entry must never leave a blank screen. The
 * failure is only logged (SPEC §8: sample-data loading failures are only logged).
 */
export function readStored<T>(key: string, schema: ZodType<T>, fallback: () => T): T {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch (err) {
    console.error(`Could not read ${key} from localStorage`, err);
    return fallback();
  }
  if (raw === null) return fallback();
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.warn(`Invalid stored ${key}; using the sample data`, parsed.error);
  } catch (err) {
    console.warn(`Unreadable stored ${key}; using the sample data`, err);
  }
  return fallback();
}

/** Stores `value`; false when the browser refuses (quota, private mode). */
export function writeStored(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    console.error(`Could not store ${key} in localStorage`, err);
    return false;
  }
}

/**
 * React state mirrored in localStorage. The setter returns whether the value was stored, so a
 * screen can say the save failed; the state follows the new value either way.
 */
export function useStoredState<T>(
  key: string,
  schema: ZodType<T>,
  fallback: () => T,
): [T, (next: T) => boolean] {
  const [value, setValue] = useState(() => readStored(key, schema, fallback));
  const save = useCallback(
    (next: T) => {
      setValue(next);
      return writeStored(key, next);
    },
    [key],
  );
  return [value, save];
}
