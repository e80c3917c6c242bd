import { sql } from 'drizzle-orm';
import { communityDay } from '@mitos/domain/community-rules';
import type { TournamentType } from '@mitos/domain/tournament-rules';
import { queryRows, type Database, type Tx } from '../db/client';
import * as progress from '../tournaments/progress';
import * as repo from '../tournaments/repository';
import { startsAtOf } from '../tournaments/service';
import { seasonForDate } from '../seasons/repository';

/**
 * The demo's tournaments (decision 015): one of every type and every state, played through the
 * same code as the app (start, pairings, entered and reported results, playoff), so that every
 * tournament screen has something real to show. The demo user plays in several and has a
 * tournament match waiting for their approval.
 */

interface Plan {
  name: string;
  type: TournamentType;
  players: number;
  /** Days from today of the start (negative: in the past). */
  day: number;
  state: 'registration' | 'upcoming' | 'in_progress' | 'finished';
  topCut?: 0 | 4 | 8;
  swissRounds?: number;
  bestOf?: 1 | 3;
  rules?: string;
  announcements?: string[];
}

const RULES = `- Formato **Racial Edición**, mazos de 50 cartas.
- Partidas al **mejor de 3**, 50 minutos por ronda.
- Acreditación hasta 30 minutos antes del inicio.

Cualquier duda, consultá con el organizador.`;

const PLANS: Plan[] = [
  {
    name: 'Torneo Mensual de Noviembre',
    type: 'swiss',
    players: 8,
    day: 0,
    state: 'in_progress',
    swissRounds: 3,
    rules: RULES,
    announcements: [
      'La ronda 2 empieza a las 18:30. ¡Suerte a todos!',
      'Recuerden reportar el resultado al terminar.',
    ],
  },
  { name: 'Copa Relámpago', type: 'single_elimination', players: 8, day: -12, state: 'finished', bestOf: 1 },
  {
    name: 'Doble Eliminación de Primavera',
    type: 'double_elimination',
    players: 6,
    day: -1,
    state: 'in_progress',
    rules: RULES,
  },
  { name: 'Round Robin de Belgrano', type: 'round_robin', players: 5, day: -20, state: 'finished' },
  {
    name: 'Regional de Invierno',
    type: 'swiss',
    players: 12,
    day: -40,
    state: 'finished',
    swissRounds: 4,
    topCut: 4,
    announcements: ['¡Felicitaciones a los 4 clasificados al Top 4!'],
  },
  { name: 'Torneo Apertura', type: 'swiss', players: 6, day: 12, state: 'registration', rules: RULES },
  { name: 'Desafío de Campeones', type: 'single_elimination', players: 4, day: 25, state: 'upcoming' },
];

/** A deterministic coin: the same demo every time. */
function coin(seed: number): () => boolean {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % 3 !== 0;
  };
}

async function openPairings(tx: Tx, id: number) {
  return (await repo.pairingsOf(tx, id)).filter((p) => p.status === 'pending' && p.player2Id !== null);
}

/** Enters every open result (the organiser's authority), bracket after bracket, until `stop`. */
async function playOut(
  tx: Tx,
  id: number,
  organiserId: number,
  now: Date,
  flip: () => boolean,
  stop: (t: repo.TournamentRecord) => boolean = () => false,
): Promise<void> {
  for (let guard = 0; guard < 200; guard++) {
    const t = (await repo.lockTournament(tx, id))!;
    if (t.finishedAt !== null || stop(t)) return;
    const open = await openPairings(tx, id);
    if (open.length === 0) {
      if (progress.canPairNext(t, await repo.pairingsOf(tx, id))) {
        await progress.pairNextRound(tx, t, t.currentRound + 1, now);
        continue;
      }
      if (t.type === 'swiss' && t.phase === 'swiss' && t.topCut > 0) {
        await progress.startPlayoff(tx, t, now);
        continue;
      }
      return;
    }
    for (const p of open) {
      const first = flip();
      const drawn = t.type === 'swiss' && p.stage === 'swiss' && !first && flip() && flip();
      const score = drawn
        ? { games1: 1, games2: 1, gamesDrawn: 1 }
        : t.bestOf === 1
          ? { games1: first ? 1 : 0, games2: first ? 0 : 1, gamesDrawn: 0 }
          : { games1: first ? 2 : 1, games2: first ? 1 : 2, gamesDrawn: 0 };
      const fresh = (await repo.lockTournament(tx, id))!;
      await progress.recordResult(tx, {
        tournament: fresh,
        pairing: p,
        score,
        reporterId: organiserId,
        entered: true,
        now,
      });
    }
  }
}

export interface SeededTournaments {
  count: number;
  /** The real matches their results are (the demo's match counts add them). */
  matches: number;
}

