import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SAMPLE_TOURNAMENTS } from './data/sample-tournaments';
import { TOURNAMENTS_STORAGE_KEY, useTournament, useTournaments } from './use-tournaments';

describe('useTournaments', () => {
  it('starts from the sample data', () => {
    const { result } = renderHook(() => useTournaments());
    expect(result.current[0]).toEqual(SAMPLE_TOURNAMENTS);
  });

  it('falls back to the sample data when the stored value is corrupt', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(TOURNAMENTS_STORAGE_KEY, JSON.stringify([{ id: 1, name: 'sin tipo' }]));
    const { result } = renderHook(() => useTournaments());
    expect(result.current[0]).toEqual(SAMPLE_TOURNAMENTS);
    vi.restoreAllMocks();
  });

  it('saves one tournament and keeps it after a reload', () => {
    const first = renderHook(() => useTournament('5'));
    act(() => {
      first.result.current.save({ ...first.result.current.tournament!, name: 'Renombrado' });
    });
    first.unmount();
    const again = renderHook(() => useTournament('5'));
    expect(again.result.current.tournament!.name).toBe('Renombrado');
    const others = renderHook(() => useTournaments()).result.current[0];
    expect(others).toHaveLength(SAMPLE_TOURNAMENTS.length);
  });

  it('gives null for an unknown id', () => {
    expect(renderHook(() => useTournament('999')).result.current.tournament).toBeNull();
  });
});
