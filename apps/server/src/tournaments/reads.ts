import { MSG } from '@mitos/domain/messages';
import { communityDay } from '@mitos/domain/community-rules';
import { managesTournament, tournamentMilestones, tournamentStatus } from '@mitos/domain/tournament-rules';
import {
  ratioPercent,
  roundRobinStandings,
  swissStandings,
  type StandingRow,
} from '@mitos/domain/tournament-standings';
import { suggestedSwissRounds } from '@mitos/domain/tournament-swiss';
import type {
  TBracketView,
  TPairing,
  TStandingRow,
  TTournament,
  TTournamentParticipant,
  TTournamentStandings,
  TTournamentSummary,
  TUnreadAnnouncement,
} from '@mitos/domain/tournaments';
import type { CachedRead } from '../cache/cached-read';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { communityActor } from '../community/actor';
import { notFound } from '../errors';
import { roundLabel, slotsOf, type BracketData, type BracketType } from './bracket-engine';
import { canPairNext, resultsOf } from './progress';
import * as repo from './repository';

// Reads of tournaments, kept by the read cache until the community changes (every tournament
// write announces it, decision 015).

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentSummary(row: repo.TournamentRow): TTournamentSummary {
  const status = tournamentStatus(row);
  return {
    id: row.id,
    name: row.name,
    type: row.type as TTournamentSummary['type'],
    store: { id: row.storeId, name: row.store },
    seasonId: row.seasonId,
    startsAt: row.startsAt.toISOString(),
    startDate: communityDay(row.startsAt),
    status,
    round: status === 'in_progress' && row.type === 'swiss' && row.currentRound > 0 ? row.currentRound : null,
    registrationOpen: row.registrationOpen,
    participants: row.participants,
    waitlist: row.waitlist,
    playerCap: row.playerCap,
    bestOf: row.bestOf,
    tier: row.tier as TTournamentSummary['tier'],
    winner: row.winnerId === null ? null : { id: row.winnerId, username: row.winner ?? '' },
    finishedAt: iso(row.finishedAt),
  };
}

export function presentParticipant(p: repo.ParticipantRow): TTournamentParticipant {
  return {
    userId: p.userId,
    username: p.username,
    torCode: p.torCode,
    deck: p.deckId === null ? null : { id: p.deckId, name: p.deckName ?? '', raza: p.deckRaza ?? '' },
    status: p.status as TTournamentParticipant['status'],
    seed: p.seed,
    checkedIn: p.checkedInAt !== null,
    signedUpAt: p.signedUpAt.toISOString(),
    droppedAfterRound: p.droppedAfterRound,
  };
}

/** GET /api/tournaments: the list, of one store or all, split by the web into active and finished. */
export const listRead: CachedRead<
  AppContext,
  { storeId?: number | undefined; status?: 'active' | 'finished' | undefined }
> = {
  key: ({ storeId, status }) => `tournaments:${storeId ?? 'all'}:${status ?? 'any'}`,
  topics: () => ['community'],
  read: async (ctx, { storeId, status }) => {
    const rows = (await repo.listTournaments(ctx.database.db, storeId)).map(presentSummary);
    const wanted =
      status === undefined ? rows : rows.filter((r) => (r.status === 'finished') === (status === 'finished'));
    return { payload: wanted };
  },
};

