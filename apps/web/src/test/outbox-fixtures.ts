import type { OutboxItem } from '../lib/outbox';

/** A 1v1 match lucia (7) recorded against beto (8) while offline, waiting in the outbox. */
export const queuedMatch = (key: string, overrides: Partial<OutboxItem> = {}): OutboxItem => ({
  key,
  kind: 'create',
  userId: 7,
  payload: {
    matchMode: '1v1',
    tier: 'Amistoso',
    team1Players: [7],
    team2Players: [8],
    team1Decks: [{ id: 70, name: 'Mazo', raza: 'Dragon', userId: 7 }],
    team2Decks: [{ id: 80, name: 'Mazo', raza: 'Dragon', userId: 8 }],
    team1Score: 2,
    team2Score: 1,
  },
  summary: { team1: ['lucia'], team2: ['beto'], score: [2, 1] },
  replaces: null,
  savedAt: '2026-11-20T18:30:00.000Z',
  state: 'waiting',
  error: null,
  attempts: 0,
  retryAt: 0,
  ...overrides,
});
