import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { readStored, useStoredState, writeStored } from './stored-state';

const schema = z.array(z.object({ id: z.number() }));
const fallback = () => [{ id: 0 }];

describe('readStored', () => {
  it('gives the fallback when nothing is stored', () => {
    expect(readStored('k', schema, fallback)).toEqual([{ id: 0 }]);
  });

  it('gives what is stored when it matches the schema', () => {
    localStorage.setItem('k', JSON.stringify([{ id: 7 }]));
    expect(readStored('k', schema, fallback)).toEqual([{ id: 7 }]);
  });

  it('falls back on unreadable JSON or a value of the wrong shape, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('k', '{not json');
    expect(readStored('k', schema, fallback)).toEqual([{ id: 0 }]);
    localStorage.setItem('k', JSON.stringify({ id: 'x' }));
    expect(readStored('k', schema, fallback)).toEqual([{ id: 0 }]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('writeStored', () => {
  it('stores JSON and reports a refusal', () => {
    expect(writeStored('k', [{ id: 1 }])).toBe(true);
    expect(localStorage.getItem('k')).toBe('[{"id":1}]');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeStored('k', [])).toBe(false);
    setItem.mockRestore();
    error.mockRestore();
  });
});

describe('useStoredState', () => {
  it('keeps changes across mounts', () => {
    const first = renderHook(() => useStoredState('k', schema, fallback));
    act(() => {
      first.result.current[1]([{ id: 3 }]);
    });
    expect(first.result.current[0]).toEqual([{ id: 3 }]);
    first.unmount();
    const second = renderHook(() => useStoredState('k', schema, fallback));
    expect(second.result.current[0]).toEqual([{ id: 3 }]);
  });
});
