import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  headToHead,
  metagameRaces,
  periodStart,
  playerStatistics,
  record,
  streaksOf,
  type PlayerMatchRow,
} from './player-statistics-rules';
import { ZHeadToHead, ZMetagameRace, ZPlayerStatistics } from './player-statistics';

const bruno = { id: 2, username: 'bruno', race: 'Faerie' };
const carla = { id: 3, username: 'carla', race: 'Sombra' };
const dario = { id: 4, username: 'dario', race: 'Titan' };

let nextId = 1;
function row(
  at: string,
  ownScore: number,
  opponentScore: number,
  extra: Partial<PlayerMatchRow> = {},
): PlayerMatchRow {
  return {
    matchId: nextId++,
    playedAt: new Date(at),
    ownScore,
    opponentScore,
    deck: { id: 10, name: 'Dragones', race: 'Dragon' },
    opponents: [bruno],
    ratingAfter: null,
    ...extra,
  };
}

describe('periods', () => {
  it('starts a week on Monday and a month on its first day, by the Buenos Aires calendar', () => {
    // Monday 2026-03-02 00:30 in Buenos Aires is Monday 03:30 UTC.
    expect(periodStart(new Date('2026-03-02T03:30:00Z'), 'week')).toBe('2026-03-02');
    // Monday 02:59 UTC is still Sunday evening in Buenos Aires: the week before.
    expect(periodStart(new Date('2026-03-02T02:59:00Z'), 'week')).toBe('2026-02-23');
    expect(periodStart(new Date('2026-03-08T23:00:00Z'), 'week')).toBe('2026-03-02');
    expect(periodStart(new Date('2026-03-01T02:00:00Z'), 'month')).toBe('2026-02-01');
    expect(periodStart(new Date('2026-03-01T03:00:00Z'), 'month')).toBe('2026-03-01');
    // A week that crosses the new year.
    expect(periodStart(new Date('2027-01-01T15:00:00Z'), 'week')).toBe('2026-12-28');
  });

  it('always answers a Monday (or a first of the month) within the six days before the day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (at) => {
          const start = periodStart(at, 'week');
          const day = new Date(`${start}T00:00:00Z`);
          expect(day.getUTCDay()).toBe(1);
          const local = new Date(at.getTime() - 3 * 3_600_000);
          const days = (local.getTime() - day.getTime()) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(0);
          expect(days).toBeLessThan(7);
          expect(periodStart(at, 'month')).toBe(`${local.toISOString().slice(0, 7)}-01`);
        },
      ),
    );
  });
});

describe('records and streaks', () => {
  it('rounds the win rate and answers 0 when nothing was played', () => {
    expect(record(0, 0)).toEqual({ matches: 0, wins: 0, winRate: 0 });
    expect(record(3, 2)).toEqual({ matches: 3, wins: 2, winRate: 67 });
    expect(record(8, 1)).toEqual({ matches: 8, wins: 1, winRate: 13 });
  });

  it('reads the current run from the latest match back, and the longest runs', () => {
    expect(streaksOf([])).toEqual({ current: null, longestWin: 0, longestLoss: 0 });
    expect(streaksOf([true, true, true, false, false, true, true])).toEqual({
      current: { kind: 'win', length: 2 },
      longestWin: 3,
      longestLoss: 2,
    });
    expect(streaksOf([true, false, false, false])).toEqual({
      current: { kind: 'loss', length: 3 },
      longestWin: 1,
      longestLoss: 3,
    });
  });
});

