import { MSG } from '@mitos/domain/messages';
import type { Answer } from '../cache/cached-read';
import { badRequest } from '../errors';

/**
 * Where a page of a list ends: the match date in microseconds since the epoch (PostgreSQL's own
 * precision, so no two rows collapse) and the id that breaks ties. Lists run newest first, so
 * the next page holds the rows strictly before this key.
 */
export interface PageKey {
  micros: string;
  id: number;
}

const KEY_PATTERN = /^(-?\d{1,17}):(\d{1,10})$/;

export function encodeCursor(key: PageKey): string {
  return Buffer.from(`${key.micros}:${key.id}`, 'utf8').toString('base64url');
}

/** The key of a cursor this server issued; a 400 for anything else. */
export function decodeCursor(cursor: string): PageKey {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const parts = KEY_PATTERN.exec(text);
  const id = Number(parts?.[2]);
  if (!parts || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw badRequest(MSG.invalidCursor, { before: [MSG.invalidCursor] });
  }
  return { micros: parts[1]!, id };
}

export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/** Rows fetched with one extra beyond the limit: the extra one only tells that a next page exists. */
export function toPage<T extends { key: PageKey }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? encodeCursor(last.key) : null };
}

/** Where a list's next page starts, when there is one: the `before` of the next request. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A page as a cached answer: its items, and the next page's cursor in NEXT_CURSOR_HEADER. */
export function pageAnswer<T>(page: Page<T>): Answer {
  return { payload: page.items, ...(page.next ? { headers: { [NEXT_CURSOR_HEADER]: page.next } } : {}) };
}
