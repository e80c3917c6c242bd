import { lazy, Suspense, useState } from 'react';
import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import type { TTournamentInput } from '@mitos/domain/tournaments';
import type { TournamentFormValues } from '../tournament-view';
import { TITLE_ID, TournamentFormTitle } from './tournament-form-title';

/**
 * The form and its fields (the date and time pickers among them: about 60 kB gzipped) load when
 * an organiser first opens the dialog, not with the tournament screens every player opens.
 */
const TournamentForm = lazy(() => import('./tournament-form').then((m) => ({ default: m.TournamentForm })));

export interface StoreChoice {
  id: number;
  name: string;
}

export interface TournamentFormDialogProps {
  open: boolean;
  /** Editing when given (Editar torneo); creating otherwise (Crear Torneo). */
  initial: TournamentFormValues | null;
  /** The stores the caller may hold it at. */
  stores: StoreChoice[];
  /** A started tournament only changes its name, rules and schedule. */
  started?: boolean;
  onClose(): void;
  /** Sends it; the refusal to show (in Spanish) when it failed, null when saved. */
  onSubmit(input: TTournamentInput): Promise<string | null>;
}

/**
 * Crear Torneo / Editar torneo. Each opening mounts a fresh form, so that closing forgets what
 * was typed and its messages; the last form stays while the dialog fades out.
 */
export function TournamentFormDialog(props: TournamentFormDialogProps) {
  const { open, initial, onClose } = props;
  const [wasOpen, setWasOpen] = useState(false);
  const [opening, setOpening] = useState<{ key: number; initial: TournamentFormValues | null } | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening({ key: (opening?.key ?? 0) + 1, initial });
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={TITLE_ID}>
      {opening && (
        <Suspense fallback={<FormLoading editing={opening.initial !== null} />}>
          <TournamentForm key={opening.key} {...props} initial={opening.initial} />
        </Suspense>
      )}
    </Dialog>
  );
}

/** The dialog's title and a spinner while its form loads (once, the first time it opens). */
function FormLoading({ editing }: { editing: boolean }) {
  return (
    <>
      <TournamentFormTitle editing={editing} />
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label="Cargando el formulario" />
      </DialogContent>
    </>
  );
}