/**
 * Seeds the tournaments at the first demo store (run by `organiserId`), with `playerIds` (each has
 * a default deck) signing up; `demoUserId` plays in the ones in progress and has a reported result
 * of the current Swiss round waiting for their approval.
 */
export async function seedTournaments(
  database: Database,
  options: { playerIds: readonly number[]; demoUserId: number; organiserId: number; now: Date },
): Promise<SeededTournaments> {
  const [store] = await queryRows<{ id: number }>(
    database.db,
    sql`select s.id from stores s join store_organisers o on o.store_id = s.id
         where o.user_id = ${options.organiserId} order by s.id limit 1`,
  );
  if (!store) return { count: 0, matches: 0 };
  const others = options.playerIds.filter((id) => id !== options.demoUserId && id !== options.organiserId);
  let count = 0;
  for (const [index, plan] of PLANS.entries()) {
    const flip = coin(index * 7919 + 17);
    await database.transaction(async (tx) => {
      // Tournaments under way started two hours ago; the others at 18:00 of their day (Buenos Aires).
      const day = communityDay(new Date(options.now.getTime() + plan.day * 86_400_000));
      const start =
        plan.state === 'in_progress'
          ? new Date(
              Math.floor(options.now.getTime() / 3_600_000) * 3_600_000 -
                2 * 3_600_000 -
                Math.abs(plan.day) * 86_400_000,
            )
          : startsAtOf(day, '18:00');
      const season = await seasonForDate(tx, day);
      const t = await repo.insertTournament(tx, {
        name: plan.name,
        storeId: store.id,
        seasonId: season && season.closedAt === null ? season.id : null,
        type: plan.type,
        startsAt: start,
        rules: plan.rules ?? '',
        playerCap: Math.max(plan.players, 8),
        bestOf: plan.bestOf ?? 3,
        registrationOpen: plan.state !== 'upcoming',
        tier: 'Torneo',
        swissRounds: plan.swissRounds ?? null,
        topCut: plan.topCut ?? 0,
        createdBy: options.organiserId,
        createdAt: new Date(start.getTime() - 14 * 86_400_000),
      });
      const playsDemo = plan.state !== 'upcoming' && index % 2 === 0;
      const entrants = [
        ...(playsDemo ? [options.demoUserId] : []),
        ...others.slice(index, index + plan.players),
      ];
      for (const userId of entrants.slice(0, plan.players)) {
        const deck = await repo.deckOf(tx, userId, null);
        await repo.insertParticipant(tx, {
          tournamentId: t.id,
          userId,
          deckId: deck?.id ?? null,
          status: 'registered',
          signedUpAt: new Date(start.getTime() - 7 * 86_400_000),
          // They have not read the Comunicados yet: the demo's notifications list them.
          announcementsSeenAt: new Date(start.getTime() - 7 * 86_400_000),
        });
      }
      for (const message of plan.announcements ?? [])
        await repo.insertAnnouncement(tx, { tournamentId: t.id, authorId: options.organiserId, message });
      if (plan.state === 'registration' || plan.state === 'upcoming') return;

      await progress.startTournament(tx, t, start);
      if (plan.state === 'finished') {
        await playOut(tx, t.id, options.organiserId, start, flip);
      } else if (plan.type === 'swiss') {
        // Round 1 played; round 2 paired with one result entered and one reported by a player.
        await playOut(tx, t.id, options.organiserId, start, flip, (x) => x.currentRound >= 2);
        const open = await openPairings(tx, t.id);
        const mine = open.find(
          (p) => p.player1Id === options.demoUserId || p.player2Id === options.demoUserId,
        );
        const other = open.find((p) => p !== mine);
        const fresh = (await repo.lockTournament(tx, t.id))!;
        if (other)
          await progress.recordResult(tx, {
            tournament: fresh,
            pairing: other,
            score: { games1: 2, games2: 0, gamesDrawn: 0 },
            reporterId: options.organiserId,
            entered: true,
            now: start,
          });
        if (mine) {
          const opponent = mine.player1Id === options.demoUserId ? mine.player2Id! : mine.player1Id;
          await progress.recordResult(tx, {
            tournament: (await repo.lockTournament(tx, t.id))!,
            pairing: mine,
            score: { games1: 2, games2: 1, gamesDrawn: 0 },
            reporterId: opponent,
            entered: false,
            now: start,
          });
        }
      } else {
        // A bracket under way: its first round played.
        const first = await openPairings(tx, t.id);
        for (const p of first.slice(0, Math.max(1, first.length - 1)))
          await progress.recordResult(tx, {
            tournament: (await repo.lockTournament(tx, t.id))!,
            pairing: p,
            score: { games1: 2, games2: 0, gamesDrawn: 0 },
            reporterId: options.organiserId,
            entered: true,
            now: start,
          });
      }
    });
    count += 1;
  }
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from matches where tournament_id is not null`,
  );
  return { count, matches: Number(row?.n ?? 0) };
}
