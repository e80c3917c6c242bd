import { MSG } from '@mitos/domain/messages';
import type { TPrivacySettings, TPublicMatchSummary, TPublicTeam } from '@mitos/domain/sharing';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { findPublicMatch, readPublicMatches, writePublicMatches, type PublicMatchRow } from './repository';

export async function getPrivacy(ctx: AppContext, userId: number): Promise<TPrivacySettings> {
  return { publicMatches: await readPublicMatches(ctx.database.db, userId) };
}

export async function setPrivacy(
  ctx: AppContext,
  userId: number,
  update: TPrivacySettings,
): Promise<TPrivacySettings> {
  return { publicMatches: await writePublicMatches(ctx.database.db, userId, update.publicMatches) };
}

function team(row: PublicMatchRow, number: 1 | 2): TPublicTeam {
  return {
    score: number === 1 ? row.team1Score : row.team2Score,
    players: row.players.filter((p) => p.team === number).map(({ username, race }) => ({ username, race })),
  };
}

/** The public summary of a match, or null when it is not public (or does not exist: the same). */
export async function findPublicSummary(
  ctx: AppContext,
  matchId: number,
): Promise<TPublicMatchSummary | null> {
  const row = await findPublicMatch(ctx.database.db, matchId);
  if (!row) return null;
  return {
    id: row.id,
    matchDate: row.matchDate.toISOString(),
    mode: row.mode,
    tier: row.tier,
    store: row.store,
    winningTeam: row.winningTeam === 'team1' || row.winningTeam === 'team2' ? row.winningTeam : null,
    team1: team(row, 1),
    team2: team(row, 2),
  };
}

/** GET /api/public/matches/:id: one answer for private, pending, cancelled and missing alike. */
export async function getPublicSummary(ctx: AppContext, matchId: number): Promise<TPublicMatchSummary> {
  const summary = await findPublicSummary(ctx, matchId);
  if (!summary) throw notFound(MSG.matchNotPublic);
  return summary;
}
