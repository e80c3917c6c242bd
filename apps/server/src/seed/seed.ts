import { sql } from 'drizzle-orm';
import type { ApprovalStatus, UserRole } from '@mitos/domain/constants';
import { usernameSkeleton } from '@mitos/domain/username-skeleton';
import { hashPassword } from '../auth/passwords';
import { rebuildCounts } from '../rankings/tallies';
import { rebuildRatings, settleRatings } from '../ratings/engine';
import { queryRows, type Database, type Tx } from '../db/client';
import { insertColumns } from '../db/bulk-insert';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../package-root';
import { ADMIN, DEMO_STORES, DEMO_USER, ORGANISER, planSeed, type SeedPlan } from './plan';
import { seedTournaments } from './tournaments';
import { settleSeededPendingMatches } from './pending-timers';

export const DEMO_PASSWORD = 'mitos1234';
export const DEFAULT_SIZE = { players: 18, matches: 160 } as const;

export interface SeedOptions {
  players?: number;
  matches?: number;
  /** Same seed, same data. */
  seed?: number;
  password?: string;
  now?: Date;
}

export interface SeededUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
}

export interface SeedResult {
  password: string;
  users: SeededUser[];
  /** The player with something on every screen: pending, rejected, cancelled and approved matches. */
  demoUser: SeededUser;
  organiser: SeededUser | null;
  /** The community's admin. */
  admin: SeededUser | null;
  matches: number;
  byStatus: Record<ApprovalStatus, number>;
  /** The demo tournaments and the matches of their results (counted apart from `matches`). */
  tournaments: { count: number; matches: number };
}

/** Ids handed out by a table's own sequence, so seeding works on a database that already has rows. */
async function reserveIds(
  tx: Tx,
  table: 'users' | 'decks' | 'matches' | 'stores' | 'seasons' | 'leagues',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.id));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The SPEC's four stores (skipped, with their leagues, when a store of that name exists: a demo
 * seeded twice), their logos, the seasons (an open season already there is kept as the current
 * one) and the leagues with their players.
 */
async function writeCommunity(
  tx: Tx,
  plan: SeedPlan,
  userIds: number[],
): Promise<{ storeIds: (number | null)[]; seasonIds: (number | null)[]; leagueIds: (number | null)[] }> {
  const existingStores = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from stores`);
  const storeIds: (number | null)[] = [];
  for (const store of DEMO_STORES) {
    const found = existingStores.find((s) => s.name === store.name);
    if (found) {
      storeIds.push(found.id);
      continue;
    }
    const logo = await readFile(path.join(SERVER_ROOT, 'src/seed/logos', store.logo));
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into stores (name, neighborhood, logo_version) values (${store.name}, ${store.neighborhood}, 1)
          returning id`,
    );
    await tx.execute(
      sql`insert into store_logos (store_id, content_type, bytes) values (${row!.id}, 'image/svg+xml', ${logo})`,
    );
    storeIds.push(row!.id);
  }
  for (const { user, store } of plan.organisers)
    await tx.execute(
      sql`insert into store_organisers (store_id, user_id) values (${storeIds[store]!}, ${userIds[user]!})
          on conflict do nothing`,
    );

  const existingSeasons = await queryRows<{ id: number; name: string; open: boolean }>(
    tx,
    sql`select id, name, closed_at is null as open from seasons`,
  );
  const seasonIds: (number | null)[] = [];
  for (const season of plan.seasons) {
    const found = existingSeasons.find((s) => s.name === season.name || (s.open && !season.closed));
    if (found) {
      seasonIds.push(found.id);
      continue;
    }
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into seasons (name, starts_on, ends_on, closed_at)
          values (${season.name}, ${season.startsOn}, ${season.endsOn}, ${season.closed ? sql`now()` : null})
          returning id`,
    );
    seasonIds.push(row!.id);
  }

  const leagueIds: (number | null)[] = [];
  for (const league of plan.leagues) {
    const storeId = storeIds[league.store]!;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into leagues (name, store_id, starts_on, finished_at)
          values (${league.name}, ${storeId}, ${league.startsOn}, ${league.finished ? sql`now()` : null})
          returning id`,
    );
    leagueIds.push(row!.id);
  }
  const participants = plan.leagues.flatMap((league, i) =>
    league.participants.map((user) => ({ league: leagueIds[i]!, user: userIds[user]! })),
  );
  await insertColumns(tx, 'league_participants', [
    ['league_id', 'int', participants.map((p) => p.league)],
    ['user_id', 'int', participants.map((p) => p.user)],
  ]);
  return { storeIds, seasonIds, leagueIds };
}

