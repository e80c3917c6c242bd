import type { ApprovalStatus, PlayerApprovalStatus } from '@mitos/domain/constants';
import {
  highlightDescription,
  type MatchEventType,
  type TMatch,
  type TTeam,
  type TWinningTeam,
} from '@mitos/domain/matches';
import type { MatchBundle } from './repository/load';
import type { PendingMatchDelays } from '../config';

function presentTeam(bundle: MatchBundle, team: 1 | 2): TTeam {
  const players = bundle.players.filter((p) => p.team === team);
  return {
    team_number: team,
    score: team === 1 ? bundle.match.team1Score : bundle.match.team2Score,
    players: players.map((p) => ({
      user_id: p.userId,
      username: p.username,
      approval_status: p.approvalStatus as PlayerApprovalStatus,
      approved: p.approvalStatus === 'approved',
      status_updated_at: p.statusUpdatedAt?.toISOString() ?? null,
      reminders: p.reminders,
      reminded_at: p.remindedAt?.toISOString() ?? null,
    })),
    decks: players.map((p) => ({
      deck_id: p.deckId,
      deck_name: p.deckName,
      deck_raza: p.deckRaza,
      user_id: p.userId,
    })),
  };
}

/**
 * When the final rule applies to a pending match nobody finished answering, and which: none for a
 * tournament's match (its rounds settle it) or one already with its store's organisers.
 */
function deadlineOf(bundle: MatchBundle, delays: PendingMatchDelays | undefined): TMatch['deadline'] {
  const m = bundle.match;
  if (!delays || m.approvalStatus !== 'pending' || m.escalatedAt !== null || m.tournamentId !== null)
    return null;
  return {
    at: new Date(m.createdAt.getTime() + delays.finalRuleMs).toISOString(),
    rule: m.storeId !== null ? 'escalate' : 'expire',
  };
}

/**
 * The one JSON shape of a match (issue 3 §3), for every endpoint that answers matches; with the
 * server's delays, a pending match says when its final rule applies (decision 020).
 */
export function presentMatch(bundle: MatchBundle, delays?: PendingMatchDelays): TMatch {
  const m = bundle.match;
  return {
    id: m.id,
    match_date: m.matchDate.toISOString(),
    match_mode: m.matchMode,
    tier: m.tier,
    approval_status: m.approvalStatus as ApprovalStatus,
    status: m.status,
    winning_team: m.winningTeam as TWinningTeam | null,
    created_at: m.createdAt.toISOString(),
    created_by: m.createdBy,
    created_by_username: bundle.createdByUsername,
    last_updated_by: m.lastUpdatedBy,
    approval_updated_at: m.approvalUpdatedAt?.toISOString() ?? null,
    total_matches: m.totalMatches,
    store: bundle.store,
    league: bundle.league,
    round: m.round,
    deadline: deadlineOf(bundle, delays),
    escalated_at: m.escalatedAt?.toISOString() ?? null,
    highlights: bundle.highlights.map((type) => ({ type, description: highlightDescription(type) })),
    team1: presentTeam(bundle, 1),
    team2: presentTeam(bundle, 2),
    events: bundle.events.map((e) => ({
      type: e.type as MatchEventType,
      user_id: e.userId,
      username: e.username,
      at: e.at.toISOString(),
    })),
  };
}
