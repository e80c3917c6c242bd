import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { TStanding } from '@mitos/domain/community';
import { normaliseTorCode, TOR_CODE_PATTERN } from '@mitos/domain/community-rules';
import * as MSG from '@mitos/domain/message-texts';
import { communityChanged, setOwnTorCode, useStanding } from '../../../api/community';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { ProfileSection } from './profile-header';

/** "#3 de la temporada", or why there is no place yet. */
export function positionText(standing: Pick<TStanding, 'position'>): string {
  return standing.position === null
    ? 'Sin partidas aprobadas esta temporada'
    : `#${standing.position} de la temporada`;
}

/** Why a typed Código TOR cannot be saved, or null; empty means "no code". */
export function torCodeError(input: string): string | null {
  const code = normaliseTorCode(input);
  return code === '' || TOR_CODE_PATTERN.test(code) ? null : MSG.torCodeInvalid;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

/** The player's own Código TOR: typed, saved (or cleared when empty), the server's refusal shown. */
function TorCodeEditor({ current }: { current: string | null }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const typedError = torCodeError(value);
  const next = normaliseTorCode(value) || null;
  const unchanged = next === current;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (typedError || unchanged || saving) return;
    setSaving(true);
    setError(null);
    try {
      await setOwnTorCode(next);
      setValue(next ?? '');
      await communityChanged(queryClient);
      enqueueSnackbar(next ? 'Código TOR guardado' : 'Código TOR eliminado', { variant: 'success' });
    } catch (err) {
      setError(
        err instanceof ApiError && err.isNetworkError ? MSG.connectionError : errorMessage(err, MSG.internal),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)} sx={{ display: 'grid', gap: 1 }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Código TOR"
          size="small"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={typedError !== null}
          helperText={typedError ?? 'Letras, números y guiones (3 a 12). Déjalo vacío para quitarlo.'}
          slotProps={{ htmlInput: { maxLength: 12, autoCapitalize: 'characters', spellCheck: false } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" loading={saving} disabled={typedError !== null || unchanged}>
          Guardar código
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * Temporada: the player's line in the current season (rank, points, place, TOR code, stores).
 * On their own profile (`editable`) they set their Código TOR here.
 */
export function SeasonStanding({ userId, editable = false }: { userId: number; editable?: boolean }) {
  const standing = useStanding(userId);
  return (
    <ProfileSection title="Temporada">
      {standing.isPending && <Skeleton variant="rounded" height={112} />}
      {standing.isError && <Alert severity="error">{MSG.loadError}</Alert>}
      {standing.data && (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip label={standing.data.rank.name} color="secondary" sx={{ fontWeight: 700 }} />
            <Typography color="textSecondary">
              {standing.data.season ? standing.data.season.name : 'Sin temporada abierta'}
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <Figure label="Puntos" value={standing.data.points} />
            <Figure label="Posición" value={positionText(standing.data)} />
            {!editable && <Figure label="Código TOR" value={standing.data.torCode ?? 'Sin código'} />}
          </Box>
          <Box>
            <Typography variant="caption" color="textSecondary" component="p">
              Tiendas
            </Typography>
            {standing.data.stores.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                Todavía no jugó en ninguna tienda esta temporada.
              </Typography>
            ) : (
              <Box
                component="ul"
                aria-label="Tiendas donde jugó"
                sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', gap: 1, flexWrap: 'wrap' }}
              >
                {standing.data.stores.map((s) => (
                  <Chip key={s.id} component="li" label={s.name} size="small" variant="outlined" />
                ))}
              </Box>
            )}
          </Box>
          {editable && <TorCodeEditor key={standing.data.torCode ?? ''} current={standing.data.torCode} />}
        </Paper>
      )}
    </ProfileSection>
  );
}
