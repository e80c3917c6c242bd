import { useId } from 'react';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import type { TSeason } from '@mitos/domain/community';
import { useSeasons } from '../../../api/community';

export const CURRENT_SEASON = 'current';

/**
 * The season a ranking screen shows: Temporada Actual (`CURRENT_SEASON`), or the id of a past
 * season. Answers the past season chosen, or null for the current one.
 */
export function useChosenSeason(chosen: string): { season: TSeason | null; past: TSeason[] } {
  const seasons = useSeasons();
  const past = (seasons.data ?? []).filter((s) => !s.current);
  const season = chosen === CURRENT_SEASON ? null : (past.find((s) => String(s.id) === chosen) ?? null);
  return { season, past };
}

/** Temporada: Temporada Actual first, then the past seasons; shown only when there are past ones. */
export function SeasonSelect({
  past,
  value,
  onChange,
}: {
  past: readonly TSeason[];
  /** `CURRENT_SEASON` or a past season's id. */
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (past.length === 0) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%' }}>
      <InputLabel id={`${id}-label`}>Temporada</InputLabel>
      <Select
        labelId={`${id}-label`}
        label="Temporada"
        value={past.some((s) => String(s.id) === value) ? value : CURRENT_SEASON}
        onChange={(e) => onChange(e.target.value)}
      >
        <MenuItem value={CURRENT_SEASON}>Temporada Actual</MenuItem>
        {past.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
