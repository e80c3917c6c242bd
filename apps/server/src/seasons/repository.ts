import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { communityDay } from '@mitos/domain/community-rules';
import type { Db, Tx } from '../db/client';
import { seasons } from '../db/schema/index';

export type SeasonRow = typeof seasons.$inferSelect;

export function listSeasons(db: Db | Tx): Promise<SeasonRow[]> {
  return db.select().from(seasons).orderBy(desc(seasons.startsOn), desc(seasons.id));
}

export async function findSeason(db: Db | Tx, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(seasons).where(eq(seasons.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The open season (Temporada Actual), if there is one. */
export async function currentSeason(db: Db | Tx): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(isNull(seasons.closedAt)).limit(1);
  return row;
}

/**
 * The asked season, or the current one when none is asked: undefined when the asked one does not
 * exist, null when there is no current season. What the season-scoped reads (rankings, ratings,
 * the metagame) look up.
 */
export async function askedOrCurrentSeason(
  db: Db | Tx,
  seasonId: number | undefined,
): Promise<SeasonRow | null | undefined> {
  if (seasonId === undefined) return (await currentSeason(db)) ?? null;
  return findSeason(db, seasonId);
}

/**
 * The season a match belongs to: the one whose dates hold its day in Buenos Aires (a Date is
 * turned into that day; a string is a day already, YYYY-MM-DD). Open or closed: the caller
 * decides what a closed season means for it.
 */
export async function seasonForDate(db: Db | Tx, date: Date | string): Promise<SeasonRow | undefined> {
  const day = typeof date === 'string' ? date : communityDay(date);
  const [row] = await db
    .select()
    .from(seasons)
    .where(and(lte(seasons.startsOn, day), gte(seasons.endsOn, day)))
    .orderBy(desc(seasons.startsOn))
    .limit(1);
  return row;
}

/** A season whose dates share a day with these. */
export async function overlapping(
  db: Db | Tx,
  startsOn: string,
  endsOn: string,
): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(and(lte(seasons.startsOn, endsOn), gte(seasons.endsOn, startsOn)))
    .limit(1);
  return row;
}

export async function insertSeason(
  tx: Tx,
  values: { name: string; startsOn: string; endsOn: string },
): Promise<SeasonRow> {
  const [row] = await tx.insert(seasons).values(values).returning();
  return row!;
}

/**
 * Closes a season. One closed while it runs ends that day, so that the next may start tomorrow; a
 * season closed before it started keeps its dates.
 */
export async function closeSeason(tx: Tx, id: number, today: string): Promise<SeasonRow> {
  const [row] = await tx
    .update(seasons)
    .set({
      closedAt: sql`now()`,
      endsOn: sql`case when ${seasons.startsOn} <= ${today}::date and ${seasons.endsOn} > ${today}::date then ${today}::date else ${seasons.endsOn} end`,
    })
    .where(eq(seasons.id, id))
    .returning();
  return row!;
}

/**
 * A fresh install's first season, Temporada {year}, the whole calendar year: only when there is no
 * season at all. Two processes starting at once both try; the unique indexes (one open season, one
 * name) let one insert win and the other do nothing. Answers whether this call created it.
 */
export async function ensureFirstSeason(db: Db, now: Date = new Date()): Promise<boolean> {
  const year = communityDay(now).slice(0, 4);
  const rows = await db.execute(sql`
    insert into ${seasons} (name, starts_on, ends_on)
    select ${`Temporada ${year}`}, ${`${year}-01-01`}::date, ${`${year}-12-31`}::date
    where not exists (select 1 from ${seasons})
    on conflict do nothing
    returning id`);
  return ((rows as unknown as { rows?: unknown[] }).rows ?? []).length > 0;
}
