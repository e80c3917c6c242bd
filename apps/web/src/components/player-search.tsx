import { memo, useEffect, useState, type Ref } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { parseUserSearch, type TUserSummary } from '@mitos/domain/users';
import { UserAvatar } from './user-avatar';
import { searchUsers } from '../api/users';
import { LAYOUT, TIMINGS } from '../lib/ui-constants';
import { withNameBreaks } from '../lib/name-breaks';

export interface PlayerSearchProps {
  label: string;
  onSelect(user: TUserSummary): void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
}

/**
 * Finds a player by numeric id, @username or name (SPEC §5), asking the server 300 ms after
 * the last keystroke; the results list is at most 200 px high.
 *
 * MUI's Autocomplete learns its field's box from a ref in its first commit and then renders again
 * at once, reading the box's width for its closed results list: a second render and a forced
 * layout inside the commit of every screen that shows a search (/new-match shows two). The field
 * is handed to it when the player first touches or focuses the search instead, after the screen
 * is drawn; the list can only open from there (docs/decisions/051-player-search-anchor-on-use.md).
 * Memoised: given the same handler, a form's other changes do not draw it again.
 */
export const PlayerSearch = memo(function PlayerSearch({
  label,
  onSelect,
  disabled,
  inputRef,
  size,
}: PlayerSearchProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [inUse, setInUse] = useState(false);
  const use = () => {
    if (!inUse) setInUse(true);
  };

  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), TIMINGS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [input]);

  const searchable = parseUserSearch(query).kind !== 'none';
  const results = useQuery({
    queryKey: ['users', 'search', query.trim()],
    queryFn: ({ signal }) => searchUsers(query, signal),
    enabled: searchable,
    staleTime: 30_000,
  });
  const waiting = input !== query || results.isFetching;

  return (
    <Autocomplete<TUserSummary>
      options={searchable && input.trim() !== '' ? (results.data ?? []) : []}
      filterOptions={(options) => options}
      forcePopupIcon={false}
      getOptionLabel={(u) => u.username}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(value);
      }}
      onChange={(_, user) => {
        if (!user) return;
        setInput('');
        setQuery('');
        onSelect(user);
      }}
      disabled={disabled}
      loading={input.trim() !== '' && waiting}
      loadingText="Buscando..."
      noOptionsText={input.trim() === '' ? 'Escribe un nombre, @usuario o ID' : 'No se encontraron jugadores'}
      onPointerDown={use}
      onFocus={use}
      slotProps={{ listbox: { sx: { maxHeight: LAYOUT.searchResultsMaxHeight } } }}
      renderOption={({ key, ...props }, u) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar username={u.username} size={28} decorative />
          <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {withNameBreaks(u.username)}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            ID {u.id}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          slotProps={{
            ...params.slotProps,
            input: { ...params.slotProps.input, ref: inUse ? params.slotProps.input.ref : undefined },
          }}
          label={label}
          size={size}
          inputRef={inputRef}
          placeholder="Nombre, @usuario o ID"
        />
      )}
    />
  );
});