async function loadDetail(db: Db, id: number, user: SessionUser): Promise<TTournament | null> {
  const row = await repo.findTournament(db, id);
  if (!row) return null;
  const [actor, participants, announcements, pairedAt, pairings] = await Promise.all([
    communityActor(db, user),
    repo.participantsOf(db, id),
    repo.announcementsOf(db, id),
    repo.roundsPairedAt(db, id),
    repo.pairingsOf(db, id),
  ]);
  const mine = participants.find((p) => p.userId === user.id);
  const waitlist = participants.filter((p) => p.status === 'waitlisted');
  const playing = participants.filter((p) => p.status !== 'waitlisted').length;
  return {
    ...presentSummary(row),
    rules: row.rules,
    swissRounds: row.swissRounds,
    topCut: row.topCut,
    phase: row.phase as TTournament['phase'],
    seed: row.seed,
    canManage: managesTournament(actor, row.storeId),
    me: mine
      ? {
          status: mine.status as TTournamentParticipant['status'],
          deckId: mine.deckId,
          checkedIn: mine.checkedInAt !== null,
          waitlistPosition: mine.status === 'waitlisted' ? waitlist.indexOf(mine) + 1 : null,
        }
      : null,
    participantList: participants.map(presentParticipant),
    announcements: announcements.map((a) => ({
      id: a.id,
      message: a.message,
      date: a.createdAt.toISOString(),
      author: a.authorId === null ? null : { id: a.authorId, username: a.author ?? '' },
    })),
    calendar: tournamentMilestones({
      createdAt: row.createdAt.toISOString(),
      startsAt: row.startsAt.toISOString(),
      registrationOpen: row.registrationOpen,
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      plannedRounds:
        row.type === 'swiss' ? (row.swissRounds ?? suggestedSwissRounds(Math.max(playing, 2)).rounds) : null,
      topCut: row.topCut,
      roundsPairedAt: row.type === 'swiss' ? pairedAt : [],
    }),
    canPairNext: canPairNext(
      row,
      pairings.filter((p) => p.status !== 'void'),
    ),
    suggestedRounds: row.type === 'swiss' ? suggestedSwissRounds(Math.max(playing, 2)).rounds : null,
  };
}

/** GET /api/tournaments/:id: with the caller's part and whether they run it. */
export const detailRead: CachedRead<AppContext, { id: number; user: SessionUser }> = {
  key: ({ id, user }) => `tournament:${id}:${user.id}:${user.role}`,
  topics: () => ['community'],
  read: async (ctx, { id, user }) => {
    const detail = await loadDetail(ctx.database.db, id, user);
    return detail && { payload: detail };
  },
};

export async function getDetail(ctx: AppContext, id: number, user: SessionUser): Promise<TTournament> {
  const detail = await loadDetail(ctx.database.db, id, user);
  if (!detail) throw notFound(MSG.tournamentNotFound);
  return detail;
}

/**
 * The tournament's summary after a structural write (start, a round, its close, the playoff):
 * small and cheap; the screens read the rest again (the write announced the change).
 */
export async function getSummary(ctx: AppContext, id: number): Promise<TTournamentSummary> {
  const row = await repo.findTournament(ctx.database.db, id);
  if (!row) throw notFound(MSG.tournamentNotFound);
  return presentSummary(row);
}

/** GET /api/tournaments/:id/participants. */
export const participantsRead: CachedRead<AppContext, { id: number }> = {
  key: ({ id }) => `tournament-participants:${id}`,
  topics: () => ['community'],
  read: async (ctx, { id }) => {
    if (!(await repo.findTournament(ctx.database.db, id))) return null;
    return { payload: (await repo.participantsOf(ctx.database.db, id)).map(presentParticipant) };
  },
};

/** GET /api/tournaments/:id/bracket: every stage with its rounds, labels and the pairings to report on. */
export const bracketRead: CachedRead<AppContext, { id: number }> = {
  key: ({ id }) => `tournament-bracket:${id}`,
  topics: () => ['community'],
  read: async (ctx, { id }) => {
    const db = ctx.database.db;
    const row = await repo.findTournament(db, id);
    if (!row) return null;
    const [brackets, pairings, participants] = await Promise.all([
      repo.bracketsOf(db, id),
      repo.pairingsOf(db, id),
      repo.participantsOf(db, id),
    ]);
    const names = new Map(participants.map((p) => [p.userId, p.username]));
    const person = (userId: number | null) =>
      userId === null ? null : { id: userId, username: names.get(userId) ?? '' };
    const view: TBracketView = {
      tournamentId: id,
      type: row.type as TBracketView['type'],
      champion: person(row.winnerId),
      stages: brackets.map((b) => {
        const type = b.type as BracketType;
        const slots = slotsOf(b.data as BracketData);
        const live = new Map(
          pairings
            .filter((p) => p.stage === b.stage && p.status !== 'void' && p.bracketMatchId !== null)
            .map((p) => [p.bracketMatchId!, p.id]),
        );
        const groups = [...new Set(slots.map((s) => s.group))];
        return {
          stage: b.stage as 'main' | 'playoff',
          type,
          groups: groups.map((group) => {
            // A match between two byes (a bracket padded to a power of two) is never played: not shown.
            const ofGroup = slots.filter(
              (s) => s.group === group && !(s.status === 'bye' && s.player1 === null && s.player2 === null),
            );
            const rounds = [...new Set(ofGroup.map((s) => s.round))].sort((a, c) => a - c);
            return {
              group,
              rounds: rounds.map((round) => ({
                round,
                label: roundLabel(type, group, round, rounds.length),
                matches: ofGroup
                  .filter((s) => s.round === round)
                  .map((s) => ({
                    id: s.id,
                    pairingId: live.get(s.id) ?? null,
                    number: s.number,
                    player1: person(s.player1),
                    player2: person(s.player2),
                    winnerId: s.winner,
                    score1: s.score1,
                    score2: s.score2,
                    status: s.status,
                  })),
              })),
            };
          }),
        };
      }),
    };
    return { payload: view };
  },
};

