import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Paper } from '@mui/material';
import { ADMIN_MSG } from '../admin-rules';
import { useTimedNotice } from './timed-alert';

/**
 * An admin "add" form: check the values, store the new entry, then clear the form and say so
 * for 3 s. The first problem found stays on screen until the next try.
 */
export function useAddForm<V>({
  empty,
  validate,
  add,
  success,
}: {
  empty: V;
  validate(values: V): string | null;
  /** Stores the entry; false when the browser refused. */
  add(values: V): boolean;
  success: string;
}) {
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const { notice, show, clear } = useTimedNotice();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(values) ?? (add(values) ? null : ADMIN_MSG.saveError);
    setError(problem);
    if (problem) return;
    setValues(empty);
    show(success);
  };

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  return { values, set, error, notice, clearNotice: clear, submit };
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
        gridTemplateColumns: { xs: '1fr', sm: columns },
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
