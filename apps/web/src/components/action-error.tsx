import { useCallback, useState } from 'react';
import { Alert } from '@mui/material';
import type { ActionResult } from '../api/match-actions';

/**
 * The message of the last match action a screen ran: shown until dismissed, replaced by the next
 * action's outcome (a success or a quiet failure clears it). `report` takes an action's result.
 */
export function useActionError() {
  const [error, setError] = useState<string | null>(null);
  const report = useCallback((result: ActionResult | null) => {
    if (result) setError(result.ok ? null : result.error);
  }, []);
  const alert = error ? (
    <Alert severity="error" onClose={() => setError(null)}>
      {error}
    </Alert>
  ) : null;
  return { error, setError, report, alert };
}