/** The label of a pairing's round: Ronda N for Swiss; the bracket's own labels otherwise. */
function pairingRoundLabel(
  t: repo.TournamentRecord,
  p: repo.PairingRow,
  roundsInGroup: Map<string, number>,
): string {
  if (p.stage === 'swiss') return `Ronda ${p.round}`;
  const type: BracketType = p.stage === 'playoff' ? 'single_elimination' : (t.type as BracketType);
  const group = (p.bracketGroup ?? 'main') as Parameters<typeof roundLabel>[1];
  const label = roundLabel(type, group, p.round, roundsInGroup.get(`${p.stage}:${group}`) ?? p.round);
  return p.stage === 'playoff' ? `Top ${t.topCut} · ${label}` : label;
}

export function presentPairing(
  t: repo.TournamentRecord,
  p: repo.PairingRow,
  roundsInGroup: Map<string, number>,
  caller: { id: number; manages: boolean },
): TPairing {
  const decided = p.status === 'decided' && p.outcome !== null;
  const plays = p.player1Id === caller.id || p.player2Id === caller.id;
  return {
    id: p.id,
    stage: p.stage as TPairing['stage'],
    round: p.round,
    roundLabel: pairingRoundLabel(t, p, roundsInGroup),
    group: (p.bracketGroup as TPairing['group']) ?? null,
    table: p.tableNo,
    player1: { id: p.player1Id, username: p.player1Name },
    player2: p.player2Id === null ? null : { id: p.player2Id, username: p.player2Name ?? '' },
    status: p.status as TPairing['status'],
    result: decided
      ? {
          outcome: p.outcome as NonNullable<TPairing['result']>['outcome'],
          games1: p.games1 ?? 0,
          games2: p.games2 ?? 0,
          gamesDrawn: p.gamesDrawn ?? 0,
        }
      : null,
    reported:
      p.status === 'reported' && p.matchGames1 !== null && p.matchGames2 !== null
        ? {
            games1: p.matchGames1,
            games2: p.matchGames2,
            gamesDrawn: Math.max(0, (p.matchGamesPlayed ?? 0) - p.matchGames1 - p.matchGames2),
          }
        : null,
    matchId: p.matchId,
    matchStatus: p.matchStatus,
    canReport:
      p.player2Id !== null &&
      t.finishedAt === null &&
      ((p.status === 'pending' && (plays || caller.manages)) ||
        (p.status === 'reported' && caller.manages && !plays)),
  };
}

/** How many rounds each bracket group of a tournament has (for the round labels). */
export async function roundsPerGroup(db: Db, id: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const b of await repo.bracketsOf(db, id)) {
    for (const s of slotsOf(b.data as BracketData)) {
      const key = `${b.stage}:${s.group}`;
      out.set(key, Math.max(out.get(key) ?? 0, s.round));
    }
  }
  return out;
}

/** GET /api/tournaments/:id/pairings (Partidas): what the caller may report depends on them. */
export const pairingsRead: CachedRead<
  AppContext,
  { id: number; user: SessionUser; round?: number | undefined }
