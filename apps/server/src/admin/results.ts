import { communityDay, runsStore, seesAdmin } from '@mitos/domain/community-rules';
import type { TAdminResult } from '@mitos/domain/community';
import { MSG } from '@mitos/domain/messages';
import type { SessionUser } from '../auth/session';
import { communityActor } from '../community/actor';
import type { AppContext } from '../context';
import { badRequest, forbidden } from '../errors';
import * as writes from '../matches/repository/writes';
import { applyCounts } from '../rankings/tallies';
import { approveEntered, defaultDecksOf, enteredResults, type EnteredResultRow } from './repository';

export interface ResultInput {
  storeId: number;
  leagueId?: number | null | undefined;
  round: number;
  player1Id: number;
  player2Id: number;
  winnerId: number;
  date: string;
}

/** Noon in Buenos Aires of the result's day, or now when that is still ahead today. */
function matchDateOf(day: string, now: Date): Date {
  const noon = new Date(`${day}T15:00:00.000Z`);
  return noon < now ? noon : now;
}

function present(row: EnteredResultRow): TAdminResult {
  return {
    matchId: row.matchId,
    storeId: row.storeId,
    store: row.store,
    round: row.round ?? 1,
    player1: { id: row.player1Id, username: row.player1 },
    player2: { id: row.player2Id, username: row.player2 },
    winnerId: row.winningTeam === 'team2' ? row.player2Id : row.player1Id,
    date: communityDay(new Date(row.matchDate)),
    enteredBy: row.enteredById === null ? null : { id: row.enteredById, username: row.enteredBy ?? '' },
  };
}

async function refuseUnlessOrganiser(ctx: AppContext, user: SessionUser) {
  const actor = await communityActor(ctx.database.db, user);
  if (!seesAdmin(actor)) throw forbidden(MSG.organiserOnly);
  return actor;
}

/**
 * Resultados: an organiser enters a 1v1 played at their store (round, players, winner, day). It
 * becomes a real match, approved by the organiser's authority (its history says who entered it),
 * in the season of its day, and counts at once in the rankings (docs/decisions/014). A league's
 * result is Arena (Tier 3); any other is refereed by the organiser (Amistoso c/ Arbitro, Tier 2).
 */
export async function enterResult(
  ctx: AppContext,
  user: SessionUser,
  input: ResultInput,
): Promise<TAdminResult> {
  await refuseUnlessOrganiser(ctx, user);
  const now = new Date();
  if (input.date > communityDay(now)) throw badRequest(MSG.futureDate);
  const players = [input.player1Id, input.player2Id];
  const leagueId = input.leagueId ?? null;
  const row = await ctx.changes.commit(async (tx, announce) => {
    const found = await writes.readForRecording(tx, [...players, user.id], [], null, {
      storeId: input.storeId,
      leagueId,
      day: input.date,
      actorId: user.id,
      organises: true,
    });
    const { store, league, season } = found.place;
    if (!store) throw badRequest(MSG.storeNotFound);
    if (!runsStore({ id: user.id, role: user.role, organises: found.place.organises }, store.id))
      throw forbidden(MSG.organiserOnly);
    if (!store.active) throw badRequest(MSG.storeInactive);
    if (leagueId !== null) {
      if (!league) throw badRequest(MSG.leagueNotFound);
      if (league.store.id !== store.id) throw badRequest(MSG.leagueOfAnotherStore);
      if (league.finished) throw badRequest(MSG.leagueFinished);
    }
    if (season?.closed) throw badRequest(MSG.seasonClosed(season.name));
    const names = new Map(found.players.map((p) => [p.id, p.username]));
    if (players.some((id) => !names.has(id))) throw badRequest(MSG.playerNotFound);

    const decks = await defaultDecksOf(tx, players);
    const firstWins = input.winnerId === input.player1Id;
    const match = await writes.insertMatch(tx, {
      match: {
        matchDate: matchDateOf(input.date, now),
        matchMode: '1v1',
        tier: leagueId !== null ? 'Arena' : 'Amistoso c/ Arbitro',
        winningTeam: firstWins ? 'team1' : 'team2',
        team1Score: firstWins ? 1 : 0,
        team2Score: firstWins ? 0 : 1,
        totalMatches: 1,
        createdAt: now,
        createdBy: user.id,
        lastUpdatedBy: user.id,
        storeId: store.id,
        leagueId,
        seasonId: season?.id ?? null,
        round: input.round,
      },
      players: players.map((userId, i) => {
        const deck = decks.get(userId);
        return {
          userId,
          team: i + 1,
          position: 0,
          approvalStatus: 'approved',
          statusUpdatedAt: now,
          deckId: deck?.id ?? null,
          deckName: deck?.name ?? MSG.deckUnavailable,
          deckRaza: deck?.raza ?? MSG.unknownRace,
        };
      }),
      highlights: [],
      events: [
        { type: 'created', userId: user.id, at: now },
        { type: 'entered', userId: user.id, at: now },
      ],
    });
    await approveEntered(tx, match.id, now);
    if (season) await applyCounts(tx, match.id, 1);
    announce({ matches: [...players, user.id], community: true, standings: true });
    return {
      matchId: match.id,
      storeId: store.id,
      store: store.name,
      round: input.round,
      player1Id: input.player1Id,
      player1: names.get(input.player1Id)!,
      player2Id: input.player2Id,
      player2: names.get(input.player2Id)!,
      winningTeam: firstWins ? ('team1' as const) : ('team2' as const),
      matchDate: match.matchDate.toISOString(),
      enteredById: user.id,
      enteredBy: names.get(user.id) ?? null,
    };
  });
  return present(row);
}

/** The results entered lately: an organiser's stores', or every store's for an admin. */
export async function listResults(ctx: AppContext, user: SessionUser): Promise<TAdminResult[]> {
  const actor = await refuseUnlessOrganiser(ctx, user);
  const rows = await enteredResults(ctx.database.db, actor.role === 'admin' ? null : actor.organises, 100);
  return rows.map(present);
}
