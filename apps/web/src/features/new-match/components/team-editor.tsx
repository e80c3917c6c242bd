import type { Ref } from 'react';
import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { LIMITS } from '@mitos/domain/constants';
import type { FormDeck, FormPlayer } from '../form-state';
import type { TUserSummary } from '@mitos/domain/users';
import { ChosenPlayer } from '../../../components/chosen-player';
import { PlayerDeckSelect } from './player-deck-select';
import { PlayerSearch } from '../../../components/player-search';

export interface TeamEditorProps {
  number: 1 | 2;
  players: FormPlayer[];
  score: number;
  /** The team whose search input the form is waiting on. */
  active: boolean;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  onPick(user: TUserSummary): void;
  onRemove(userId: number): void;
  onDeck(userId: number, deck: FormDeck): void;
  onScore(delta: number): void;
}

/** One team of the new-match form: its players with their decks, a player search, and its victories. */
export function TeamEditor({
  number,
  players,
  score,
  active,
  busy,
  inputRef,
  onPick,
  onRemove,
  onDeck,
  onScore,
}: TeamEditorProps) {
  const title = `Equipo ${number}`;
  const scoreId = `team-${number}-score`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        p: 2,
        minWidth: 0,
        borderColor: active ? 'primary.main' : undefined,
        transition: 'border-color .2s',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography variant="h3" component="h3">
          {title}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" color="textSecondary" sx={{ mr: 0.5 }}>
            Victorias
          </Typography>
          <IconButton
            size="small"
            aria-label={`Restar victoria al ${title}`}
            aria-describedby={scoreId}
            onClick={() => onScore(-1)}
            disabled={score <= 0}
          >
            <RemoveIcon fontSize="small" />
          </IconButton>
          <Typography
            id={scoreId}
            aria-label={`Victorias del ${title}: ${score}`}
            aria-live="polite"
            sx={{ minWidth: 28, textAlign: 'center', fontSize: 22, fontWeight: 800 }}
          >
            {score}
          </Typography>
          <IconButton
            size="small"
            aria-label={`Sumar victoria al ${title}`}
            aria-describedby={scoreId}
            onClick={() => onScore(1)}
            disabled={score >= LIMITS.maxScore}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Stack>

      <Stack spacing={1.5}>
        {players.map((p) => (
          <Box key={p.userId}>
            <ChosenPlayer username={p.username} onRemove={() => onRemove(p.userId)} />
            <PlayerDeckSelect
              userId={p.userId}
              username={p.username}
              deck={p.deck}
              onChange={(deck) => onDeck(p.userId, deck)}
            />
          </Box>
        ))}
        <PlayerSearch
          label={`Buscar jugador para el ${title}`}
          onSelect={onPick}
          disabled={busy}
          inputRef={inputRef}
          size="small"
        />
      </Stack>
    </Paper>
  );
}
