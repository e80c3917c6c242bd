import { useState } from 'react';
import { Container, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { PageHeading } from '../../components/page-heading';
import { useSeasons } from '../../api/community';
import { RankingView } from './components/ranking-view';

const CURRENT = 'current';

/** Ranking General: the community's ranking of a season (Temporada Actual first, past seasons after). */
export default function GeneralRankingPage() {
  const seasons = useSeasons();
  const [chosen, setChosen] = useState<string>(CURRENT);
  const past = (seasons.data ?? []).filter((s) => !s.current);
  const season = chosen === CURRENT ? null : (past.find((s) => String(s.id) === chosen) ?? null);

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title="Ranking General"
        subtitle={season ? season.name : 'Temporada Actual'}
        backTo="/torneos"
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Ranking actualizado con los resultados de todos los torneos de la temporada
      </Typography>
      {past.length > 0 && (
        <FormControl size="small" sx={{ mb: 2, minWidth: 220, maxWidth: '100%' }}>
          <InputLabel id="season-label">Temporada</InputLabel>
          <Select
            labelId="season-label"
            label="Temporada"
            value={season ? chosen : CURRENT}
            onChange={(e) => setChosen(e.target.value)}
          >
            <MenuItem value={CURRENT}>Temporada Actual</MenuItem>
            {past.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <RankingView
        key={season?.id ?? CURRENT}
        label="Ranking General"
        seasonId={season?.id ?? null}
        empty="Nadie sumó puntos todavía esta temporada. Registra tus partidas: cuando se aprueben, aparecerás aquí."
      />
    </Container>
  );
}
