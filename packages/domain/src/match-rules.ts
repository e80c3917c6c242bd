import type { NormalizedMatchInput, TMatch, TTeamPlayer, TMatchEvent } from './matches';
import { LIMITS, playersPerTeam, type HighlightType } from './constants';
import * as MSG from './message-texts';
import { canTransition, type MatchState } from './match-transitions';

export { statusLabel, type MatchStatusLabel } from './match-status';

type MatchLike = Pick<TMatch, 'approval_status' | 'team1' | 'team2'>;

export function allPlayers(match: Pick<TMatch, 'team1' | 'team2'>): TTeamPlayer[] {
  return [...match.team1.players, ...match.team2.players];
}

/** SPEC §4: a match is treated as approved when it is not pending, rejected or cancelled. */
export function isApproved(match: Pick<TMatch, 'approval_status'>): boolean {
  return !['pending', 'rejected', 'cancelled'].includes(match.approval_status);
}

export function playerEntry(match: Pick<TMatch, 'team1' | 'team2'>, userId: number): TTeamPlayer | undefined {
  return allPlayers(match).find((p) => p.user_id === userId);
}

/** The state the match state machine looks at, from a match as the API answers it. */
export function matchStateOf(match: MatchLike & Pick<TMatch, 'created_by'>): MatchState {
  return {
    approvalStatus: match.approval_status,
    createdBy: match.created_by ?? 0,
    players: allPlayers(match).map((p) => ({ userId: p.user_id, approvalStatus: p.approval_status })),
  };
}

/**
 * The match as the rules of its escalation see it (decision 020): where it was played and whether
 * it went to its store's organisers, for Confirmar and the organiser's Cancelar.
 */
export function escalationStateOf(
  match: MatchLike & Pick<TMatch, 'created_by' | 'store' | 'escalated_at'>,
): MatchState {
  return { ...matchStateOf(match), storeId: match.store?.id ?? null, escalated: match.escalated_at !== null };
}

/** SPEC §6: approval buttons only for a player whose own entry is pending, on a pending match. */
export function canApprove(match: MatchLike, userId: number | null | undefined): boolean {
  return canTransition(matchStateOf({ created_by: null, ...match }), userId, 'approve');
}

/**
 * "Cancelar partida" (issue 14 item 6): the creator may withdraw their own match while it is
 * still pending; nobody else may cancel a pending match.
 */
export function canCancelPending(
  match: Pick<TMatch, 'approval_status' | 'created_by'>,
  userId: number | null | undefined,
): boolean {
  // Who may cancel at all is the state machine's to say; this button is for pending matches.
  const state = { approvalStatus: match.approval_status, createdBy: match.created_by ?? 0, players: [] };
  return match.approval_status === 'pending' && canTransition(state, userId, 'cancel');
}

/** SPEC §4: a pending match for the user is one where the user's own entry is pending. */
export function isPendingForUser(match: MatchLike, userId: number): boolean {
  return canApprove(match, userId);
}

/** The winner of a match derived from its scores; null on a tie. */
export function winnerFromScores(team1Score: number, team2Score: number): 'team1' | 'team2' | null {
  if (team1Score > team2Score) return 'team1';
  if (team2Score > team1Score) return 'team2';
  return null;
}

