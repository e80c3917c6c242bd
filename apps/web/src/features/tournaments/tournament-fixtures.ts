import { screen, within } from '@testing-library/react';
import type { UserRole } from '@mitos/domain/constants';
import type {
  TBracketMatch,
  TPairing,
  TStandingRow,
  TTournament,
  TTournamentParticipant,
  TTournamentSummary,
} from '@mitos/domain/tournaments';
import { playerMe } from '../../test/community-fixtures';
import { mockFetch, testUser, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { stubWebSocket } from '../../test/match-fixtures';

/** Test data of the tournament screens, shaped by the contracts of docs/decisions/015. */

export const person = (id: number, username: string) => ({ id, username });

export function summary(overrides: Partial<TTournamentSummary> = {}): TTournamentSummary {
  return {
    id: 1,
    name: 'Copa Dragón Dorado',
    type: 'swiss',
    store: { id: 1, name: 'Dragón Dorado' },
    seasonId: 3,
    startsAt: '2026-11-28T20:00:00.000Z',
    startDate: '2026-11-28',
    status: 'registration',
    round: null,
    registrationOpen: true,
    participants: 8,
    waitlist: 0,
    playerCap: 32,
    bestOf: 3,
    tier: 'Torneo',
    winner: null,
    finishedAt: null,
    ...overrides,
  };
}

export function participant(
  userId: number,
  username: string,
  overrides: Partial<TTournamentParticipant> = {},
): TTournamentParticipant {
  return {
    userId,
    username,
    torCode: null,
    deck: { id: 100 + userId, name: `Mazo de ${username}`, raza: 'Dragon' },
    status: 'registered',
    seed: null,
    checkedIn: false,
    signedUpAt: '2026-11-01T12:00:00.000Z',
    droppedAfterRound: null,
    ...overrides,
  };
}

export const PLAYERS = ['ana', 'beto', 'carla', 'dario', 'eva', 'fede', 'gabi', 'hugo'].map((name, i) =>
  participant(20 + i, name),
);

export function tournament(overrides: Partial<TTournament> = {}): TTournament {
  return {
    ...summary(),
    rules: '',
    swissRounds: null,
    topCut: 0,
    phase: null,
    seed: null,
    canManage: false,
    me: null,
    participantList: PLAYERS,
    announcements: [],
    calendar: [],
    canPairNext: false,
    suggestedRounds: 3,
    ...overrides,
  };
}

export function pairing(id: number, overrides: Partial<TPairing> = {}): TPairing {
  return {
    id,
    stage: 'swiss',
    round: 1,
    roundLabel: 'Ronda 1',
    group: null,
    table: id,
    player1: person(20, 'ana'),
    player2: person(21, 'beto'),
    status: 'pending',
    result: null,
    reported: null,
    matchId: null,
    matchStatus: null,
    canReport: false,
    ...overrides,
  };
}

export function slot(id: number, overrides: Partial<TBracketMatch> = {}): TBracketMatch {
  return {
    id,
    pairingId: null,
    number: 1,
    player1: null,
    player2: null,
    winnerId: null,
    score1: null,
    score2: null,
    status: 'waiting',
    ...overrides,
  };
}

export function standingRow(
  rank: number,
  username: string,
  overrides: Partial<TStandingRow> = {},
): TStandingRow {
  return {
    rank,
    player: person(20 + rank, username),
    wins: 0,
    losses: 0,
    draws: 0,
    byes: 0,
    matchPoints: 0,
    mwp: 33,
    omwp: 33,
    gwp: 33,
    ogwp: 33,
    dropped: false,
    ...overrides,
  };
}

export { playerMe };

/** The session answer for the test user with another role. */
export const signedInAs = (role: UserRole) => ({
  status: 200,
  body: { authenticated: true, user: { ...testUser, role } },
});

/** A server refusal as the API sends it. */
export const refusal = (status: number, message: string): MockReply => ({
  status,
  body: { success: false, error: message, message },
});

export type RouteReply = MockHandler | MockReply | MockReply[];
export type Routes = Record<string, RouteReply>;

/** A fetch mock for a tournament screen: signed in as a player, with a live connection stubbed. */
export function mockTournamentFetch(routes: Routes = {}) {
  const Socket = stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedInAs('player'),
    'GET /api/community/me': { body: playerMe },
    ...routes,
  });
  return { fetchMock, Socket };
}

/** The tournament form's dialog, once its form (loaded when the dialog first opens) is in it. */
export async function formDialog(name: 'Crear Torneo' | 'Editar torneo'): Promise<HTMLElement> {
  const dialog = screen.getByRole('dialog', { name });
  await within(dialog).findByLabelText(/Nombre del Torneo/);
  return dialog;
}
