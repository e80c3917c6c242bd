import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
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

/** On a phone the numbers keep to their header's width so the name gets the room left. */
const numeric = { textAlign: 'right', px: { xs: 0.75, sm: 2 }, width: { sm: 110 } } as const;
const compactHead = { fontSize: { xs: '0.75rem', sm: '0.875rem' } } as const;
const rankCell = { width: { xs: 40, sm: 64 }, px: { xs: 0.75, sm: 2 } } as const;
/** The name takes the room left and ellipsizes in it (width 100% with max-width 0 in an auto table). */
const nameCell = { px: { xs: 0.75, sm: 2 }, width: '100%', maxWidth: 0 } as const;
/** Less important columns give their room to the name on a phone (issue 14 item 12). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

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
        <Box component="span" sx={visuallyHidden}>
          Sin rating
        </Box>
      </>
    );
  }
  return (
    <>
      {rating}
      {provisional && (
        <Typography component="span" variant="caption" color="warning.main" sx={{ display: 'block' }}>
          Provisional
        </Typography>
      )}
    </>
  );
}

export function RankingTable({ rows, showStore = false, label, showRating = false }: RankingTableProps) {
  const winsCell = showRating ? { ...numeric, ...wideOnly } : numeric;
  return (
    <ScrollTable label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...rankCell, ...compactHead }}>#</TableCell>
            <TableCell sx={{ ...nameCell, ...compactHead }}>Jugador</TableCell>
            {showStore && <TableCell sx={{ ...compactHead, ...wideOnly }}>Tienda</TableCell>}
            <TableCell sx={{ ...numeric, ...compactHead, ...wideOnly }}>Partidas</TableCell>
            <TableCell sx={{ ...winsCell, ...compactHead }}>Victorias</TableCell>
            <TableCell sx={{ ...numeric, ...compactHead }}>Puntos</TableCell>
            {showRating && <TableCell sx={{ ...numeric, ...compactHead }}>Mitos Rating</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const rank = row.position ?? index + 1;
            const tint = podiumTint(rank);
            const color = tint ? PODIUM_COLORS[tint] : undefined;
            return (
              <TableRow
                key={row.id}
                data-tint={tint ?? undefined}
                sx={
                  color
                    ? {
                        bgcolor: alpha(color, 0.14),
                        '& > td:first-of-type': { boxShadow: `inset 4px 0 ${color}` },
                      }
                    : undefined
                }
              >
                <TableCell sx={rankCell}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
                    {color && <EmojiEventsIcon sx={{ color, fontSize: { xs: 16, sm: 20 } }} aria-hidden />}
                    <Typography component="span" variant="body2" sx={{ fontWeight: tint ? 700 : 400 }}>
                      {rank}
                    </Typography>
                  </Box>
                </TableCell>
                <TableCell sx={nameCell}>
                  <Box
                    sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.75, sm: 1.5 }, minWidth: 0 }}
                  >
                    <UserAvatar username={row.name} size={28} decorative sx={{ flexShrink: 0 }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" noWrap title={row.name} sx={{ fontWeight: 600 }}>
                        {row.name}
                      </Typography>
                      {(row.code || row.rank) && (
                        <Box
                          sx={{
                            display: 'flex',
                            alignItems: 'center',
                            gap: 0.75,
                            flexWrap: 'wrap',
                            mt: 0.25,
                          }}
                        >
                          {row.code && (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {row.code}
                            </Typography>
                          )}
                          {row.rank && (
                            <Chip
                              label={row.rank}
                              size="small"
                              variant="outlined"
                              color="secondary"
                              sx={{ height: 20, fontSize: '0.7rem', maxWidth: '100%' }}
                            />
                          )}
                        </Box>
                      )}
                    </Box>
                  </Box>
                </TableCell>
                {showStore && <TableCell sx={wideOnly}>{row.store ?? ''}</TableCell>}
                <TableCell sx={{ ...numeric, ...wideOnly }}>{row.matches}</TableCell>
                <TableCell sx={winsCell}>{row.wins}</TableCell>
                <TableCell sx={{ ...numeric, fontWeight: 700 }}>{row.points}</TableCell>
                {showRating && (
                  <TableCell sx={numeric}>
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