/** SPEC §2 event history: sorted by date ascending and de-duplicated. */
export function eventHistory(events: readonly TMatchEvent[]): TMatchEvent[] {
  const seen = new Set<string>();
  const unique: TMatchEvent[] = [];
  for (const e of events) {
    const key = `${e.type}|${e.user_id ?? ''}|${e.at}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(e);
  }
  return unique
    .map((e, i) => ({ e, i }))
    .sort((a, b) => Date.parse(a.e.at) - Date.parse(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}

/** Total games of a recreated match: the stored total, else the sum of scores, at least 1. */
export function totalMatchesOf(match: Pick<TMatch, 'total_matches' | 'team1' | 'team2'>): number {
  const stored = match.total_matches;
  if (Number.isFinite(stored) && stored > 0) return stored;
  return Math.max(1, match.team1.score + match.team2.score);
}

/** SPEC §4: the screens' pending list: the user plays, not cancelled, not fully approved, newest first. */
export function pendingForScreens<T extends TMatch>(matches: readonly T[], userId: number): T[] {
  return matches
    .filter(
      (m) =>
        playerEntry(m, userId) !== undefined &&
        m.approval_status !== 'cancelled' &&
        !allPlayers(m).every((p) => p.approval_status === 'approved'),
    )
    .sort((a, b) => Date.parse(b.match_date) - Date.parse(a.match_date));
}

/**
 * How far ahead of the server's clock a match date may be: a player's device clock running a
 * few minutes fast must not make "now" look like the future.
 */
export const MATCH_DATE_CLOCK_SKEW_MS = 5 * 60_000;

const MATCH_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A match date as the API accepts it: an ISO date, or an ISO date-time with its offset (a
 * date-time without one would depend on the server's time zone). null when it is not one.
 */
export function parseMatchDate(text: string): Date | null {
  const parts = MATCH_DATE_PATTERN.exec(text);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Date rolls 2024-02-31 over to March; only a real calendar day survives the round trip.
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

export interface ResolvedMatchInput {
  matchDate: Date;
  winningTeam: 'team1' | 'team2' | null;
  totalMatches: number;
  highlights: HighlightType[];
}

/** Field (snake_case, as in the SPEC §7 wire form) → Spanish messages. */
export type MatchInputErrors = Record<string, string[]>;

export type MatchInputResult =
  { ok: true; value: ResolvedMatchInput } | { ok: false; errors: MatchInputErrors };

/**
 * The rules of a new match that need no database (SPEC §5 and issue 3 §2): team sizes for the
 * mode, every player once, at least one victory, a winner that agrees with the scores (derived
 * when absent), at most 3 distinct highlights, a date that is neither in the future nor before
 * 1900, and a total of games no smaller than the victories.
 */
export function resolveMatchInput(input: NormalizedMatchInput, now: Date): MatchInputResult {
  const errors: MatchInputErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };

  const perTeam = playersPerTeam(input.mode);
  const sizeMessage = input.mode === '2v2' ? MSG.teamSize2v2 : MSG.teamSize1v1;
  const seen = new Set<number>();
  input.teams.forEach((team, i) => {
    const field = `team${i + 1}_players`;
    if (team.players.length !== perTeam) add(field, sizeMessage);
    for (const id of team.players) {
      if (seen.has(id)) add(field, MSG.playerAlreadySelected);
      seen.add(id);
    }
  });

  const [score1, score2] = [input.teams[0].score, input.teams[1].score];
  if (score1 + score2 < LIMITS.minTotalScore) add('team1_score', MSG.minVictories);
  const derived = winnerFromScores(score1, score2);
  if (input.winningTeam !== undefined && input.winningTeam !== derived)
    add('winning_team', MSG.winnerMismatch);

  if (input.highlights.length > LIMITS.maxHighlights) add('highlights', MSG.tooManyHighlights);
  if (new Set(input.highlights).size !== input.highlights.length) add('highlights', MSG.repeatedHighlight);

  let matchDate = now;
  if (input.matchDate !== null && input.matchDate !== '') {
    const parsed = parseMatchDate(input.matchDate);
    if (!parsed) add('match_date', MSG.invalidDate);
    else if (parsed.getTime() > now.getTime() + MATCH_DATE_CLOCK_SKEW_MS) add('match_date', MSG.futureDate);
    else if (parsed.getTime() < Date.parse(`${LIMITS.minDate}T00:00:00Z`)) add('match_date', MSG.dateTooOld);
    else matchDate = parsed;
  }

  const victories = score1 + score2;
  if (input.totalMatches !== null && input.totalMatches < victories) {
    add('total_matches', MSG.totalMatchesTooLow);
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      matchDate,
      winningTeam: derived,
      totalMatches: input.totalMatches ?? Math.max(LIMITS.minTotalScore, victories),
      highlights: input.highlights,
    },
  };
}
