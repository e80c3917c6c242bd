import { vi } from 'vitest';
import type { PlayerApprovalStatus } from '@mitos/domain/constants';
import type { TMatch, TTeam } from '@mitos/domain/matches';

export interface FixturePlayer {
  id: number;
  username: string;
  status?: PlayerApprovalStatus;
  /** Reminders the server sent them (decision 020); none by default. */
  reminders?: number;
  deck?: { id: number | null; name: string; raza: string } | null;
}

function team(n: 1 | 2, players: FixturePlayer[], score: number): TTeam {
  return {
    team_number: n,
    score,
    players: players.map((p) => ({
      user_id: p.id,
      username: p.username,
      approval_status: p.status ?? 'approved',
      approved: (p.status ?? 'approved') === 'approved',
      status_updated_at: null,
      reminders: p.reminders ?? 0,
      reminded_at: p.reminders ? '2026-03-15T18:30:00.000Z' : null,
    })),
    decks: players.flatMap((p) =>
      p.deck === null
        ? []
        : [
            {
              deck_id: p.deck?.id === undefined ? p.id * 10 : p.deck.id,
              deck_name: p.deck?.name ?? `Mazo de ${p.username}`,
              deck_raza: p.deck?.raza ?? 'Dragon',
              user_id: p.id,
            },
          ],
    ),
  };
}

/** A match in the API's shape: by default 1v1, approved, ana (7) 2 - 1 beto (8). */
export function makeMatch(
  overrides: Partial<Omit<TMatch, 'team1' | 'team2'>> & {
    team1?: FixturePlayer[];
    team2?: FixturePlayer[];
    score?: [number, number];
  } = {},
): TMatch {
  const {
    team1 = [{ id: 7, username: 'ana' }],
    team2 = [{ id: 8, username: 'beto' }],
    score = [2, 1],
    ...rest
  } = overrides;
  return {
    id: 1,
    match_date: '2026-03-14T18:30:00.000Z',
    match_mode: '1v1',
    tier: 'Amistoso',
    approval_status: 'approved',
    status: null,
    winning_team: score[0] > score[1] ? 'team1' : score[1] > score[0] ? 'team2' : null,
    created_at: '2026-03-14T18:30:00.000Z',
    created_by: team1[0]?.id ?? null,
    created_by_username: team1[0]?.username ?? null,
    last_updated_by: null,
    approval_updated_at: null,
    total_matches: score[0] + score[1],
    store: null,
    league: null,
    round: null,
    deadline: null,
    escalated_at: null,
    highlights: [],
    team1: team(1, team1, score[0]),
    team2: team(2, team2, score[1]),
    events: [],
    ...rest,
  };
}

/** Waiting for lucia's (7) answer; beto (8) recorded it. */
export const waitingForLucia = makeMatch({
  id: 11,
  approval_status: 'pending',
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: 7, username: 'lucia', status: 'pending' }],
});

/** Rejected by carla (9); lucia (7), who recorded it, may process the rejection. */
export const rejectedByCarla = makeMatch({
  id: 21,
  approval_status: 'rejected',
  team1: [{ id: 7, username: 'lucia' }],
  team2: [{ id: 9, username: 'carla', status: 'rejected' }],
});

/** Replaces WebSocket with a socket that never connects, so tests stay offline and quiet. */
/** Pending at store 1 (Dragón Dorado) and handed to its organisers: carla never answered (decision 020). */
export const escalatedMatch = makeMatch({
  id: 6,
  approval_status: 'pending',
  store: { id: 1, name: 'Dragón Dorado' },
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: 9, username: 'carla', status: 'pending', reminders: 2 }],
  escalated_at: '2026-03-21T18:30:00.000Z',
});

export function stubWebSocket() {
  class SilentSocket {
    static instances: SilentSocket[] = [];
    readyState = 0;
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onerror: (() => void) | null = null;
    onclose: (() => void) | null = null;
    constructor(readonly url: string) {
      SilentSocket.instances.push(this);
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    receive(data: unknown) {
      this.onmessage?.({ data: JSON.stringify(data) });
    }
    send() {}
    close() {
      this.readyState = 3;
    }
  }
  vi.stubGlobal('WebSocket', SilentSocket);
  return SilentSocket;
}
