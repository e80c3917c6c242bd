import { useState } from 'react';
import { Box, Button, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import { useSnackbar } from '../../lib/snackbar';
import type { TDeck } from '@mitos/domain/decks';
import type { TRecord } from '@mitos/domain/player-statistics';
import * as MSG from '@mitos/domain/message-texts';
import { RaceChip } from '../race-chip';
import { PaletteChip } from '../palette-chip';
import { useSetDefaultDeck } from '../../api/decks';
import { DeckFormDialog } from './deck-form-dialog';
import { DeleteDeckDialog } from './delete-deck-dialog';

interface DeckListProps {
  /** Already sorted, default first. */
  decks: readonly TDeck[];
  /** All of the user's decks, for the unique-name rule when editing. */
  allDecks: readonly TDeck[];
  withDescription: boolean;
  /** Each deck's approved matches by deck id, when known: shown under its name. */
  records?: ReadonlyMap<number, TRecord>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 partidas · 7 victorias · 58% de victorias", or that it has none yet. */
export function deckRecordText(record: TRecord | undefined): string {
  if (!record || record.matches === 0) return 'Sin partidas aprobadas';
  return [
    plural(record.matches, 'partida', 'partidas'),
    plural(record.wins, 'victoria', 'victorias'),
    `${record.winRate}% de victorias`,
  ].join(' · ');
}

/** The user's decks with edit, delete and set-as-default (SPEC §2, §4 Deck default). */
export function DeckList({ decks, allDecks, withDescription, records }: DeckListProps) {
  const { enqueueSnackbar } = useSnackbar();
  const setDefault = useSetDefaultDeck();
  const [editing, setEditing] = useState<TDeck | null>(null);
  const [deleting, setDeleting] = useState<TDeck | null>(null);

  const makeDefault = (deck: TDeck) =>
    setDefault.mutate(deck.id, {
      onError: () => enqueueSnackbar(MSG.deckDefaultError, { variant: 'error' }),
    });

  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {decks.map((deck) => {
          const settingThis = setDefault.isPending && setDefault.variables === deck.id;
          return (
            <Paper component="li" key={deck.id} variant="outlined" sx={{ p: 1.5 }}>
              <Box
                sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap' }}
              >
                <Box
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    minWidth: 0,
                    flexWrap: 'wrap',
                    flex: '1 1 auto',
                  }}
                >
                  <Typography
                    component="h3"
                    sx={{ fontWeight: 700, fontSize: '1rem', minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {deck.name}
                  </Typography>
                  <RaceChip raza={deck.raza} />
                  {deck.is_default && (
                    <PaletteChip
                      icon={<StarIcon aria-hidden style={{ color: 'inherit' }} />}
                      label="Por defecto"
                      color="secondary"
                      variant="outlined"
                    />
                  )}
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
                  {!deck.is_default && (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => makeDefault(deck)}
                      disabled={setDefault.isPending}
                      aria-label={`Establecer por defecto: ${deck.name}`}
                      startIcon={settingThis ? <CircularProgress size={14} aria-hidden /> : undefined}
                      sx={{ mr: 0.5 }}
                    >
                      Establecer por defecto
                    </Button>
                  )}
                  <Tooltip title="Editar">
                    <IconButton aria-label={`Editar ${deck.name}`} onClick={() => setEditing(deck)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={deck.is_default ? 'El mazo por defecto no se puede eliminar' : 'Eliminar'}>
                    {/* A disabled button gets no pointer events; the span keeps the tooltip working. */}
                    <span>
                      <IconButton
                        aria-label={`Eliminar ${deck.name}`}
                        onClick={() => setDeleting(deck)}
                        disabled={deck.is_default}
                        color="error"
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Box>
              </Box>
              {records && (
                <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                  {deckRecordText(records.get(deck.id))}
                </Typography>
              )}
              {withDescription && deck.description && (
                <Typography
                  variant="body2"
                  color="textSecondary"
                  sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                >
                  {deck.description}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Stack>
      {editing && (
        <DeckFormDialog
          deck={editing}
          decks={allDecks}
          withDescription={withDescription}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteDeckDialog deck={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