> = {
  key: ({ id, user, round }) => `tournament-pairings:${id}:${user.id}:${user.role}:${round ?? 'all'}`,
  topics: () => ['community'],
  read: async (ctx, { id, user, round }) => {
    const db = ctx.database.db;
    const row = await repo.findTournament(db, id);
    if (!row) return null;
    const [pairings, actor, rounds] = await Promise.all([
      repo.pairingsOf(db, id),
      communityActor(db, user),
      roundsPerGroup(db, id),
    ]);
    const caller = { id: user.id, manages: managesTournament(actor, row.storeId) };
    const list = pairings
      .filter((p) => round === undefined || (p.stage === 'swiss' && p.round === round))
      .map((p) => presentPairing(row, p, rounds, caller));
    return { payload: list };
  },
};

const percent = (r: StandingRow['mwp']) => ratioPercent(r);

function presentRows(rows: readonly StandingRow[], names: Map<number, string>): TStandingRow[] {
  return rows.map((r) => ({
    rank: r.rank,
    player: { id: r.playerId, username: names.get(r.playerId) ?? '' },
    wins: r.wins,
    losses: r.losses,
    draws: r.draws,
    byes: r.byes,
    matchPoints: r.matchPoints,
    mwp: percent(r.mwp),
    omwp: percent(r.omwp),
    gwp: percent(r.gwp),
    ogwp: percent(r.ogwp),
    dropped: r.dropped,
  }));
}

/**
 * Elimination standings: the champion first, then by how far each player went (wins), fewer
 * losses, then seed; the tiebreaker columns are computed the Swiss way for reference.
 */
function eliminationOrder(
  rows: StandingRow[],
  champion: number | null,
  seeds: Map<number, number>,
): StandingRow[] {
  const sorted = [...rows].sort(
    (a, b) =>
      Number(b.playerId === champion) - Number(a.playerId === champion) ||
      b.wins - a.wins ||
      a.losses - b.losses ||
      (seeds.get(a.playerId) ?? 0) - (seeds.get(b.playerId) ?? 0),
  );
  return sorted.map((r, i) => ({ ...r, rank: i + 1 }));
}

/** GET /api/tournaments/:id/standings (Posiciones). */
export const standingsRead: CachedRead<AppContext, { id: number }> = {
  key: ({ id }) => `tournament-standings:${id}`,
  topics: () => ['community'],
  read: async (ctx, { id }) => {
    const db = ctx.database.db;
    const row = await repo.findTournament(db, id);
    if (!row) return null;
    const [pairings, participants] = await Promise.all([
      repo.pairingsOf(db, id),
      repo.participantsOf(db, id),
    ]);
    const live = pairings.filter((p) => p.status !== 'void');
    const names = new Map(participants.map((p) => [p.userId, p.username]));
    const players = participants
      .filter((p) => p.status !== 'waitlisted' && p.seed !== null)
      .map((p) => ({ id: p.userId, seed: p.seed!, dropped: p.status === 'dropped' }));
    const seeds = new Map(players.map((p) => [p.id, p.seed]));
    let kind: TTournamentStandings['kind'];
    let rows: StandingRow[];
    if (row.type === 'swiss') {
      kind = 'swiss';
      rows = swissStandings(players, resultsOf(live, 'swiss'));
    } else if (row.type === 'round_robin') {
      kind = 'round_robin';
      rows = roundRobinStandings(players, resultsOf(live, 'main'));
    } else {
      kind = 'elimination';
      rows = eliminationOrder(swissStandings(players, resultsOf(live, 'main')), row.winnerId, seeds);
    }
    const decidedRounds = live
      .filter((p) => p.status === 'decided' && p.stage !== 'playoff')
      .map((p) => p.round);
    const standings: TTournamentStandings = {
      tournamentId: id,
      kind,
      round: decidedRounds.length ? Math.max(...decidedRounds) : 0,
      rows: presentRows(rows, names),
    };
    return { payload: standings };
  },
};

/** GET /api/tournaments/announcements/unread: the caller's unread Comunicados. */
export const unreadRead: CachedRead<AppContext, { userId: number }> = {
  key: ({ userId }) => `tournament-unread:${userId}`,
  topics: ({ userId }) => [`matches:${userId}`, 'community'],
  read: async (ctx, { userId }) => {
    const rows = await repo.unreadAnnouncements(ctx.database.db, userId);
    const payload: TUnreadAnnouncement[] = rows.map((r) => ({
      id: r.id,
      tournament: { id: r.tournamentId, name: r.tournament },
      message: r.message,
      date: r.createdAt.toISOString(),
    }));
    return { payload };
  },
};
