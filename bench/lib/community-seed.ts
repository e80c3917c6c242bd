import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@mitos/server/db/client';
import { rebuildCounts } from '@mitos/server/rankings/tallies';
import { rebuildRatings } from '@mitos/server/ratings/engine';

/**
 * The bench's ranking players never sign in with a password: the driver skips them (see
 * bench/seed.ts), and the mixed workload gives them sessions of their own (lib/mixed.ts).
 */
export const RANKING_EMAIL_DOMAIN = '@ranking.bench';

const STORES = [
  ['Dragón Dorado', 'Palermo'],
  ['La Cueva del Mago', 'Caballito'],
  ['El Portal', 'Belgrano'],
  ['Tierra Media', 'Almagro'],
] as const;

/**
 * The community at bench size, written in SQL in a few statements: four stores, a current season
 * holding the last year, players up to `players` (the demo seed's and new ones who never sign in),
 * and `matches` approved 1v1s among them in that season, four in five at a store; then every
 * standing from a full rebuild, as `npm run rankings:rebuild` computes it. Answers one store's id
 * (each holds about a fifth of the matches) and how many players the ranking holds.
 */
export async function seedCommunity(
  database: Database,
  options: { players: number; matches: number },
): Promise<{ storeId: number; players: number }> {
  const { db } = database;
  const storeIds = await database.transaction(async (tx) => {
    const stores = await queryRows<{ id: number }>(
      tx,
      sql`insert into stores (name, neighborhood)
          values ${sql.join(
            STORES.map(([name, neighborhood]) => sql`(${name}, ${neighborhood})`),
            sql`, `,
          )}
          returning id`,
    );
    const ids = stores.map((s) => Number(s.id));
    // The demo seed before this one may have opened the current season already (one open at a
    // time): the bench's matches all count in the open season, whichever it is.
    await tx.execute(sql`
      insert into seasons (name, starts_on, ends_on)
      select 'Temporada de prueba', current_date - 370, current_date + 365
       where not exists (select 1 from seasons where closed_at is null)`);
    await tx.execute(sql`
      insert into users (username, email, password_hash)
      select 'ranking' || g, 'ranking' || g || ${RANKING_EMAIL_DOMAIN}, '!'
        from generate_series(1, greatest(0, ${options.players}::int - (select count(*)::int from users))) g`);
    // A deck each, their default, as a player of the app has: they record matches in the mixed
    // workload (lib/mixed.ts).
    await tx.execute(sql`
      insert into decks (user_id, name, raza, is_default)
      select id, 'Mazo principal', 'Dragon', true
        from users
       where email like ${`%${RANKING_EMAIL_DOMAIN}`}
         and not exists (select 1 from decks d where d.user_id = users.id)`);
    // Each match's id, date, players and store, decided once for the three inserts below (the
    // players' arithmetic in bigint: a million matches times 7919 is past an integer).
    await tx.execute(sql`
      create temporary table bench_matches on commit drop as
      with p as (select array_agg(id order by id) as ids, count(*)::int as n from users),
           s as (select ${sql.raw(`array[${ids.join(', ')}]`)}::int[] as ids)
      select nextval(pg_get_serial_sequence('matches', 'id'))::int as id,
             now() - (g::float8 / ${options.matches}::int) * interval '365 days' as at,
             p.ids[(1 + (g::bigint * 7919) % p.n)::int] as a,
             p.ids[(1 + (g::bigint * 7919 + 1 + g % (p.n - 1)) % p.n)::int] as b,
             case when g % 5 = 0 then null else s.ids[1 + g % 4] end as store_id,
             case when g % 10 = 0 then 'Amistoso c/ Arbitro' else 'Amistoso' end as tier,
             case when g % 3 = 0 then 1 else 2 end as s1,
             case when g % 3 = 0 then 2 else 1 end as s2
        from generate_series(1, ${options.matches}::int) g, p, s`);
    await tx.execute(sql`
      insert into matches (id, match_date, match_mode, tier, approval_status, winning_team, team1_score,
                           team2_score, total_matches, created_at, created_by, last_updated_by,
                           approval_updated_at, store_id, season_id)
      select id, at, '1v1', tier, 'approved', case when s1 > s2 then 'team1' else 'team2' end, s1, s2, 3,
             at, a, b, at, store_id, (select id from seasons where closed_at is null)
        from bench_matches`);
    await tx.execute(sql`
      insert into match_players (match_id, user_id, team, position, approval_status, status_updated_at,
                                 deck_id, deck_name, deck_raza, match_date, match_status)
      select id, who, team, 0, 'approved', at, null, 'Mazo de liga', 'Dragon', at, 'approved'
        from bench_matches, lateral (values (a, 1), (b, 2)) v(who, team)`);
    await tx.execute(sql`
      insert into match_events (match_id, type, user_id, at)
      select id, type, who, at
        from bench_matches, lateral (values ('created', a), ('approved', a), ('approved', b)) v(type, who)`);
    return ids;
  });
  await rebuildCounts(database);
  await rebuildRatings(database, { byPlayDate: true });
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct user_id)::int as n from standings where store_id = 0`,
  );
  return { storeId: storeIds[1]!, players: Number(count?.n ?? 0) };
}
