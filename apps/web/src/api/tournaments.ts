import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TBracketView,
  TPairing,
  TReportInput,
  TTournament,
  TTournamentInput,
  TTournamentParticipant,
  TTournamentStandings,
  TTournamentSummary,
} from '@mitos/domain/tournaments';
import { api, ApiError } from '../lib/api-client';
import { matchesChanged, tournamentKeys, tournamentsChanged } from './query-keys';

/**
 * The tournaments' API (docs/decisions/015): one hook per route, every answer parsed with the
 * shared contract. Reads are keyed under `['tournaments', …]`; every write refreshes them all
 * (the list shows counts and statuses a write changes), and the server's `community_changed`
 * does the same for everybody else's screens.
 */

// The contracts (and zod with them) load with the first tournament request.
const schemas = () => import('@mitos/domain/tournaments');
const tournamentSchema = () => schemas().then((m) => m.ZTournament);

export interface TournamentListQuery {
  storeId?: number;
  status?: 'active' | 'finished';
}

/** GET /api/tournaments: every tournament (or a store's, or only active or finished ones). */
export function useTournaments(query: TournamentListQuery = {}) {
  return useQuery<TTournamentSummary[]>({
    queryKey: tournamentKeys.list(query),
    queryFn: () =>
      api('/api/tournaments', {
        query: { storeId: query.storeId, status: query.status },
        schema: () => schemas().then((m) => m.ZTournamentList),
      }),
  });
}

/** A tournament's id from its address (`/tournaments/:id`), or 0 when it is not one. */
export function tournamentIdParam(id: string | undefined): number {
  return id !== undefined && /^\d{1,10}$/.test(id) ? Number(id) : 0;
}

/** GET /api/tournaments/{id}: the detail with the caller's part, announcements and calendar. */
export const tournamentQuery = (id: number) =>
  queryOptions<TTournament>({
    queryKey: tournamentKeys.detail(id),
    queryFn: () => api(`/api/tournaments/${id}`, { schema: tournamentSchema }),
  });

export function useTournament(id: number) {
  return useQuery({ ...tournamentQuery(id), enabled: id > 0 });
}

/** GET /api/tournaments/{id}/participants: registered, waitlisted and dropped players. */
export function useTournamentParticipants(id: number) {
  return useQuery<TTournamentParticipant[]>({
    queryKey: tournamentKeys.participants(id),
    queryFn: () =>
      api(`/api/tournaments/${id}/participants`, {
        schema: () => schemas().then((m) => m.ZTournamentParticipants),
      }),
    enabled: id > 0,
  });
}

/** GET /api/tournaments/{id}/bracket: elimination and round-robin stages (a Swiss: its playoff). */
export function useTournamentBracket(id: number) {
  return useQuery<TBracketView>({
    queryKey: tournamentKeys.bracket(id),
    queryFn: () =>
      api(`/api/tournaments/${id}/bracket`, { schema: () => schemas().then((m) => m.ZBracketView) }),
    enabled: id > 0,
  });
}

/** GET /api/tournaments/{id}/pairings[?round=]: the games to play and played (Partidas). */
export function useTournamentPairings(id: number, round: number | null = null) {
  return useQuery<TPairing[]>({
    queryKey: tournamentKeys.pairings(id, round),
    queryFn: () =>
      api(`/api/tournaments/${id}/pairings`, {
        query: { round },
        schema: () => schemas().then((m) => m.ZPairingList),
      }),
    enabled: id > 0,
  });
}

/** GET /api/tournaments/{id}/standings: Posiciones, with the Swiss tiebreakers. */
export function useTournamentStandings(id: number, enabled = true) {
  return useQuery<TTournamentStandings>({
    queryKey: tournamentKeys.standings(id),
    queryFn: () =>
      api(`/api/tournaments/${id}/standings`, {
        schema: () => schemas().then((m) => m.ZTournamentStandings),
      }),
    enabled: enabled && id > 0,
  });
}

/**
 * A tournament write: on success every tournament screen on show refetches; a result (report,
 * correction, reversal) changes matches too (Mis Partidas, the opponent's approval).
 */
function useTournamentMutation<V, R>(
  mutationFn: (values: V) => Promise<R>,
  options: { changesMatches?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        tournamentsChanged(client),
        options.changesMatches ? matchesChanged(client) : Promise.resolve(),
      ]);
    },
  });
}

/** POST /api/tournaments: answers the new tournament (its id is all the caller needs). */
export function useCreateTournament() {
  return useTournamentMutation((input: TTournamentInput) =>
    api('/api/tournaments', {
      method: 'POST',
      body: input,
      schema: () => schemas().then((m) => m.ZCreatedTournament),
    }),
  );
}

/** PUT /api/tournaments/{id}: managers; once started only its name, rules and schedule change. */
export function useUpdateTournament(id: number) {
  return useTournamentMutation((input: TTournamentInput) =>
    api(`/api/tournaments/${id}`, { method: 'PUT', body: input }),
  );
}

/** DELETE /api/tournaments/{id}: managers, before the start. */
export function useDeleteTournament(id: number) {
  return useTournamentMutation(() => api(`/api/tournaments/${id}`, { method: 'DELETE' }));
}

