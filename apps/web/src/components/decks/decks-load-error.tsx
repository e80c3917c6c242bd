import { Alert, Button } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';
import { errorMessage } from '../../lib/api-client';

/** SPEC §8: a failed deck load shows "Error: …" with Reintentar. */
export function DecksLoadError({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Reintentar
        </Button>
      }
    >
      Error: {errorMessage(error, MSG.decksLoadError)}
    </Alert>
  );
}
