import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Paper } from '@mui/material';
import { errorMessage } from '../../../lib/api-client';
import { ADMIN_MSG } from '../admin-rules';
import { useTimedNotice } from './timed-alert';

/**
 * An admin "add" form: check the values, send them, then clear the form and say so for 3 s. The
 * first problem found (the form's own or the server's refusal, in Spanish) stays on screen until
 * the next try.
 */
export function useAddForm<V>({
  empty,
  validate,
  add,
  success,
}: {
  empty: V;
  validate(values: V): string | null;
  /** Sends the entry; a refusal is thrown. */
  add(values: V): Promise<unknown>;
  success: string;
}) {
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { notice, show, clear } = useTimedNotice();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problem = validate(values);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await add(values);
      setValues(empty);
      show(success);
    } catch (err) {
      setError(errorMessage(err, ADMIN_MSG.saveError));
    } finally {
      setSending(false);
    }
  };

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  return { values, setValues, set, error, sending, notice, clearNotice: clear, submit };
}

export function AddFormCard({
  label,
  error,
  onSubmit,
  columns,
  children,
}: {
  label: string;
  error: string | null;
  onSubmit(event: FormEvent): void;
  /** Grid columns from the sm breakpoint up; one column on phones. */
  columns: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      variant="outlined"
      sx={{
        p: 2,
        mb: 3,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: columns },
        alignItems: 'start',
      }}
    >
      {error && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}