describe('a player’s statistics', () => {
  it('counts a known history: form, decks (a deleted one too), races, matchups, opponents, streaks', () => {
    const rows = [
      // Week of 2026-03-02 (March): two wins with Dragones.
      row('2026-03-03T20:00:00Z', 2, 1, { ratingAfter: 1010 }),
      row('2026-03-04T20:00:00Z', 2, 0, { ratingAfter: 1025, opponents: [carla] }),
      // Week of 2026-03-30 (still March): a draw is no win; a 2v2 against bruno and dario.
      row('2026-03-31T20:00:00Z', 1, 1, { opponents: [bruno, dario], ratingAfter: 1020 }),
      // April: a deleted deck (id null) played twice, then Dragones again; the last match unrated.
      row('2026-04-02T20:00:00Z', 0, 2, {
        deck: { id: null, name: 'Viejo', race: 'Sombra' },
        opponents: [carla],
        ratingAfter: 1000,
      }),
      row('2026-04-03T20:00:00Z', 0, 2, { deck: { id: null, name: 'Viejo', race: 'Sombra' } }),
    ];
    // Given in any order.
    const stats = playerStatistics([...rows].reverse(), 'week', 7);
    expect(() => ZPlayerStatistics.parse(stats)).not.toThrow();
    expect(stats.period).toBe('week');
    expect(stats.seasonId).toBe(7);
    expect(stats.totals).toEqual({ matches: 5, wins: 2, winRate: 40 });
    expect(stats.form).toEqual([
      { period: '2026-03-02', matches: 2, wins: 2, winRate: 100, rating: 1025 },
      { period: '2026-03-30', matches: 3, wins: 0, winRate: 0, rating: 1000 },
    ]);
    expect(playerStatistics(rows, 'month', null).form).toEqual([
      { period: '2026-03-01', matches: 3, wins: 2, winRate: 67, rating: 1020 },
      { period: '2026-04-01', matches: 2, wins: 0, winRate: 0, rating: 1000 },
    ]);
    expect(stats.byDeck).toEqual([
      { deckId: 10, name: 'Dragones', raza: 'Dragon', matches: 3, wins: 2, winRate: 67 },
      { deckId: null, name: 'Viejo', raza: 'Sombra', matches: 2, wins: 0, winRate: 0 },
    ]);
    expect(stats.byRace).toEqual([
      { race: 'Dragon', matches: 3, wins: 2, winRate: 67 },
      { race: 'Sombra', matches: 2, wins: 0, winRate: 0 },
    ]);
    expect(stats.matchups).toEqual([
      { ownRace: 'Dragon', opponentRace: 'Faerie', matches: 2, wins: 1, winRate: 50 },
      { ownRace: 'Dragon', opponentRace: 'Sombra', matches: 1, wins: 1, winRate: 100 },
      { ownRace: 'Dragon', opponentRace: 'Titan', matches: 1, wins: 0, winRate: 0 },
      { ownRace: 'Sombra', opponentRace: 'Faerie', matches: 1, wins: 0, winRate: 0 },
      { ownRace: 'Sombra', opponentRace: 'Sombra', matches: 1, wins: 0, winRate: 0 },
    ]);
    expect(stats.opponents).toEqual([
      { opponent: { id: 2, username: 'bruno' }, matches: 3, wins: 1, winRate: 33 },
      { opponent: { id: 3, username: 'carla' }, matches: 2, wins: 1, winRate: 50 },
      { opponent: { id: 4, username: 'dario' }, matches: 1, wins: 0, winRate: 0 },
    ]);
    expect(stats.streaks).toEqual({ current: { kind: 'loss', length: 3 }, longestWin: 2, longestLoss: 3 });
  });

  it('keeps a deck by its id through a rename, showing its latest name; without an id, by name and race', () => {
    const stats = playerStatistics(
      [
        row('2026-05-01T12:00:00Z', 1, 0, { deck: { id: 5, name: 'Antes', race: 'Titan' } }),
        row('2026-05-02T12:00:00Z', 1, 0, { deck: { id: 5, name: 'Después', race: 'Titan' } }),
        row('2026-05-03T12:00:00Z', 1, 0, { deck: { id: null, name: 'Después', race: 'Titan' } }),
        row('2026-05-04T12:00:00Z', 1, 0, { deck: { id: null, name: 'Después', race: 'Eterno' } }),
      ],
      'month',
      null,
    );
    expect(stats.byDeck.map((d) => [d.deckId, d.name, d.raza, d.matches])).toEqual([
      [5, 'Después', 'Titan', 2],
      [null, 'Después', 'Eterno', 1],
      [null, 'Después', 'Titan', 1],
    ]);
  });

  it('orders matches of the same moment by match id, and lists ten opponents, ties by username', () => {
    const at = '2026-06-01T12:00:00Z';
    const rows = Array.from({ length: 12 }, (_, i) =>
      row(at, i === 11 ? 0 : 1, 0, {
        matchId: 100 - i,
        opponents: [{ id: 50 + i, username: `rival${String(11 - i).padStart(2, '0')}`, race: 'Heroe' }],
      }),
    );
    const stats = playerStatistics(rows, 'month', null);
    // The loss has the lowest id: it came first, and the run since is of eleven wins.
    expect(stats.streaks).toEqual({ current: { kind: 'win', length: 11 }, longestWin: 11, longestLoss: 1 });
    expect(stats.opponents.map((o) => o.opponent.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `rival${String(i).padStart(2, '0')}`),
    );
  });

  it('answers zeros and empty lists for a player without matches', () => {
    expect(playerStatistics([], 'month', null)).toEqual({
      period: 'month',
      seasonId: null,
      totals: { matches: 0, wins: 0, winRate: 0 },
      form: [],
      byDeck: [],
      byRace: [],
      matchups: [],
      opponents: [],
      streaks: { current: null, longestWin: 0, longestLoss: 0 },
    });
  });

  const arbitraryRows = fc.array(
    fc.record({
      matchId: fc.integer({ min: 1, max: 10_000 }),
      playedAt: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
      ownScore: fc.integer({ min: 0, max: 3 }),
      opponentScore: fc.integer({ min: 0, max: 3 }),
      deck: fc.record({
        id: fc.option(fc.integer({ min: 1, max: 5 })),
        name: fc.constantFrom('A', 'B', 'C'),
        race: fc.constantFrom('Dragon', 'Faerie', 'Sombra'),
      }),
      opponents: fc.array(
        fc.record({
          id: fc.integer({ min: 1, max: 20 }),
          username: fc.constant(''),
          race: fc.constantFrom('Dragon', 'Heroe'),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      ratingAfter: fc.option(fc.integer({ min: 0, max: 3000 })),
    }),
    { maxLength: 40 },
  );
  const named = (rows: PlayerMatchRow[]) =>
    rows.map((r) => ({ ...r, opponents: r.opponents.map((o) => ({ ...o, username: `p${o.id}` })) }));

  it('adds up: every grouping sums to the totals, and the streaks fit the wins and losses', () => {
    fc.assert(
      fc.property(arbitraryRows, fc.constantFrom('week' as const, 'month' as const), (generated, period) => {
        const rows = named(generated);
        const stats = playerStatistics(rows, period, null);
        const sum = (list: { matches: number; wins: number }[]) => [
          list.reduce((s, l) => s + l.matches, 0),
          list.reduce((s, l) => s + l.wins, 0),
        ];
        const totals = [stats.totals.matches, stats.totals.wins];
        expect(totals).toEqual([rows.length, rows.filter((r) => r.ownScore > r.opponentScore).length]);
        expect(sum(stats.form)).toEqual(totals);
        expect(sum(stats.byDeck)).toEqual(totals);
        expect(sum(stats.byRace)).toEqual(totals);
        const appearances = rows.flatMap((r) => r.opponents.map(() => r.ownScore > r.opponentScore));
        expect(sum(stats.matchups)).toEqual([appearances.length, appearances.filter(Boolean).length]);
        expect(stats.opponents.length).toBeLessThanOrEqual(10);
        for (const list of [stats.byDeck, stats.byRace, stats.matchups, stats.opponents])
          for (let i = 1; i < list.length; i++)
            expect(list[i - 1]!.matches).toBeGreaterThanOrEqual(list[i]!.matches);
        expect(stats.form.map((f) => f.period)).toEqual([...new Set(stats.form.map((f) => f.period))].sort());
        const { current, longestWin, longestLoss } = stats.streaks;
        expect(longestWin).toBeLessThanOrEqual(stats.totals.wins);
        expect(longestLoss).toBeLessThanOrEqual(stats.totals.matches - stats.totals.wins);
        if (current)
          expect(current.length).toBeLessThanOrEqual(current.kind === 'win' ? longestWin : longestLoss);
        else expect(rows).toHaveLength(0);
      }),
    );
  });

  it('does not depend on the order the rows come in', () => {
    fc.assert(
      fc.property(arbitraryRows, fc.nat(), (generated, turn) => {
        // One id per match, as in the database.
        const rows = named(generated).map((r, i) => ({ ...r, matchId: i + 1 }));
        const k = turn % Math.max(rows.length, 1);
        const shuffled = [...rows.slice(k), ...rows.slice(0, k)].reverse();
        expect(playerStatistics(shuffled, 'week', null)).toEqual(playerStatistics(rows, 'week', null));
      }),
    );
  });
});

describe('head-to-head', () => {
  it('counts wins and losses from the player’s side and lists the ten latest, newest first', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      matchId: 200 + i,
      playedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      ownScore: i % 3 === 0 ? 2 : 1,
      opponentScore: i % 3 === 1 ? 2 : 1,
    }));
    const h2h = headToHead([...rows].reverse(), { id: 9, username: 'rival' });
    expect(() => ZHeadToHead.parse(h2h)).not.toThrow();
    // Wins at 0, 3, 6, 9; losses at 1, 4, 7, 10; draws (no win) at 2, 5, 8, 11.
    expect(h2h).toMatchObject({
      opponent: { id: 9, username: 'rival' },
      matches: 12,
      wins: 4,
      losses: 8,
      winRate: 33,
    });
    expect(h2h.recent.map((r) => r.matchId)).toEqual([211, 210, 209, 208, 207, 206, 205, 204, 203, 202]);
    expect(h2h.recent[2]).toEqual({
      matchId: 209,
      matchDate: '2026-01-10T00:00:00.000Z',
      ownScore: 2,
      opponentScore: 1,
      won: true,
    });
  });

  it('answers zeros for two players who never met', () => {
    expect(headToHead([], { id: 9, username: 'rival' })).toEqual({
      opponent: { id: 9, username: 'rival' },
      matches: 0,
      wins: 0,
      winRate: 0,
      losses: 0,
      recent: [],
    });
  });
});

