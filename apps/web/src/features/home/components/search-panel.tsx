import { useState } from 'react';
import {
  Box,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LIMITS } from '@mitos/domain/constants';
import { sortDecks } from '@mitos/domain/decks';
import * as MSG from '@mitos/domain/message-texts';
import type { TUserSummary } from '@mitos/domain/users';
import { DateLocalization } from '../../../components/date-localization';
import { dayjs } from '../../../lib/dates';
import { usePlayerDecks } from '../../../api/decks';
import { TeamColumns } from '../../../components/match-grid';
import { ChosenPlayer } from '../../../components/chosen-player';
import { PlayerSearch } from '../../../components/player-search';
import { EMPTY_SEARCH, type HomeSearch } from '../api/home';
import { DECKS_LOADING, deckStatusItems } from '../../../components/deck-status-items';

/** The most players a team of a match has (2v2). */
const MAX_PER_TEAM = 2;
const MIN_DAY = dayjs(LIMITS.minDate);
const MAX_DAY = dayjs(LIMITS.maxDate);

interface SearchPlayer {
  userId: number;
  username: string;
  deckId: number | null;
}

interface Draft {
  day: dayjs.Dayjs | null;
  teams: [SearchPlayer[], SearchPlayer[]];
}

function DeckChoice({ player, onChange }: { player: SearchPlayer; onChange(deckId: number | null): void }) {
  const decks = usePlayerDecks(player.userId);
  const id = `search-deck-${player.userId}`;
  return (
    <FormControl size="small" fullWidth error={decks.isError}>
      <InputLabel id={`${id}-label`}>{`Mazo de ${player.username}`}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={`Mazo de ${player.username}`}
        value={player.deckId === null ? 'any' : String(player.deckId)}
        onChange={(e) => onChange(e.target.value === 'any' ? null : Number(e.target.value))}
      >
        <MenuItem value="any">Cualquier Mazo</MenuItem>
        {deckStatusItems(decks)}
        {sortDecks(decks.data ?? []).map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            {`${d.name} · ${d.raza}`}
          </MenuItem>
        ))}
        {/* A deck chosen before (a search restored from the address) while the decks load, or
            one the player no longer has. */}
        {player.deckId !== null && !decks.data?.some((d) => d.id === player.deckId) && (
          <MenuItem value={String(player.deckId)} sx={{ display: 'none' }}>
            {decks.isPending ? DECKS_LOADING : MSG.deckUnavailable}
          </MenuItem>
        )}
      </Select>
    </FormControl>
  );
}

function TeamFilter({
  number,
  players,
  taken,
  onAdd,
  onRemove,
  onDeck,
}: {
  number: 1 | 2;
  players: SearchPlayer[];
  taken: ReadonlySet<number>;
  onAdd(user: TUserSummary): void;
  onRemove(userId: number): void;
  onDeck(userId: number, deckId: number | null): void;
}) {
  const title = `Equipo ${number}`;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>
        {players.map((p) => (
          <Stack key={p.userId}>
            <ChosenPlayer username={p.username} onRemove={() => onRemove(p.userId)} />
            <DeckChoice player={p} onChange={(deckId) => onDeck(p.userId, deckId)} />
          </Stack>
        ))}
        {players.length < MAX_PER_TEAM && (
          <PlayerSearch
            label={`Jugador del ${title}`}
            size="small"
            onSelect={(user) => {
              if (!taken.has(user.id)) onAdd(user);
            }}
          />
        )}
      </Stack>
    </Box>
  );
}

function draftFrom(search: HomeSearch, names: ReadonlyMap<number, string>): Draft {
  const players = (list: HomeSearch['team1']) =>
    list.map((p) => ({
      userId: p.userId,
      deckId: p.deckId,
      username: names.get(p.userId) ?? MSG.fallbackUser,
    }));
  return {
    day: search.day ? dayjs(search.day) : null,
    teams: [players(search.team1), players(search.team2)],
  };
}

export interface SearchPanelProps {
  applied: HomeSearch;
  /** Usernames of the players in the applied search, to show them again when the panel reopens. */
  names: ReadonlyMap<number, string>;
  onSearch(search: HomeSearch, names: Map<number, string>): void;
}

/** Buscar Partidas: a day and the players of each team, each with a deck or Cualquier Mazo. */
export default function SearchPanel({ applied, names, onSearch }: SearchPanelProps) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(applied, names));
  const [dayError, setDayError] = useState<string | null>(null);
  const dayInvalid = dayError !== null;
  const taken = new Set(draft.teams.flat().map((p) => p.userId));

  const updateTeam = (team: 0 | 1, change: (players: SearchPlayer[]) => SearchPlayer[]) =>
    setDraft((d) => {
      const teams: Draft['teams'] = [d.teams[0], d.teams[1]];
      teams[team] = change(teams[team]);
      return { ...d, teams };
    });

  const submit = () => {
    const usernames = new Map(draft.teams.flat().map((p) => [p.userId, p.username]));
    const chosen = (players: SearchPlayer[]) => players.map(({ userId, deckId }) => ({ userId, deckId }));
    onSearch(
      {
        day: draft.day && draft.day.isValid() ? draft.day.toDate() : null,
        team1: chosen(draft.teams[0]),
        team2: chosen(draft.teams[1]),
      },
      usernames,
    );
  };

  const reset = () => {
    setDraft({ day: null, teams: [[], []] });
    setDayError(null);
    onSearch(EMPTY_SEARCH, new Map());
  };

  return (
    <DateLocalization>
      <Paper
        variant="outlined"
        component="form"
        role="search"
        aria-label="Buscar Partidas"
        onSubmit={(e) => {
          e.preventDefault();
          if (!dayInvalid) submit();
        }}
        sx={{ p: 2, mb: 2 }}
      >
        <Stack spacing={2}>
          <DatePicker
            label="Fecha"
            value={draft.day}
            onChange={(day) => setDraft((d) => ({ ...d, day }))}
            onError={(error) =>
              setDayError(
                error === null ? null : error === 'disableFuture' ? MSG.futureDate : MSG.invalidDate,
              )
            }
            disableFuture
            minDate={MIN_DAY}
            maxDate={MAX_DAY}
            slotProps={{
              field: { clearable: true },
              textField: { size: 'small', fullWidth: true, helperText: dayError },
              actionBar: { actions: ['clear', 'cancel', 'accept'] },
            }}
          />
          <TeamColumns>
            {([0, 1] as const).map((team) => (
              <TeamFilter
                key={team}
                number={team === 0 ? 1 : 2}
                players={draft.teams[team]}
                taken={taken}
                onAdd={(user) =>
                  updateTeam(team, (list) => [
                    ...list,
                    { userId: user.id, username: user.username, deckId: null },
                  ])
                }
                onRemove={(userId) => updateTeam(team, (list) => list.filter((p) => p.userId !== userId))}
                onDeck={(userId, deckId) =>
                  updateTeam(team, (list) => list.map((p) => (p.userId === userId ? { ...p, deckId } : p)))
                }
              />
            ))}
          </TeamColumns>
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button type="button" onClick={reset}>
              Resetear búsqueda
            </Button>
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={dayInvalid}>
              Buscar
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </DateLocalization>
  );
}