async function write(tx: Tx, plan: SeedPlan, passwordHash: string): Promise<number[]> {
  // The rows are consistent by construction; checking each of their foreign keys one by one
  // doubles the time of a large seed. Only a superuser may skip the checks (always so in PGlite).
  const [role] = await queryRows<{ super: boolean }>(
    tx,
    sql`select rolsuper as super from pg_roles where rolname = current_user`,
  );
  if (role?.super) await tx.execute(sql`set local session_replication_role = replica`);
  const userIds = await reserveIds(tx, 'users', plan.users.length);
  await insertColumns(tx, 'users', [
    ['id', 'int', userIds],
    ['username', 'text', plan.users.map((u) => u.username)],
    ['username_skeleton', 'text', plan.users.map((u) => usernameSkeleton(u.username))],
    ['email', 'text', plan.users.map((u) => u.email)],
    ['password_hash', 'text', plan.users.map(() => passwordHash)],
    ['role', 'text', plan.users.map((u) => u.role)],
    ['created_at', 'timestamptz', plan.users.map((u) => iso(u.createdAt))],
    ['tor_code', 'text', plan.users.map((u) => u.torCode)],
  ]);

  const community = await writeCommunity(tx, plan, userIds);

  const deckIds = await reserveIds(tx, 'decks', plan.decks.length);
  await insertColumns(tx, 'decks', [
    ['id', 'int', deckIds],
    ['user_id', 'int', plan.decks.map((d) => userIds[d.user])],
    ['name', 'text', plan.decks.map((d) => d.name)],
    ['raza', 'text', plan.decks.map((d) => d.raza)],
    ['is_default', 'boolean', plan.decks.map((d) => d.isDefault)],
  ]);

  const matchIds = await reserveIds(tx, 'matches', plan.matches.length);
  const ms = plan.matches;
  await insertColumns(tx, 'matches', [
    ['id', 'int', matchIds],
    ['match_date', 'timestamptz', ms.map((m) => iso(m.matchDate))],
    ['match_mode', 'text', ms.map((m) => m.mode)],
    ['tier', 'text', ms.map((m) => m.tier)],
    ['approval_status', 'text', ms.map((m) => m.approvalStatus)],
    ['status', 'text', ms.map((m) => m.status)],
    ['winning_team', 'text', ms.map((m) => m.winningTeam)],
    ['team1_score', 'smallint', ms.map((m) => m.team1Score)],
    ['team2_score', 'smallint', ms.map((m) => m.team2Score)],
    ['total_matches', 'smallint', ms.map((m) => m.totalMatches)],
    ['created_at', 'timestamptz', ms.map((m) => iso(m.createdAt))],
    ['created_by', 'int', ms.map((m) => userIds[m.createdBy])],
    ['last_updated_by', 'int', ms.map((m) => userIds[m.lastUpdatedBy])],
    ['approval_updated_at', 'timestamptz', ms.map((m) => iso(m.approvalUpdatedAt))],
    ['store_id', 'int', ms.map((m) => (m.store === null ? null : community.storeIds[m.store]))],
    ['league_id', 'int', ms.map((m) => (m.league === null ? null : community.leagueIds[m.league]))],
    ['round', 'smallint', ms.map((m) => m.round)],
    ['season_id', 'int', ms.map((m) => (m.season === null ? null : community.seasonIds[m.season]))],
  ]);

  const players = ms.flatMap((m, i) => m.players.map((p) => ({ m, p, id: matchIds[i]! })));
  await insertColumns(tx, 'match_players', [
    ['match_id', 'int', players.map((r) => r.id)],
    ['user_id', 'int', players.map((r) => userIds[r.p.user])],
    ['team', 'smallint', players.map((r) => r.p.team)],
    ['position', 'smallint', players.map((r) => r.p.position)],
    ['approval_status', 'text', players.map((r) => r.p.approvalStatus)],
    ['status_updated_at', 'timestamptz', players.map((r) => iso(r.p.statusUpdatedAt))],
    ['deck_id', 'int', players.map((r) => deckIds[r.p.deck])],
    ['deck_name', 'text', players.map((r) => plan.decks[r.p.deck]!.name)],
    ['deck_raza', 'text', players.map((r) => plan.decks[r.p.deck]!.raza)],
    ['match_date', 'timestamptz', players.map((r) => iso(r.m.matchDate))],
    ['match_status', 'text', players.map((r) => r.m.approvalStatus)],
  ]);

  const highlights = ms.flatMap((m, i) =>
    m.highlights.map((type, position) => ({ type, position, id: matchIds[i]! })),
  );
  await insertColumns(tx, 'match_highlights', [
    ['match_id', 'int', highlights.map((h) => h.id)],
    ['position', 'smallint', highlights.map((h) => h.position)],
    ['type', 'text', highlights.map((h) => h.type)],
  ]);

  const events = ms.flatMap((m, i) => m.events.map((e) => ({ e, id: matchIds[i]! })));
  await insertColumns(tx, 'match_events', [
    ['match_id', 'int', events.map((r) => r.id)],
    ['type', 'text', events.map((r) => r.e.type)],
    ['user_id', 'int', events.map((r) => (r.e.user === null ? null : userIds[r.e.user]))],
    ['at', 'timestamptz', events.map((r) => iso(r.e.at))],
  ]);
  return userIds;
}

