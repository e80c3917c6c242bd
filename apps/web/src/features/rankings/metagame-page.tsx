import { useId, useState } from 'react';
import {
  Box,
  Container,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Typography,
} from '@mui/material';
import type { TMetagameRace } from '@mitos/domain/player-statistics';
import { ChartFigure } from '../../components/charts/chart-figure';
import { DataTable, type DataColumn } from '../../components/charts/data-table';
import { PercentBarsChart } from '../../components/charts/lazy-charts';
import { PageHeading } from '../../components/page-heading';
import { useStores } from '../../api/community';
import { useMetagame } from '../../api/statistics';
import { CURRENT_SEASON, SeasonSelect, useChosenSeason } from './components/season-select';
import { LoadError } from '../../components/load-error';

const ALL_STORES = 'all';

const pct = (n: number) => `${n}%`;

const RACE_COLUMNS: DataColumn<TMetagameRace>[] = [
  { header: 'Raza', cell: (r) => r.race },
  { header: 'Uso', cell: (r) => pct(r.share), numeric: true },
  { header: 'Partidas', cell: (r) => r.matches, numeric: true },
  { header: 'Jugadores', cell: (r) => r.players, numeric: true },
  { header: 'Victorias', cell: (r) => r.wins, numeric: true },
  { header: '% victorias', cell: (r) => pct(r.winRate), numeric: true },
];

/** Tienda: the whole community, or one active store. */
function StoreSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const stores = useStores();
  const list = stores.data ?? [];
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%' }}>
      <InputLabel id={`${id}-label`}>Tienda</InputLabel>
      <Select
        labelId={`${id}-label`}
        label="Tienda"
        value={list.some((s) => String(s.id) === value) ? value : ALL_STORES}
        onChange={(e) => onChange(e.target.value)}
      >
        <MenuItem value={ALL_STORES}>Todas las tiendas</MenuItem>
        {list.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function MetagameView({ seasonId, storeId }: { seasonId: number | null; storeId: number | null }) {
  const metagame = useMetagame({ seasonId, storeId });
  if (metagame.isPending) {
    return (
      <Box role="status" aria-busy aria-label="Cargando Metagame" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (metagame.isError) {
    return <LoadError onRetry={() => void metagame.refetch()} />;
  }
  const data = metagame.data;
  if (data.season === null) {
    return (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        Todavía no hay una temporada abierta. Cuando un administrador la abra, el metagame aparecerá aquí.
      </Typography>
    );
  }
  if (data.matches === 0 || data.races.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        {storeId === null
          ? 'Todavía no hay partidas aprobadas esta temporada. Cuando las haya, aquí verás qué razas se juegan más.'
          : 'Todavía no hay partidas aprobadas en esta tienda esta temporada.'}
      </Typography>
    );
  }
  const busy = metagame.isPlaceholderData;
  return (
    <Box
      aria-busy={busy}
      sx={{ display: 'grid', gap: 2, opacity: busy ? 0.6 : 1, transition: 'opacity 0.2s' }}
    >
      <Typography color="textSecondary">
        {data.matches === 1 ? '1 partida aprobada' : `${data.matches} partidas aprobadas`} en{' '}
        {data.season.name}.
      </Typography>
      <ChartFigure
        title="Razas jugadas"
        headingLevel="h2"
        description="Uso: de todos los jugadores de las partidas contadas, qué porcentaje jugó con la raza. % de victorias: cuántas de esas partidas ganó."
        height={Math.max(180, data.races.length * 44 + 72)}
        chart={
          <PercentBarsChart
            categories={data.races.map((r) => r.race)}
            series={[
              { label: 'Uso', data: data.races.map((r) => r.share) },
              { label: '% de victorias', data: data.races.map((r) => r.winRate) },
            ]}
          />
        }
        table={
          <DataTable label="Razas jugadas" columns={RACE_COLUMNS} rows={data.races} rowKey={(r) => r.race} />
        }
      />
    </Box>
  );
}

/** Metagame (issue 17): the races the community plays in a season, in one store or all of them. */
export default function MetagamePage() {
  const [chosenSeason, setChosenSeason] = useState<string>(CURRENT_SEASON);
  const [chosenStore, setChosenStore] = useState<string>(ALL_STORES);
  const { season, past } = useChosenSeason(chosenSeason);
  const storeId = chosenStore === ALL_STORES ? null : Number(chosenStore);

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Metagame" subtitle={season ? season.name : 'Temporada Actual'} backTo="/torneos" />
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Las razas que más se juegan en las partidas aprobadas, cuánto se usan y cuánto ganan.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <SeasonSelect past={past} value={chosenSeason} onChange={setChosenSeason} />
        <StoreSelect value={chosenStore} onChange={setChosenStore} />
      </Box>
      <MetagameView seasonId={season?.id ?? null} storeId={storeId} />
    </Container>
  );
}
