import { useEffect, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, FormGroup, Skeleton, Switch, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import * as MSG from '@mitos/domain/message-texts';
import type { TPushPreferences } from '@mitos/domain/push';
import { errorMessage } from '../../../lib/api-client';
import { activatePush, currentSubscription, deactivatePush, pushSupported } from '../../../lib/push-device';
import { usePushPreferences, useSavePushPreferences } from '../api/push';
import { ProfileSection } from './profile-header';

export const PUSH_KIND_LABELS: Record<keyof TPushPreferences, string> = {
  approval: 'Partidas que esperan tu aprobación',
  rejected: 'Partidas rechazadas',
  announcement: 'Comunicados de torneos',
  reminder: 'Recordatorios',
};

export const PUSH_TEXT = {
  title: 'Notificaciones push',
  unsupported: 'Este navegador no admite notificaciones push.',
  denied:
    'Bloqueaste las notificaciones para este sitio. Para recibirlas, permítelas en la configuración del navegador (en el candado junto a la dirección, Notificaciones → Permitir) y vuelve a cargar la página.',
  off: 'Recibe un aviso en este dispositivo cuando una partida espera tu aprobación, cuando rechazan una partida tuya, cuando tus torneos publican un comunicado y como recordatorio.',
  on: 'Este dispositivo recibe notificaciones push. Elige cuáles:',
  activate: 'Activar notificaciones en este dispositivo',
  deactivate: 'Desactivar en este dispositivo',
  failed: 'No se pudieron activar las notificaciones. Intenta nuevamente.',
  saveFailed: 'No se pudo guardar tu elección. Intenta nuevamente.',
} as const;

type DeviceState = 'checking' | 'off' | 'on' | 'denied';

function initialState(): DeviceState {
  return Notification.permission === 'denied' ? 'denied' : 'checking';
}

function KindSwitches() {
  const preferences = usePushPreferences(true);
  const save = useSavePushPreferences();
  if (preferences.isPending) return <Skeleton variant="rounded" height={160} />;
  if (preferences.isError)
    return <Alert severity="error">{errorMessage(preferences.error, MSG.loadError)}</Alert>;
  const choices = preferences.data;
  return (
    <>
      {save.isError && <Alert severity="error">{errorMessage(save.error, PUSH_TEXT.saveFailed)}</Alert>}
      <FormGroup>
        {(Object.keys(PUSH_KIND_LABELS) as (keyof TPushPreferences)[]).map((kind) => (
          <FormControlLabel
            key={kind}
            label={PUSH_KIND_LABELS[kind]}
            control={
              <Switch
                checked={choices[kind]}
                onChange={(event) => save.mutate({ ...choices, [kind]: event.target.checked })}
              />
            }
          />
        ))}
      </FormGroup>
    </>
  );
}

/**
 * Notificaciones push of the profile (docs/decisions/019): the browser asks for the permission
 * only when the player presses Activar, never on a visit.
 */
function DevicePush() {
  const [state, setState] = useState<DeviceState>(initialState);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setState(subscription ? 'on' : 'off'),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [state]);

  const run = async (work: () => Promise<DeviceState | null>) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await work();
      if (next) setState(next);
    } catch (err) {
      setFailure(errorMessage(err, PUSH_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };

  const activate = () =>
    run(async () => {
      const result = await activatePush();
      return result === 'subscribed' ? 'on' : result === 'denied' ? 'denied' : null;
    });
  const deactivate = () =>
    run(async () => {
      await deactivatePush();
      return 'off';
    });

  if (state === 'checking') return <Skeleton variant="rounded" height={40} />;
  if (state === 'denied') return <Alert severity="warning">{PUSH_TEXT.denied}</Alert>;
  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Typography color="textSecondary">{state === 'on' ? PUSH_TEXT.on : PUSH_TEXT.off}</Typography>
      {state === 'on' && <KindSwitches />}
      <Box>
        {state === 'on' ? (
          <Button
            variant="outlined"
            startIcon={<NotificationsOffIcon />}
            onClick={() => void deactivate()}
            disabled={busy}
          >
            {PUSH_TEXT.deactivate}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<NotificationsActiveIcon />}
            onClick={() => void activate()}
            disabled={busy}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {PUSH_TEXT.activate}
          </Button>
        )}
      </Box>
    </>
  );
}

export function PushSettings() {
  return (
    <ProfileSection title={PUSH_TEXT.title}>
      {pushSupported() ? (
        <DevicePush />
      ) : (
        <Typography color="textSecondary">{PUSH_TEXT.unsupported}</Typography>
      )}
    </ProfileSection>
  );
}
