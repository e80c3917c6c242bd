import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TPairing, TTournament, TTournamentStandings, TBracketView } from '@mitos/domain/tournaments';
import { injectAs, type TestUser } from './helpers';
import type { Player } from './matches-factories';

/** Tournaments through their API, for the tests of tournaments (decision 015). */
export function tournamentApi(app: FastifyInstance) {
  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => injectAs(app, user, { method, url, ...(payload ? { payload } : {}) });
  const ok = async <T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  return {
    call,
    create: async (user: TestUser, storeId: number, values: Record<string, unknown> = {}) =>
      ok<TTournament>(
        await call(user, 'POST', '/api/tournaments', {
          name: 'Torneo de Prueba',
          storeId,
          type: 'swiss',
          startDate: '2026-11-28',
          startTime: '17:00',
          ...values,
        }),
        201,
      ),
    detail: async (user: TestUser, id: number) =>
      ok<TTournament>(await call(user, 'GET', `/api/tournaments/${id}`)),
    signUp: (player: Player, id: number, deckId = player.deck.id) =>
      call(player, 'POST', `/api/tournaments/${id}/signup`, { deckId }),
    /** Comenzar (answered with the summary), then the tournament as it is now. */
    start: async (user: TestUser, id: number) => {
      await ok<unknown>(await call(user, 'POST', `/api/tournaments/${id}/start`));
      return ok<TTournament>(await call(user, 'GET', `/api/tournaments/${id}`));
    },
    pairings: async (user: TestUser, id: number, round?: number) =>
      ok<TPairing[]>(
        await call(user, 'GET', `/api/tournaments/${id}/pairings${round ? `?round=${round}` : ''}`),
      ),
    standings: async (user: TestUser, id: number) =>
      ok<TTournamentStandings>(await call(user, 'GET', `/api/tournaments/${id}/standings`)),
    bracket: async (user: TestUser, id: number) =>
      ok<TBracketView>(await call(user, 'GET', `/api/tournaments/${id}/bracket`)),
    report: (user: TestUser, id: number, pairingId: number, games1: number, games2: number, gamesDrawn = 0) =>
      call(user, 'POST', `/api/tournaments/${id}/pairings/${pairingId}/report`, {
        games1,
        games2,
        gamesDrawn,
      }),
    pairRound: (user: TestUser, id: number, round: number) =>
      call(user, 'POST', `/api/tournaments/${id}/rounds`, { round }),
  };
}

export type TournamentApi = ReturnType<typeof tournamentApi>;

/**
 * Every open pairing of the tournament decided by `organiser` (entered, approved at once), the
 * first-named player winning `wins`–0 unless `winner` says otherwise. Answers how many were entered.
 */
export async function enterAll(
  api: TournamentApi,
  organiser: TestUser,
  id: number,
  winner: (p: TPairing) => 1 | 2 = () => 1,
  /** Games a winner needs: 2 in a best of 3, 1 in a best of 1. */
  wins = 2,
): Promise<number> {
  const open = (await api.pairings(organiser, id)).filter(
    (p) => p.status === 'pending' && p.player2 !== null,
  );
  for (const p of open) {
    const first = winner(p) === 1;
    const res = await api.report(organiser, id, p.id, first ? wins : 0, first ? 0 : wins);
    expect(res.statusCode, res.body).toBe(200);
  }
  return open.length;
}