describe('metagame', () => {
  it('gives each race its record and share, most played first, ties by race', () => {
    const races = metagameRaces([
      { race: 'Sombra', appearances: 1, wins: 1, players: 1 },
      { race: 'Dragon', appearances: 4, wins: 1, players: 2 },
      { race: 'Faerie', appearances: 1, wins: 0, players: 1 },
    ]);
    expect(races.map((r) => ZMetagameRace.parse(r))).toEqual([
      { race: 'Dragon', matches: 4, wins: 1, winRate: 25, players: 2, share: 67 },
      { race: 'Faerie', matches: 1, wins: 0, winRate: 0, players: 1, share: 17 },
      { race: 'Sombra', matches: 1, wins: 1, winRate: 100, players: 1, share: 17 },
    ]);
    expect(metagameRaces([])).toEqual([]);
  });

  it('shares add up to 100, give or take the rounding of each line', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            race: fc.string({ minLength: 1, maxLength: 3 }),
            appearances: fc.integer({ min: 1, max: 1000 }),
            wins: fc.nat(),
            players: fc.integer({ min: 1, max: 50 }),
          }),
          { selector: (r) => r.race, minLength: 1, maxLength: 12 },
        ),
        (lines) => {
          const races = metagameRaces(lines.map((l) => ({ ...l, wins: l.wins % (l.appearances + 1) })));
          const total = races.reduce((s, r) => s + r.share, 0);
          expect(Math.abs(total - 100)).toBeLessThanOrEqual(races.length / 2);
          for (const r of races) expect(r.winRate).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
