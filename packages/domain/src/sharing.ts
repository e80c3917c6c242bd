import { z } from 'zod/mini';
import * as MSG from './message-texts';

/**
 * Sharing a match (issue 18, docs/decisions/021): a player's privacy setting and the public
 * summary a signed-out visitor of a shared link sees.
 */

/** GET and PUT /api/users/me/privacy. */
export const ZPrivacySettings = z.object({
  /** Whether a signed-out visitor with the link sees a summary of this player's approved matches. */
  publicMatches: z.boolean(),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

export const ZPrivacyUpdate = z.strictObject({
  publicMatches: z.boolean({ error: MSG.privacyInvalid }),
});
export type TPrivacyUpdate = z.infer<typeof ZPrivacyUpdate>;

/** A player of a public summary: the username and the race of the deck played, nothing else. */
export const ZPublicPlayer = z.object({
  username: z.string(),
  race: z.string(),
});
export type TPublicPlayer = z.infer<typeof ZPublicPlayer>;

export const ZPublicTeam = z.object({
  score: z.int(),
  players: z.array(ZPublicPlayer),
});
export type TPublicTeam = z.infer<typeof ZPublicTeam>;

/** GET /api/public/matches/:id: what a shared link shows to anyone, when every player allows it. */
export const ZPublicMatchSummary = z.object({
  id: z.int(),
  /** ISO instant the match was played. */
  matchDate: z.string(),
  mode: z.string(),
  tier: z.string(),
  /** The store's name; null when it was played elsewhere. */
  store: z.nullable(z.string()),
  winningTeam: z.nullable(z.enum(['team1', 'team2'])),
  team1: ZPublicTeam,
  team2: ZPublicTeam,
});
export type TPublicMatchSummary = z.infer<typeof ZPublicMatchSummary>;

/** The line a link preview and the page title show: "mateo 2–1 lucas". */
export function summaryHeadline(summary: Pick<TPublicMatchSummary, 'team1' | 'team2'>): string {
  const names = (team: TPublicTeam) => team.players.map((p) => p.username).join(' y ');
  return `${names(summary.team1)} ${summary.team1.score}–${summary.team2.score} ${names(summary.team2)}`;
}
