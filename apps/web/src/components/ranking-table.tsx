import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { UserAvatar } from './user-avatar';
import { ScrollTable } from './scroll-table';
import { visuallyHidden } from '../lib/visually-hidden';

/** One row, already in ranking order: the position is the server's, else the row's place in the list. */
export interface RankingRow {
  id: string | number;
  /** The place in the whole ranking (a later page starts at 51); default: the place in `rows`. */
  position?: number;
  name: string;
  /** Player code shown under the name, like TOR001. */
  code?: string | null;
  /** The rank's name (Cría de Dragón…), shown as a small chip under the name. */
  rank?: string;
  store?: string;
  matches: number;
  wins: number;
  points: number;
  /** The season's Mitos Rating; null before the player's first rated match. */
  rating?: number | null;
  ratingProvisional?: boolean;
}

export type PodiumTint = 'gold' | 'silver' | 'bronze';

export const PODIUM_COLORS: Record<PodiumTint, string> = {
  gold: '#f5c542',
  silver: '#c3cad8',
  bronze: '#cd7f32',
};

/** SPEC §9: the top three rows are gold, silver and bronze. */
export function podiumTint(rank: number): PodiumTint | null {
  if (rank === 1) return 'gold';
  if (rank === 2) return 'silver';
  if (rank === 3) return 'bronze';
  return null;
}

/** The place cell's classes: a podium row's trophy, then the place. */
const PLACE = { root: 'podium-place', trophy: 'podium-place__trophy' } as const;

/**
 * A table's podium rows and place cells, for its `sx`: a row with `data-tint` (gold, silver or
 * bronze) is tinted in its colour, with a bar of it at the row's start, and its place is bold
 * after a trophy. One home for the rankings and a tournament's standings.
 */
export const PODIUM_ROWS_SX = {
  ...Object.fromEntries(
    (Object.entries(PODIUM_COLORS) as [PodiumTint, string][]).map(([tint, color]) => [
      `& tr[data-tint="${tint}"]`,
      { bgcolor: alpha(color, 0.14), '& > td:first-of-type': { boxShadow: `inset 4px 0 ${color}` } },
    ]),
  ),
  [`& .${PLACE.root}`]: { display: 'flex', alignItems: 'center', gap: 0.25 },
  [`& tr[data-tint] .${PLACE.root} > span`]: { fontWeight: 700 },
  [`& .${PLACE.trophy}`]: { fontSize: { xs: 16, sm: 20 } },
};

/** A row's place, after a gold, silver or bronze trophy on the podium (styled by PODIUM_ROWS_SX). */
export function PodiumPlace({ rank }: { rank: number }) {
  const tint = podiumTint(rank);
  return (
    <div className={PLACE.root}>
      {tint && <EmojiEventsIcon className={PLACE.trophy} htmlColor={PODIUM_COLORS[tint]} aria-hidden />}
      <Typography component="span" variant="body2">
        {rank}
      </Typography>
    </div>
  );
}

/**
 * The table's styles, once for the whole table rather than an `sx` on every cell: a ranking page
 * draws 50 rows of six cells, and each `sx` is computed and serialized again at every render.
 * The cells carry these classes (Ranking General's first draw at 4× CPU: 448 → 365 ms, median
 * of eight loads each, docs/benchmarks.md).
 */
const C = {
  rank: 'ranking-table__rank',
  name: 'ranking-table__name',
  who: 'ranking-table__who',
  player: 'ranking-table__player',
  tags: 'ranking-table__tags',
  chip: 'ranking-table__chip',
  num: 'ranking-table__num',
  wide: 'ranking-table__wide',
  points: 'ranking-table__points',
  hidden: 'ranking-table__hidden',
  provisional: 'ranking-table__provisional',
} as const;

