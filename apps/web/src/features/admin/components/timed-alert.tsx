import { useCallback, useEffect, useState } from 'react';
import { Alert, type AlertColor } from '@mui/material';
import { TIMINGS } from '../../../lib/ui-constants';

interface Notice {
  text: string;
  severity: AlertColor;
  /** Makes a repeated text restart its timer. */
  key: number;
}

let sequence = 0;

/** A message that clears itself after 3 s (SPEC §9) and can be closed sooner. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TIMINGS.adminMessageMs);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback(
    (text: string, severity: AlertColor = 'success') => setNotice({ text, severity, key: ++sequence }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

export function TimedAlert({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  if (!notice) return null;
  return (
    <Alert severity={notice.severity} onClose={onClose} sx={{ mb: 2 }}>
      {notice.text}
    </Alert>
  );
}
