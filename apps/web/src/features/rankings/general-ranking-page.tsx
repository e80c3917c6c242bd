import { useState } from 'react';
import { Box, Container, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { PageHeading } from '../../components/page-heading';
import type { RankingSort } from '../../api/community';
import { RankingView } from './components/ranking-view';
import { CURRENT_SEASON, SeasonSelect, useChosenSeason } from './components/season-select';

/**
 * Ranking General: the community's ranking of a season (Temporada Actual first, past seasons
 * after), by points or by the season's Mitos Rating.
 */
export default function GeneralRankingPage() {
  const [chosen, setChosen] = useState<string>(CURRENT_SEASON);
  const [sort, setSort] = useState<RankingSort>('points');
  const { season, past } = useChosenSeason(chosen);

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title="Ranking General"
        subtitle={season ? season.name : 'Temporada Actual'}
        backTo="/torneos"
      />
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Ranking actualizado con los resultados de todos los torneos de la temporada
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <SeasonSelect past={past} value={chosen} onChange={setChosen} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id="ranking-sort-label" variant="body2" color="textSecondary">
            Ordenar por
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={sort}
            aria-labelledby="ranking-sort-label"
            onChange={(_, next: RankingSort | null) => next && setSort(next)}
          >
            <ToggleButton value="points">Puntos</ToggleButton>
            <ToggleButton value="rating">Mitos Rating</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Box>
      <RankingView
        key={`${season?.id ?? CURRENT_SEASON}-${sort}`}
        label="Ranking General"
        seasonId={season?.id ?? null}
        sort={sort}
        showRating
        empty="Nadie sumó puntos todavía esta temporada. Registra tus partidas: cuando se aprueben, aparecerás aquí."
      />
    </Container>
  );
}
