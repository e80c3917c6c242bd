import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { TDeck } from '@mitos/domain/decks';
import type { Race } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';
import { errorMessage } from '../../lib/api-client';
import { useCreateDeck, useUpdateDeck } from '../../api/decks';
import { DeckFields, deckBody, EMPTY_DECK } from './deck-fields';
import { useDeckForm } from './use-deck-form';

interface DeckFormDialogProps {
  /** The deck to edit; without it the dialog creates one. */
  deck?: TDeck;
  /** The user's decks, for the unique-name rule. */
  decks: readonly TDeck[];
  withDescription: boolean;
  onClose(): void;
}

/** Create or edit a deck in a dialog. Mount it only while open so each opening starts fresh. */
export function DeckFormDialog({ deck, decks, withDescription, onClose }: DeckFormDialogProps) {
  const form = useDeckForm(
    decks,
    deck ? { name: deck.name, description: deck.description ?? '', raza: deck.raza as Race } : EMPTY_DECK,
    deck?.id,
  );
  const create = useCreateDeck();
  const update = useUpdateDeck();
  const pending = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = deck ? `edit-deck-${deck.id}` : 'create-deck';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    form.touchName();
    if (form.error || pending) return;
    setFailure(null);
    try {
      if (deck) await update.mutateAsync({ id: deck.id, ...deckBody(form.values, withDescription) });
      else await create.mutateAsync(deckBody(form.values, withDescription));
      onClose();
    } catch (err) {
      setFailure(errorMessage(err, deck ? MSG.deckUpdateError : MSG.deckCreateError));
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{deck ? 'Editar Mazo' : 'Nuevo Mazo'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <DeckFields
            values={form.values}
            onChange={form.setValues}
            nameError={form.shownError}
            onNameBlur={form.touchName}
            withDescription={withDescription}
            autoFocus
            disabled={pending}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.error !== null || pending}
            aria-busy={pending}
          >
            {deck ? 'Guardar' : 'Crear Mazo'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
