import { memo, useCallback, type Ref } from 'react';
import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { LIMITS } from '@mitos/domain/constants';
import type { FormDeck, FormPlayer, TeamIndex } from '../form-state';
import type { TUserSummary } from '@mitos/domain/users';
import { ChosenPlayer } from '../../../components/chosen-player';
import { PlayerDeckSelect } from './player-deck-select';
import { PlayerSearch } from '../../../components/player-search';

export interface TeamEditorProps {
  team: TeamIndex;
  players: FormPlayer[];
  score: number;
  /** The team whose search input the form is waiting on. */
  active: boolean;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  // The form's handlers, one for both teams: the same functions from one render to the next, so
  // that a change to one team (a victory, a deck) draws that team again and nothing else.
  onPick(team: TeamIndex, user: TUserSummary): void;
  onRemove(team: TeamIndex, userId: number): void;
  onDeck(team: TeamIndex, userId: number, deck: FormDeck): void;
  onScore(team: TeamIndex, delta: number): void;
}

interface TeamPlayerProps extends Pick<TeamEditorProps, 'team' | 'onRemove' | 'onDeck'> {
  player: FormPlayer;
}

/** A chosen player and their deck. */
const TeamPlayer = memo(function TeamPlayer({ team, player, onRemove, onDeck }: TeamPlayerProps) {
  return (
    <Box>
      <ChosenPlayer username={player.username} onRemove={() => onRemove(team, player.userId)} />
      <PlayerDeckSelect
        userId={player.userId}
        username={player.username}
        deck={player.deck}
        onChange={(deck) => onDeck(team, player.userId, deck)}
      />
    </Box>
  );
});

/** One team of the new-match form: its players with their decks, a player search, and its victories. */
export const TeamEditor = memo(function TeamEditor({
  team,
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
  const number = team + 1;
  const title = `Equipo ${number}`;
  const pick = useCallback((user: TUserSummary) => onPick(team, user), [onPick, team]);
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
            onClick={() => onScore(team, -1)}
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
            onClick={() => onScore(team, 1)}
            disabled={score >= LIMITS.maxScore}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Stack>

      <Stack spacing={1.5}>
        {players.map((p) => (
          <TeamPlayer key={p.userId} team={team} player={p} onRemove={onRemove} onDeck={onDeck} />
        ))}
        <PlayerSearch
          label={`Buscar jugador para el ${title}`}
          onSelect={pick}
          disabled={busy}
          inputRef={inputRef}
          size="small"
        />
      </Stack>
    </Paper>
  );
});
