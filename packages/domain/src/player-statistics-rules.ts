import { communityDay } from './community-rules';
import type {
  StatPeriod,
  TDeckRecord,
  TFormPoint,
  THeadToHead,
  TMatchupRecord,
  TMetagameRace,
  TOpponentRecord,
  TPlayerStatistics,
  TRaceRecord,
  TRecord,
  TStreaks,
} from './player-statistics';

/**
 * The statistics of issue 17 from compact rows, one per approved match a player played: the
 * server reads the rows, these rules count them, so the API and the tests share one formula. A
 * win is a higher own score, as in computeStatistics (statistics.ts); anything else is a loss.
 */

/** One approved match from one player's side. */
export interface ScoredMatch {
  matchId: number;
  playedAt: Date;
  ownScore: number;
  opponentScore: number;
}

export interface StatPlayer {
  id: number;
  username: string;
  /** The race of the deck they played that match. */
  race: string;
}

/** A player's approved match with what the statistics group it by. */
export interface PlayerMatchRow extends ScoredMatch {
  /** The deck as recorded with the match: id null once the deck was deleted. */
  deck: { id: number | null; name: string; race: string };
  /** The other team: one player in 1v1, two in 2v2. */
  opponents: readonly StatPlayer[];
  /** The player's all-time Mitos Rating after this match (rating_history); null until rated. */
  ratingAfter: number | null;
}

/** How many of the opponents a player meets most are listed. */
export const TOP_OPPONENTS = 10;
/** How many of the latest head-to-head matches are listed. */
export const HEAD_TO_HEAD_RECENT = 10;

export const isWin = (m: Pick<ScoredMatch, 'ownScore' | 'opponentScore'>): boolean =>
  m.ownScore > m.opponentScore;

/** Played, won, and the rounded win percentage (0 when nothing was played). */
export function record(matches: number, wins: number): TRecord {
  return { matches, wins, winRate: matches === 0 ? 0 : Math.round((wins / matches) * 100) };
}

/** Plain code-unit order, the same on every machine (no locale). */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order matches were played in: date, then match id. */
const played = (a: ScoredMatch, b: ScoredMatch): number =>
  a.playedAt.getTime() - b.playedAt.getTime() || a.matchId - b.matchId;

/**
 * The first day (YYYY-MM-DD) of the week (from Monday) or month holding the moment, by the
 * community's calendar (Buenos Aires, communityDay).
 */