/** On a phone the numbers keep to their header's width so the name gets the room left. */
const TABLE_SX = {
  [`& .${C.rank}`]: { width: { xs: 40, sm: 64 }, px: { xs: 0.75, sm: 2 } },
  // The name takes the room left and ellipsizes in it (width 100% with max-width 0 in an auto table).
  [`& .${C.name}`]: { px: { xs: 0.75, sm: 2 }, width: '100%', maxWidth: 0 },
  [`& .${C.num}`]: { textAlign: 'right', px: { xs: 0.75, sm: 2 }, width: { sm: 110 } },
  // Less important columns give their room to the name on a phone (issue 14 item 12).
  [`& .${C.wide}`]: { display: { xs: 'none', sm: 'table-cell' } },
  [`& .${C.points}`]: { fontWeight: 700 },
  '& thead th': { fontSize: { xs: '0.75rem', sm: '0.875rem' } },
  [`& .${C.who}`]: { display: 'flex', alignItems: 'center', gap: { xs: 0.75, sm: 1.5 }, minWidth: 0 },
  [`& .${C.who} > :first-of-type`]: { flexShrink: 0 },
  [`& .${C.player}`]: { minWidth: 0, '& > p': { fontWeight: 600 } },
  [`& .${C.tags}`]: { display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mt: 0.25 },
  [`& .${C.chip}`]: { height: 20, fontSize: '0.7rem', maxWidth: '100%' },
  [`& .${C.hidden}`]: visuallyHidden,
  [`& .${C.provisional}`]: { display: 'block' },
  ...PODIUM_ROWS_SX,
} as const;

export interface RankingTableProps {
  rows: RankingRow[];
  /** The Tienda column is optional (SPEC §2). */
  showStore?: boolean;
  /** Accessible name of the table. */
  label: string;
  /** A Mitos Rating column; on a phone it takes the room of Victorias. */
  showRating?: boolean;
}

function RatingCell({ rating, provisional }: { rating: number | null | undefined; provisional: boolean }) {
  if (rating === null || rating === undefined) {
    return (
      <>
        <span aria-hidden>—</span>
        <span className={C.hidden}>Sin rating</span>
      </>
    );
  }
  return (
    <>
      {rating}
      {provisional && (
        <Typography component="span" variant="caption" color="warning" className={C.provisional}>
          Provisional
        </Typography>
      )}
    </>
  );
}

export function RankingTable({ rows, showStore = false, label, showRating = false }: RankingTableProps) {
  const wins = showRating ? `${C.num} ${C.wide}` : C.num;
  return (
    <ScrollTable label={label}>
      <Table size="small" aria-label={label} sx={TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell className={C.rank}>#</TableCell>
            <TableCell className={C.name}>Jugador</TableCell>
            {showStore && <TableCell className={C.wide}>Tienda</TableCell>}
            <TableCell className={`${C.num} ${C.wide}`}>Partidas</TableCell>
            <TableCell className={wins}>Victorias</TableCell>
            <TableCell className={C.num}>Puntos</TableCell>
            {showRating && <TableCell className={C.num}>Mitos Rating</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const rank = row.position ?? index + 1;
            const tint = podiumTint(rank);
            return (
              <TableRow key={row.id} data-tint={tint ?? undefined}>
                <TableCell className={C.rank}>
                  <PodiumPlace rank={rank} />
                </TableCell>
                <TableCell className={C.name}>
                  <div className={C.who}>
                    <UserAvatar username={row.name} size={28} decorative />
                    <div className={C.player}>
                      <Typography variant="body2" noWrap title={row.name}>
                        {row.name}
                      </Typography>
                      {(row.code || row.rank) && (
                        <div className={C.tags}>
                          {row.code && (
                            <Typography variant="caption" color="textSecondary" component="div">
                              {row.code}
                            </Typography>
                          )}
                          {row.rank && (
                            <Chip
                              label={row.rank}
                              size="small"
                              variant="outlined"
                              color="secondary"
                              className={C.chip}
                            />
                          )}
                        </div>
                      )}
                    </div>
                  </div>
                </TableCell>
                {showStore && <TableCell className={C.wide}>{row.store ?? ''}</TableCell>}
                <TableCell className={`${C.num} ${C.wide}`}>{row.matches}</TableCell>
                <TableCell className={wins}>{row.wins}</TableCell>
                <TableCell className={`${C.num} ${C.points}`}>{row.points}</TableCell>
                {showRating && (
                  <TableCell className={C.num}>
                    <RatingCell rating={row.rating} provisional={row.ratingProvisional === true} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}
