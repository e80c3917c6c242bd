import { useId } from 'react';
import { Alert, FormControlLabel, FormHelperText, Skeleton, Switch } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';
import { usePrivacy, useSetPrivacy } from '../api/privacy';
import { ProfileSection } from './profile-header';

const LABEL = 'Mostrar un resumen de mis partidas aprobadas a quien tenga el enlace';

/** Privacidad: whether a shared match link shows its summary to signed-out visitors (decision 021). */
export function PrivacySettings() {
  const helpId = useId();
  const privacy = usePrivacy();
  const save = useSetPrivacy();
  const checked = save.isPending ? save.variables.publicMatches : (privacy.data?.publicMatches ?? false);
  return (
    <ProfileSection title="Privacidad">
      {privacy.isPending && <Skeleton variant="rounded" height={56} />}
      {privacy.isError && <Alert severity="error">{MSG.loadError}</Alert>}
      {privacy.data && (
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={checked}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ publicMatches: e.target.checked })}
                slotProps={{ input: { 'aria-describedby': helpId } }}
              />
            }
            label={LABEL}
          />
          <FormHelperText id={helpId}>
            Quien abra el enlace de una partida aprobada sin iniciar sesión verá los jugadores, el resultado,
            la fecha y la tienda. Si lo desactivas, tus partidas solo las ven los jugadores registrados; basta
            con que un jugador lo desactive para que la partida no sea pública.
          </FormHelperText>
          {save.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {MSG.privacySaveError}
            </Alert>
          )}
        </div>
      )}
    </ProfileSection>
  );
}
