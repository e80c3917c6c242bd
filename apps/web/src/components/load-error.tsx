import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';

/** A load that failed: the SPEC's text (or the one given) and Reintentar. */
export function LoadError({
  onRetry,
  message = MSG.loadError,
  sx,
}: {
  onRetry(): void;
  message?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
