import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';

/**
 * The counters of Panel de Administración, in one statement. Today is the community's day
 * (Buenos Aires). An organiser counts their stores' matches; an admin (stores = null) all of them.
 */
export async function adminCounters(
  db: Db,
  scope: { today: string; stores: readonly number[] | null },
): Promise<{ matchesToday: number; pendingReports: number }> {
  const inScope =
    scope.stores === null
      ? sql`true`
      : scope.stores.length === 0
        ? sql`false`
        : sql`m.store_id in (${sql.join(
            scope.stores.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const [row] = await queryRows<{ today: number; reports: number }>(
    db,
    sql`select
          (select count(*)::int from matches m
            where ${inScope} and m.approval_status <> 'cancelled'
              and (m.match_date at time zone 'America/Argentina/Buenos_Aires')::date = ${scope.today}::date) as today,
          (select count(*)::int from matches m
            where ${inScope} and m.approval_status = 'rejected') as reports`,
  );
  return { matchesToday: row?.today ?? 0, pendingReports: row?.reports ?? 0 };
}
