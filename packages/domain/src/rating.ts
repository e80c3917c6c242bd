import { ordinal, rate, rating as fresh } from 'openskill';

/**
 * Mitos Rating (issue 17, docs/decisions/016): OpenSkill's Weng-Lin Plackett-Luce model (the
 * `openskill` package, its defaults μ 25, σ 25/3, β 25/6, τ 25/300), fed every approved match in
 * the order they were played. The score decides the result (a draw when equal) and, through the
 * library's margin, a sweep (2-0) moves the ratings more than a 2-1. What players read is the
 * conservative ordinal μ − 3σ scaled: 40 · (μ − 3σ) + 1000, so a new player reads 1000.
 *
 * The rating is a pure function of the ordered approved matches: `replayRatings` of any list in
 * its order gives what applying `rateMatch` one match at a time gives.
 */

export interface Skill {
  mu: number;
  sigma: number;
}

/** A player's state: skill and how many matches rated it. */
export interface PlayerRating extends Skill {
  matches: number;
}

/** What the rating needs of a match: its two teams (user ids) and their scores. */
export interface RatedMatch {
  team1: readonly number[];
  team2: readonly number[];
  team1Score: number;
  team2Score: number;
}

/** Game wins beyond this lead amplify the update (openskill's margin): 2-0 more than 2-1 or 1-0. */
export const RATING_MARGIN = 1;
/** Until this many rated matches a rating shows as Provisional. */
export const RATING_PROVISIONAL_MATCHES = 10;
/** The displayed number: RATING_SCALE · (μ − 3σ) + RATING_BASE. */
export const RATING_SCALE = 40;
export const RATING_BASE = 1000;

export function newRating(): PlayerRating {
  const { mu, sigma } = fresh();
  return { mu, sigma, matches: 0 };
}

/** The number players read: the conservative ordinal, scaled and rounded. */
export function displayRating(skill: Skill): number {
  return Math.round(ordinal(skill, { alpha: RATING_SCALE, target: RATING_BASE }));
}

export function isProvisional(r: { matches: number }): boolean {
  return r.matches < RATING_PROVISIONAL_MATCHES;
}

/**
 * The two teams' players after one match, in the order given. A match without a winner (equal
 * scores) is a draw.
 */
export function rateMatch(
  team1: readonly PlayerRating[],
  team2: readonly PlayerRating[],
  team1Score: number,
  team2Score: number,
): [PlayerRating[], PlayerRating[]] {
  const teams = [
    team1.map(({ mu, sigma }) => ({ mu, sigma })),
    team2.map(({ mu, sigma }) => ({ mu, sigma })),
  ];
  const [a, b] = rate(teams, { score: [team1Score, team2Score], margin: RATING_MARGIN });
  const after = (before: readonly PlayerRating[], skills: readonly Skill[]) =>
    before.map((p, i) => ({ mu: skills[i]!.mu, sigma: skills[i]!.sigma, matches: p.matches + 1 }));
  return [after(team1, a!), after(team2, b!)];
}

/** One player's rating after one match: what the history keeps. */
export interface RatingStep extends PlayerRating {
  userId: number;
  rating: number;
}

/**
 * Rates `match` against the ratings in `state` (a player missing starts new), writes the players'
 * new ratings back into `state` and answers them.
 */
export function applyMatch(state: Map<number, PlayerRating>, match: RatedMatch): RatingStep[] {
  const get = (id: number) => state.get(id) ?? newRating();
  const [t1, t2] = rateMatch(match.team1.map(get), match.team2.map(get), match.team1Score, match.team2Score);
  const steps: RatingStep[] = [];
  const put = (ids: readonly number[], after: PlayerRating[]) =>
    ids.forEach((userId, i) => {
      const r = after[i]!;
      state.set(userId, r);
      steps.push({ userId, ...r, rating: displayRating(r) });
    });
  put(match.team1, t1);
  put(match.team2, t2);
  return steps;
}

/** Every match in order from `start` (new players otherwise): the final ratings. */
export function replayRatings(
  matches: Iterable<RatedMatch>,
  start: ReadonlyMap<number, PlayerRating> = new Map(),
): Map<number, PlayerRating> {
  const state = new Map(start);
  for (const match of matches) applyMatch(state, match);
  return state;
}
