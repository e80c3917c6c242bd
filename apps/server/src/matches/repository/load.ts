import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import { matchPlayers, matches } from '../../db/schema/index';

export type MatchRow = typeof matches.$inferSelect;
export type MatchPlayerRow = typeof matchPlayers.$inferSelect;
export type NewMatchPlayer = typeof matchPlayers.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Reading whole matches for the JSON shape: four queries for any number of matches.
// ---------------------------------------------------------------------------------------------

/** A store or league a match names, with its name. */
export interface NamedRef {
  id: number;
  name: string;
}

export interface MatchBundle {
  match: MatchRow;
  createdByUsername: string | null;
  /** Where it was played and its league (docs/decisions/014); null: none. */
  store: NamedRef | null;
  league: NamedRef | null;
  players: (MatchPlayerRow & { username: string })[];
  highlights: string[];
  events: { type: string; userId: number | null; username: string | null; at: Date }[];
}

/** Timestamps arrive as PostgreSQL's text from both drivers (drizzle asks for it), as Dates elsewhere. */
const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: string | Date | null): Date | null => (value === null ? null : toDate(value));

/** A row as read by raw SQL: the same fields, timestamps not yet Dates. */
export type Raw<T> = {
  [K in keyof T]: T[K] extends Date ? string | Date : T[K] extends Date | null ? string | Date | null : T[K];
};

/** `column as "field"` for every column of a table, read from the Drizzle schema. */
function fieldsOf(table: typeof matches | typeof matchPlayers): [field: string, column: string][] {
  return Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name]);
}

const MATCH_FIELDS = fieldsOf(matches);
const PLAYER_FIELDS = fieldsOf(matchPlayers);

/** The match row's columns under their field names, for a select over `alias`. */
export function matchColumns(alias: string): SQL {
  return sql.raw(
    `select ${MATCH_FIELDS.map(([field, column]) => `${alias}.${column} as "${field}"`).join(', ')}`,
  );
}

export function toMatchRow(row: Raw<MatchRow>): MatchRow {
  return {
    ...row,
    matchDate: toDate(row.matchDate),
    createdAt: toDate(row.createdAt),
    approvalUpdatedAt: toDateOrNull(row.approvalUpdatedAt),
    escalatedAt: toDateOrNull(row.escalatedAt),
  };
}

export type RawPlayer = Raw<MatchPlayerRow> & { username: string };
export type RawEvent = { type: string; userId: number | null; username: string | null; at: string | Date };

/**
 * Whole matches in one statement, their players, highlights and events gathered as JSON, in the
 * order of `ids`. Raw SQL read into plain rows: on a page of matches, drizzle's query builder and
 * its per-field mapping of nested selections cost the server more CPU than the queries themselves
 * (a profile of GET /api/matches/pending, docs/benchmarks.md).
 */
export async function loadMatches(db: Db | Tx, ids: readonly number[]): Promise<MatchBundle[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<
    Raw<MatchRow> & {
      createdByUsername: string | null;
      store: NamedRef | string | null;
      league: NamedRef | string | null;
      players: RawPlayer[];
      highlights: string[];
      events: RawEvent[];
    }
  >(
    db,
    sql`
    ${matchColumns('m')}, u.username as "createdByUsername", ${placeOf('m')},
           (select coalesce(json_agg(${playerJson('p', 'pu')} order by p.team, p.position), '[]')
              from match_players p join users pu on pu.id = p.user_id
             where p.match_id = m.id) as players,
           ${highlightsOf(sql`m.id`)} as highlights,
           ${eventsOf(sql`m.id`)} as events
      from matches m left join users u on u.id = m.created_by
     where m.id in ${[...ids]}`,
  );
  const bundles = new Map<number, MatchBundle>();
  for (const { createdByUsername, store, league, players, highlights, events, ...match } of rows) {
    bundles.set(match.id, {
      match: toMatchRow(match),
      createdByUsername,
      store: namedRef(store),
      league: namedRef(league),
      players: parseJson(players).map(toPlayer),
      highlights: parseJson(highlights),
      events: parseJson(events).map(toEvent),
    });
  }
  return ids.flatMap((id) => {
    const bundle = bundles.get(id);
    return bundle ? [bundle] : [];
  });
}

/** The store and league a match names, as `store` and `league` JSON columns of a select over `m`. */
export function placeOf(m: string): SQL {
  return sql.raw(
    `(select json_build_object('id', st.id, 'name', st.name) from stores st where st.id = ${m}.store_id) as store, ` +
      `(select json_build_object('id', lg.id, 'name', lg.name) from leagues lg where lg.id = ${m}.league_id) as league`,
  );
}

export function namedRef(value: NamedRef | string | null): NamedRef | null {
  return value === null ? null : parseJsonValue(value);
}

/** json columns arrive parsed from node-postgres and PGlite alike; text when a driver leaves them. */
export function parseJson<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export function parseJsonValue<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export function toPlayer(player: RawPlayer): MatchBundle['players'][number] {
  return {
    ...player,
    statusUpdatedAt: toDateOrNull(player.statusUpdatedAt),
    remindedAt: toDateOrNull(player.remindedAt),
    matchDate: toDate(player.matchDate),
  };
}

export function toEvent(event: RawEvent): MatchBundle['events'][number] {
  return { ...event, at: toDate(event.at) };
}

/** A player's entry as JSON, with the player's username. */
export function playerJson(p: string, u: string): SQL {
  const fields = PLAYER_FIELDS.map(([field, column]) => `'${field}', ${p}.${column}`);
  return sql.raw(`json_build_object(${fields.join(', ')}, 'username', ${u}.username)`);
}

export function highlightsOf(matchId: SQL): SQL {
  return sql`(select coalesce(json_agg(h.type order by h.position), '[]')
                from match_highlights h where h.match_id = ${matchId})`;
}

export function eventsOf(matchId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
                       'type', e.type, 'userId', e.user_id, 'username', eu.username, 'at', e.at)
                     order by e.at, e.id), '[]')
                from match_events e left join users eu on eu.id = e.user_id
               where e.match_id = ${matchId})`;
}
