import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@mitos/server/db/client';

/** The tournaments' players never sign in either: the organiser enters every result (bench/seed.ts). */
export const TOURNAMENT_EMAIL_DOMAIN = '@torneo.bench';

const RAZAS = ['Olimpico', 'Heroe', 'Dragon', 'Caballero', 'Faraon', 'Sombra'] as const;

/**
 * The tournaments' field, written in SQL like the community (lib/community-seed.ts): `players`
 * new players who never sign in, each with one deck, their default, as a player who signs up
 * with the app's Inscribirse has. Answers their ids in order.
 */
export async function seedTournamentPlayers(database: Database, players: number): Promise<number[]> {
  if (players === 0) return [];
  return database.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`insert into users (username, email, password_hash)
          select 'torneo' || g, 'torneo' || g || ${TOURNAMENT_EMAIL_DOMAIN}, '!'
            from generate_series(1, ${players}::int) g
          returning id`,
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    await tx.execute(sql`
      insert into decks (user_id, name, raza, is_default)
      select id, 'Mazo de torneo', (array[${sql.join(
        RAZAS.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[])[1 + id % ${RAZAS.length}::int], true
        from users
       where email like ${`%${TOURNAMENT_EMAIL_DOMAIN}`}`);
    return ids;
  });
}