/** The detail read again at once, fresh from the server (after the caller's own sign-up). */
function refetchTournament(client: QueryClient, id: number): Promise<TTournament> {
  return client.fetchQuery({
    queryKey: tournamentKeys.detail(id),
    queryFn: () => api(`/api/tournaments/${id}`, { schema: tournamentSchema }),
    staleTime: 0,
  });
}

/**
 * POST /api/tournaments/{id}/signup {deckId} (Inscribirse). Answers the tournament as it is now,
 * whose `me` says whether the player got a place or a place on the waiting list.
 */
export function useSignUp(id: number) {
  const client = useQueryClient();
  return useTournamentMutation(async (deckId: number) => {
    await api(`/api/tournaments/${id}/signup`, { method: 'POST', body: { deckId } });
    return refetchTournament(client, id);
  });
}

/** DELETE /api/tournaments/{id}/signup: the player withdraws before the start (Retirarme). */
export function useWithdraw(id: number) {
  return useTournamentMutation(() => api(`/api/tournaments/${id}/signup`, { method: 'DELETE' }));
}

export interface ParticipantEntry {
  userId: number;
  /** null: the server takes the player's default deck, if any. */
  deckId: number | null;
}

/** PUT /api/tournaments/{id}/participants: the whole list as it should be (Guardar, before the start). */
export function useSaveParticipants(id: number) {
  return useTournamentMutation((participants: ParticipantEntry[]) =>
    api(`/api/tournaments/${id}/participants`, { method: 'PUT', body: { participants } }),
  );
}

/** POST .../participants/{userId}/check-in {checkedIn}: managers mark who is present (Acreditado). */
export function useCheckIn(id: number) {
  return useTournamentMutation(({ userId, checkedIn }: { userId: number; checkedIn: boolean }) =>
    api(`/api/tournaments/${id}/participants/${userId}/check-in`, { method: 'POST', body: { checkedIn } }),
  );
}

/** POST .../participants/{userId}/drop: a manager drops a player, or the player leaves (from the next pairing). */
export function useDropParticipant(id: number) {
  return useTournamentMutation((userId: number) =>
    api(`/api/tournaments/${id}/participants/${userId}/drop`, { method: 'POST' }),
  );
}

/** POST /api/tournaments/{id}/start: seeds the players and builds the bracket or the first round. */
export function useStartTournament(id: number) {
  return useTournamentMutation(() => api(`/api/tournaments/${id}/start`, { method: 'POST' }));
}

/** POST .../rounds {round}: pairs the next Swiss round, named so that two organisers pair it once. */
export function usePairRound(id: number) {
  return useTournamentMutation((round: number) =>
    api(`/api/tournaments/${id}/rounds`, { method: 'POST', body: { round } }),
  );
}

/** POST .../rounds/close {round, unplayed}: the round's unplayed matches become draws or losses for both. */
export function useCloseRound(id: number) {
  return useTournamentMutation(
    ({ round, unplayed }: { round: number; unplayed: 'draw' | 'double_loss' }) =>
      api(`/api/tournaments/${id}/rounds/close`, { method: 'POST', body: { round, unplayed } }),
    { changesMatches: true },
  );
}

/** POST .../playoff: the top cut after the Swiss rounds. */
export function useBuildPlayoff(id: number) {
  return useTournamentMutation(() => api(`/api/tournaments/${id}/playoff`, { method: 'POST' }));
}

export type ScoreInput = Required<TReportInput>;

/** POST .../pairings/{pairingId}/report: a player's report waits for the opponent; a manager's counts at once. */
export function useReportResult(id: number) {
  return useTournamentMutation(
    ({ pairingId, ...score }: ScoreInput & { pairingId: number }) =>
      api(`/api/tournaments/${id}/pairings/${pairingId}/report`, { method: 'POST', body: score }),
    { changesMatches: true },
  );
}

/** POST .../pairings/{pairingId}/correct: a manager replaces a decided result. */
export function useCorrectResult(id: number) {
  return useTournamentMutation(
    ({ pairingId, ...body }: ScoreInput & { pairingId: number; force: boolean }) =>
      api(`/api/tournaments/${id}/pairings/${pairingId}/correct`, { method: 'POST', body }),
    { changesMatches: true },
  );
}

/** POST .../pairings/{pairingId}/reverse: a manager annuls a decided result (back to pending). */
export function useReverseResult(id: number) {
  return useTournamentMutation(
    ({ pairingId, force }: { pairingId: number; force: boolean }) =>
      api(`/api/tournaments/${id}/pairings/${pairingId}/reverse`, { method: 'POST', body: { force } }),
    { changesMatches: true },
  );
}

/**
 * The server refused a correction or reversal because later matches depend on it (409, "…
 * confirma para anularlas…"): sending it again with `force: true` voids them.
 */
export function needsForceConfirmation(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 409 && /confirma para anular/i.test(err.message);
}

/** POST .../announcements {message} (Publicar): managers. */
export function usePublishAnnouncement(id: number) {
  return useTournamentMutation((message: string) =>
    api(`/api/tournaments/${id}/announcements`, { method: 'POST', body: { message } }),
  );
}

/**
 * POST .../announcements/seen: a participant has seen the Comunicados (their unread count). Nothing
 * on the tournament's screens changes, so nothing refetches; the inbox count comes with the push.
 */
export function useMarkAnnouncementsSeen(id: number) {
  return useMutation({
    mutationFn: () => api(`/api/tournaments/${id}/announcements/seen`, { method: 'POST' }),
  });
}
