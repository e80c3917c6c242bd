import { DialogTitle } from '@mui/material';

/** What names the tournament form's dialog (its aria-labelledby). */
export const TITLE_ID = 'tournament-form-title';

/** Crear Torneo / Editar torneo: the form's own title, and the one shown while the form loads. */
export function TournamentFormTitle({ editing }: { editing: boolean }) {
  return <DialogTitle id={TITLE_ID}>{editing ? 'Editar torneo' : 'Crear Torneo'}</DialogTitle>;
}
