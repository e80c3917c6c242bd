import { describe, expect, it } from 'vitest';
import { RANKING_PLAYERS, type RankingPlayer } from './data/ranking-players';
import { STORE_RESULTS } from './data/store-results';
import { STORES, findStore, storeLocation } from '../../lib/sample-stores';
import { latestFirst, rankingRows, rankPlayers, storeRankingRows, teamNames } from './ranking';

const player = (over: Partial<RankingPlayer>): RankingPlayer => ({
  id: 1,
  name: 'x',
  torCode: 'TOR999',
  matches: 10,
  wins: 5,
  points: 100,
  storeId: 1,
  ...over,
});

describe('sample ranking data', () => {
  it('has 15 players coded TOR001 to TOR015, each at a known store', () => {
    expect(RANKING_PLAYERS.map((p) => p.torCode)).toEqual(
      Array.from({ length: 15 }, (_, i) => `TOR${String(i + 1).padStart(3, '0')}`),
    );
    expect(RANKING_PLAYERS.every((p) => findStore(p.storeId) !== null && p.wins <= p.matches)).toBe(true);
  });

  it('has 4 Buenos Aires stores with bundled logos and results', () => {
    expect(STORES).toHaveLength(4);
    for (const store of STORES) {
      expect(store.location.city).toBe('Buenos Aires');
      expect(store.logo).not.toMatch(/^https?:/);
      expect(STORE_RESULTS[store.id]!.matches.length).toBeGreaterThan(0);
    }
  });
});

describe('rankPlayers', () => {
  it('orders by points, then wins, then fewer matches, then name', () => {
    const ranked = rankPlayers([
      player({ id: 1, name: 'Beto', points: 100, wins: 5 }),
      player({ id: 2, name: 'Ana', points: 300 }),
      player({ id: 3, name: 'Caro', points: 100, wins: 6 }),
      player({ id: 4, name: 'Dani', points: 100, wins: 5, matches: 8 }),
      player({ id: 5, name: 'Abel', points: 100, wins: 5 }),
    ]);
    expect(ranked.map((p) => p.name)).toEqual(['Ana', 'Caro', 'Dani', 'Abel', 'Beto']);
  });

  it('puts the sample tie on points in order of wins', () => {
    const names = rankPlayers(RANKING_PLAYERS).map((p) => p.name);
    expect(names.indexOf('Santiago Martínez')).toBe(names.indexOf('Julieta Pérez') - 1);
  });
});

describe('ranking rows', () => {
  it('carries the TOR code and the store name', () => {
    expect(rankingRows(RANKING_PLAYERS)[0]).toEqual({
      id: 1,
      name: 'Lautaro Gómez',
      code: 'TOR001',
      store: 'Dragón Dorado Games',
      matches: 24,
      wins: 19,
      points: 2150,
    });
  });

  it('keeps only the store players for a store ranking', () => {
    const rows = storeRankingRows(RANKING_PLAYERS, 4);
    expect(rows.map((r) => r.code)).toEqual(['TOR004', 'TOR008', 'TOR012']);
  });
});

describe('store results', () => {
  it('joins team names with commas and names unknown players Usuario', () => {
    expect(teamNames({ players: [1, 2], score: 0 }, { 1: 'Ana', 2: 'Beto' })).toBe('Ana, Beto');
    expect(teamNames({ players: [1, 99], score: 0 }, { 1: 'Ana' })).toBe('Ana, Usuario');
  });

  it('lists the latest match first', () => {
    const team = { players: [1], score: 0 };
    const sorted = latestFirst([
      { id: 1, match_date: '2026-01-01T10:00:00.000Z', team1: team, team2: team },
      { id: 2, match_date: '2026-03-01T10:00:00.000Z', team1: team, team2: team },
    ]);
    expect(sorted.map((m) => m.id)).toEqual([2, 1]);
  });

  it('writes the location as neighbourhood, city', () => {
    expect(storeLocation(STORES[0]!)).toBe('Palermo, Buenos Aires');
  });
});
