import { useState, type FormEvent, type ReactNode } from 'react';
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

function Figure({ label, value }: { label: string; value: ReactNode }) {
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

/** The season's card; while it loads, the same card with placeholders, so nothing moves when it comes. */
function StandingCard({ standing, editable }: { standing: TStanding | undefined; editable: boolean }) {
  return (
    <Paper variant="outlined" aria-busy={!standing} sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {standing ? (
          <Chip label={standing.rank.name} color="secondary" sx={{ fontWeight: 700 }} />
        ) : (
          <Skeleton variant="rounded" width={112} height={32} sx={{ borderRadius: 4 }} />
        )}
        <Typography color="textSecondary">
          {standing ? (standing.season?.name ?? 'Sin temporada abierta') : <Skeleton width={128} />}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          // On a phone the points (a number) leave the place's words the rest of the line.
          gridTemplateColumns: { xs: 'minmax(0, auto) minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Figure label="Puntos" value={standing ? standing.points : <Skeleton width="40%" />} />
        <Figure label="Posición" value={standing ? positionText(standing) : <Skeleton width="70%" />} />
        {!editable && (
          <Figure
            label="Código TOR"
            value={standing ? (standing.torCode ?? 'Sin código') : <Skeleton width="50%" />}
          />
        )}
      </Box>
      <Box>
        <Typography variant="caption" color="textSecondary" component="p">
          Tiendas
        </Typography>
        {!standing ? (
          <Skeleton variant="rounded" width={136} height={24} sx={{ borderRadius: 4 }} />
        ) : standing.stores.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            Todavía no jugó en ninguna tienda esta temporada.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Tiendas donde jugó"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {standing.stores.map((s) => (
              <Chip key={s.id} component="li" label={s.name} size="small" variant="outlined" />
            ))}
          </Box>
        )}
      </Box>
      {editable &&
        (standing ? (
          <TorCodeEditor key={standing.torCode ?? ''} current={standing.torCode} />
        ) : (
          // The editor's own room, unseen and out of reach until the code it edits has come.
          <Box aria-hidden inert sx={{ visibility: 'hidden' }}>
            <TorCodeEditor current={null} />
          </Box>
        ))}
    </Paper>
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
      {standing.isError ? (
        <Alert severity="error">{MSG.loadError}</Alert>
      ) : (
        <StandingCard standing={standing.data} editable={editable} />
      )}
    </ProfileSection>
  );
}
