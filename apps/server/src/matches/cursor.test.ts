import { describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import { AppError } from '../errors';
import { decodeCursor, encodeCursor, toPage } from './cursor';

describe('cursors', () => {
  it('round-trip a page key, microseconds and all', () => {
    const key = { micros: '1735732800123456', id: 42 };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
    expect(decodeCursor(encodeCursor({ micros: '-2208988800000000', id: 1 }))).toEqual({
      micros: '-2208988800000000',
      id: 1,
    });
  });

  it('refuse anything this server did not issue with a 400', () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      '!!',
      'abc',
      forged('1:0'),
      forged('x:1'),
      forged('1:2:3'),
      forged('1:99999999999'),
      forged('1 :2'),
    ]) {
      let error: unknown;
      try {
        decodeCursor(cursor);
      } catch (err) {
        error = err;
      }
      expect(error, cursor).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).message).toBe(MSG.invalidCursor);
    }
  });

  it('give a next cursor only when a row beyond the limit came back', () => {
    const rows = [1, 2, 3].map((id) => ({ id, key: { micros: String(1000 - id), id } }));
    expect(toPage(rows, 3)).toEqual({ items: rows, next: null });
    const page = toPage(rows, 2);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(decodeCursor(page.next!)).toEqual({ micros: '998', id: 2 });
    expect(toPage([], 5)).toEqual({ items: [], next: null });
  });
});
