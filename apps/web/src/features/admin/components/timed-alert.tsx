import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, IconButton, type AlertColor } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { TIMINGS } from '../../../lib/ui-constants';

interface Notice {
  text: string;
  severity: AlertColor;
  /** A button beside the text (Deshacer). */
  action?: ReactNode;
  /** How long it stays: SPEC §9's 3 s unless an action needs longer. */
  ms: number;
  /** Makes a repeated text restart its timer. */
  key: number;
}

let sequence = 0;

export interface NoticeOptions {
  severity?: AlertColor;
  action?: ReactNode;
  ms?: number;
}

/** A message that clears itself after 3 s (SPEC §9) and can be closed sooner. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.ms);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback(
    (text: string, { severity = 'success', action, ms = TIMINGS.adminMessageMs }: NoticeOptions = {}) =>
      setNotice({ text, severity, action, ms, key: ++sequence }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

export function TimedAlert({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  if (!notice) return null;
  return (
    <Alert
      key={notice.key}
      severity={notice.severity}
      onClose={onClose}
      sx={{ mb: 2, alignItems: 'center' }}
      // An action replaces the close button: both are kept.
      action={
        notice.action && (
          <>
            {notice.action}
            <IconButton size="small" color="inherit" aria-label="Cerrar" title="Cerrar" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        )
      }
      closeText="Cerrar"
    >
      {notice.text}
    </Alert>
  );
}