export function periodStart(at: Date, period: StatPeriod): string {
  const day = communityDay(at);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** Counts wins per group, keeping the group's last row's label (rows come oldest first). */
class Tally<L> {
  private readonly groups = new Map<string, { label: L; matches: number; wins: number }>();

  add(key: string, label: L, won: boolean): void {
    const group = this.groups.get(key) ?? { label, matches: 0, wins: 0 };
    group.label = label;
    group.matches += 1;
    if (won) group.wins += 1;
    this.groups.set(key, group);
  }

  /** Most played first, then by `tie`. */
  lines<T>(make: (label: L, r: TRecord) => T, tie: (a: L, b: L) => number): T[] {
    return [...this.groups.values()]
      .sort((a, b) => b.matches - a.matches || tie(a.label, b.label))
      .map((g) => make(g.label, record(g.matches, g.wins)));
  }
}

/** The run the latest matches make, and the longest runs of wins and of losses. */
export function streaksOf(outcomes: readonly boolean[]): TStreaks {
  let longestWin = 0;
  let longestLoss = 0;
  let run = 0;
  outcomes.forEach((won, i) => {
    run = i > 0 && outcomes[i - 1] === won ? run + 1 : 1;
    if (won) longestWin = Math.max(longestWin, run);
    else longestLoss = Math.max(longestLoss, run);
  });
  const last = outcomes.at(-1);
  return {
    current: last === undefined ? null : { kind: last ? 'win' : 'loss', length: run },
    longestWin,
    longestLoss,
  };
}

/** Form over time: one point per week or month with matches, oldest first (rows come so). */
function formOf(rows: readonly PlayerMatchRow[], period: StatPeriod): TFormPoint[] {
  const points: { period: string; matches: number; wins: number; rating: number | null }[] = [];
  for (const row of rows) {
    const start = periodStart(row.playedAt, period);
    let point = points.at(-1);
    if (point?.period !== start) {
      point = { period: start, matches: 0, wins: 0, rating: null };
      points.push(point);
    }
    point.matches += 1;
    if (isWin(row)) point.wins += 1;
    // The period's last rated match: its last one, unless that one still waits to be rated.
    if (row.ratingAfter !== null) point.rating = row.ratingAfter;
  }
  return points.map((p) => ({ period: p.period, ...record(p.matches, p.wins), rating: p.rating }));
}

/**
 * A player's statistics (GET /api/users/:id/statistics) from their approved matches, in any
 * order: totals, form, decks, races, matchups (in 2v2 one line per opponent), the opponents met
 * most and the streaks.
 */
export function playerStatistics(
  input: readonly PlayerMatchRow[],
  period: StatPeriod,
  seasonId: number | null,
): TPlayerStatistics {
  const rows = [...input].sort(played);
  const decks = new Tally<Omit<TDeckRecord, keyof TRecord>>();
  const races = new Tally<string>();
  const matchups = new Tally<{ ownRace: string; opponentRace: string }>();
  const opponents = new Tally<{ id: number; username: string }>();
  for (const row of rows) {
    const won = isWin(row);
    const { id, name, race } = row.deck;
    decks.add(
      id === null ? `deleted:${name}\u0000${race}` : `deck:${id}`,
      { deckId: id, name, raza: race },
      won,
    );
    races.add(race, race, won);
    for (const o of row.opponents) {
      matchups.add(`${race}\u0000${o.race}`, { ownRace: race, opponentRace: o.race }, won);
      opponents.add(String(o.id), { id: o.id, username: o.username }, won);
    }
  }
  const wins = rows.filter(isWin).length;
  return {
    period,
    seasonId,
    totals: record(rows.length, wins),
    form: formOf(rows, period),
    byDeck: decks.lines(
      (d, r): TDeckRecord => ({ ...r, ...d }),
      (a, b) => byText(a.name, b.name) || byText(a.raza, b.raza) || (a.deckId ?? 0) - (b.deckId ?? 0),
    ),
    byRace: races.lines((race, r): TRaceRecord => ({ ...r, race }), byText),
    matchups: matchups.lines(
      (m, r): TMatchupRecord => ({ ...r, ...m }),
      (a, b) => byText(a.ownRace, b.ownRace) || byText(a.opponentRace, b.opponentRace),
    ),
    opponents: opponents
      .lines(
        (opponent, r): TOpponentRecord => ({ ...r, opponent }),
        (a, b) => byText(a.username, b.username) || a.id - b.id,
      )
      .slice(0, TOP_OPPONENTS),
    streaks: streaksOf(rows.map(isWin)),
  };
}

/**
 * Two players' record against each other (GET /api/users/:id/head-to-head/:opponentId) from the
 * player's side of the matches they played on opposite teams, in any order.
 */
export function headToHead(
  input: readonly ScoredMatch[],
  opponent: { id: number; username: string },
): THeadToHead {
  const rows = [...input].sort(played);
  const wins = rows.filter(isWin).length;
  return {
    ...record(rows.length, wins),
    losses: rows.length - wins,
    opponent,
    recent: rows
      .slice(-HEAD_TO_HEAD_RECENT)
      .reverse()
      .map((m) => ({
        matchId: m.matchId,
        matchDate: m.playedAt.toISOString(),
        ownScore: m.ownScore,
        opponentScore: m.opponentScore,
        won: isWin(m),
      })),
  };
}

/** One race's appearances in the matches counted: each player of each match is one. */
export interface RaceAppearances {
  race: string;
  appearances: number;
  wins: number;
  /** Distinct players who played it. */
  players: number;
}

/** The metagame's lines (GET /api/metagame): most played first, each with its share of appearances. */
export function metagameRaces(input: readonly RaceAppearances[]): TMetagameRace[] {
  const total = input.reduce((sum, r) => sum + r.appearances, 0);
  return [...input]
    .sort((a, b) => b.appearances - a.appearances || byText(a.race, b.race))
    .map((r) => ({
      race: r.race,
      ...record(r.appearances, r.wins),
      players: r.players,
      share: total === 0 ? 0 : Math.round((r.appearances / total) * 100),
    }));
}
