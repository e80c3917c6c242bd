import { RANKS, type Tier } from './constants';

/**
 * The community's points and ranks (docs/decisions/014): what an approved match earns, and the
 * rank a season's points reach. One home: the server applies them, the ranking rebuild computes
 * with the same numbers, and the web shows them (/help). Apart from community-rules and without
 * the message texts, so that /help, open without signing in, loads them without the signed-in
 * screens' file and its schemas (docs/decisions/043).
 */

/** SPEC: Tier 1 100, Tier 2 200, Tier 3 300, Tier 4 500, mapped onto the four match tiers. */
export const TIER_OF_MATCH: Readonly<Record<Tier, { label: string; points: number }>> = {
  Amistoso: { label: 'Tier 1', points: 100 },
  'Amistoso c/ Arbitro': { label: 'Tier 2', points: 200 },
  Arena: { label: 'Tier 3', points: 300 },
  Torneo: { label: 'Tier 4', points: 500 },
};

/** A player who did not win still earns this share of the tier's points, for taking part. */
export const PARTICIPATION_SHARE = 0.1;

export type Outcome = 'win' | 'loss' | 'draw';

/** The points one player earns from one approved match. */
export function matchPoints(tier: Tier, outcome: Outcome): number {
  const full = TIER_OF_MATCH[tier].points;
  return outcome === 'win' ? full : Math.round(full * PARTICIPATION_SHARE);
}

/** A team's outcome from the scores: the higher score wins; equal scores are a draw. */
export function outcomeOf(team: 1 | 2, team1Score: number, team2Score: number): Outcome {
  if (team1Score === team2Score) return 'draw';
  return (team === 1) === team1Score > team2Score ? 'win' : 'loss';
}

/** What one approved match adds to a player's season line (subtracted if it is annulled). */
export interface StandingDelta {
  matches: number;
  wins: number;
  points: number;
}

export function standingDelta(tier: Tier, outcome: Outcome, sign: 1 | -1 = 1): StandingDelta {
  return {
    matches: sign,
    wins: outcome === 'win' ? sign : 0,
    points: sign * matchPoints(tier, outcome),
  };
}

/** The points a rank starts at, lowest first (the six SPEC ranks). */
export const RANK_THRESHOLDS = [0, 500, 1500, 3000, 6000, 10000] as const;

export interface Rank {
  level: number;
  name: string;
  /** Points where this rank starts, and where the next one starts (null for the last). */
  from: number;
  next: number | null;
}

export function rankFor(points: number): Rank {
  let index = 0;
  for (let i = 0; i < RANK_THRESHOLDS.length; i++) if (points >= RANK_THRESHOLDS[i]!) index = i;
  const rank = RANKS[index]!;
  return {
    level: rank.level,
    name: rank.name,
    from: RANK_THRESHOLDS[index]!,
    next: RANK_THRESHOLDS[index + 1] ?? null,
  };
}
