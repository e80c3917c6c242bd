import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import { approvalAudience, rejectionAudience } from '@mitos/domain/push';
import type { AppContext } from '../context';
import { presentMatch } from '../matches/presenter';
import { loadMatches } from '../matches/repository/load';

/*
 * What the services push once their transaction has committed (docs/decisions/019). Each call
 * returns at once: the sender works in the background.
 */

/** A match recorded pending: the players whose approval it waits for. */
export function pushMatchRecorded(ctx: AppContext, match: TMatch): void {
  ctx.push.notify(approvalAudience(match), 'approval', {
    title: MSG.pushPendingTitle,
    body: MSG.pushPendingBody(match.created_by_username ?? 'Alguien'),
    url: `/match/${match.id}`,
    tag: `match-${match.id}`,
  });
}

/**
 * The same for a match written elsewhere (a tournament result a player reports): read back once
 * committed. The write is done; a failed read only costs the push, never the answer.
 */
export async function pushMatchRecordedById(ctx: AppContext, matchId: number): Promise<void> {
  const [bundle] = await loadMatches(ctx.database.db, [matchId]).catch(() => []);
  if (bundle) pushMatchRecorded(ctx, presentMatch(bundle));
}

/** A match rejected: its recorder and the players who had approved it, not the one who rejected. */
export function pushMatchRejected(ctx: AppContext, match: TMatch, rejectedBy: number): void {
  if (match.approval_status !== 'rejected') return;
  const rejecter = [...match.team1.players, ...match.team2.players].find((p) => p.user_id === rejectedBy);
  ctx.push.notify(rejectionAudience(match, rejectedBy), 'rejected', {
    title: MSG.pushRejectedTitle,
    body: MSG.pushRejectedBody(rejecter?.username ?? 'Un jugador'),
    url: `/match/${match.id}`,
    tag: `match-${match.id}`,
  });
}

/** A Comunicado published: the tournament's participants, not its author. */
export function pushAnnouncement(
  ctx: AppContext,
  tournament: { id: number; name: string },
  audience: readonly number[],
  authorId: number,
  message: string,
): void {
  ctx.push.notify(
    audience.filter((id) => id !== authorId),
    'announcement',
    {
      title: MSG.pushAnnouncementTitle(tournament.name),
      body: message.length > 180 ? `${message.slice(0, 179)}…` : message,
      // The Comunicados are a section of the tournament's page.
      url: `/tournaments/${tournament.id}`,
      tag: `tournament-${tournament.id}-announcement`,
    },
  );
}
