import { describe, expect, it } from 'vitest';
import { parseUserSearch } from './users';

describe('parseUserSearch', () => {
  it.each([
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['@', { kind: 'none' }],
    ['@  ', { kind: 'none' }],
    ['42', { kind: 'id', id: 42 }],
    ['99999999999999', { kind: 'none' }],
    ['@ana', { kind: 'username', text: 'ana', exact: false }],
    ['  Ana ', { kind: 'username', text: 'Ana', exact: false }],
    ['ana42', { kind: 'username', text: 'ana42', exact: false }],
    ['\u0000', { kind: 'none' }],
    ['a\u0000na', { kind: 'username', text: 'ana', exact: false }],
    ['＠ａｎａ', { kind: 'username', text: 'ana', exact: false }],
  ])('%j → %j', (q, expected) => {
    expect(parseUserSearch(q)).toEqual(expected);
  });
});