/**
 * Fills the database with realistic players, decks and matches in every state, in one
 * transaction. Every player gets the same password, hashed once; rows go in by the thousand.
 */
export async function seedDemoData(database: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const players = options.players ?? DEFAULT_SIZE.players;
  const matches = options.matches ?? DEFAULT_SIZE.matches;
  const password = options.password ?? DEMO_PASSWORD;
  const plan = planSeed({
    players,
    matches,
    seed: options.seed ?? 20_240_601,
    now: options.now ?? new Date(),
  });
  const passwordHash = await hashPassword(password);
  const userIds = await database.transaction((tx) => write(tx, plan, passwordHash));
  // Their reminders so far, and what the server does next with them (decision 020).
  await settleSeededPendingMatches(database, {
    now: options.now ?? new Date(),
    organiserId: plan.users[ORGANISER] ? userIds[ORGANISER]! : null,
    demoUserId: userIds[DEMO_USER]!,
  });
  // The seasons' rankings and the Mitos Ratings, from the approved matches just written.
  await rebuildCounts(database);
  await rebuildRatings(database, { byPlayDate: true });
  // Tournaments of every type and state, played through the tournaments' own code.
  const tournaments =
    plan.users[ORGANISER] && plan.users.length > 8
      ? await seedTournaments(database, {
          playerIds: userIds,
          demoUserId: userIds[DEMO_USER]!,
          organiserId: userIds[ORGANISER]!,
          now: options.now ?? new Date(),
        })
      : { count: 0, matches: 0 };
  // The tournaments' approved results are rated as a running server rates them.
  await settleRatings(database);
  // Fresh statistics, so the first queries on a large seed already get good plans.
  await database.db.execute(sql`analyze`);

  const users = plan.users.map((u, i) => ({
    id: userIds[i]!,
    username: u.username,
    email: u.email,
    role: u.role,
  }));
  const byStatus: Record<ApprovalStatus, number> = { pending: 0, approved: 0, rejected: 0, cancelled: 0 };
  for (const m of plan.matches) byStatus[m.approvalStatus] += 1;
  return {
    password,
    users,
    demoUser: users[DEMO_USER]!,
    organiser: users[ORGANISER] ?? null,
    admin: users[ADMIN] ?? null,
    matches: plan.matches.length,
    byStatus,
    tournaments,
  };
}
