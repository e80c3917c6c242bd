import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { TDeck } from '@mitos/domain/decks';
import * as MSG from '@mitos/domain/message-texts';
import { useDeleteDeck } from '../../api/decks';

/** SPEC §2 delete confirmation. Mount it only while open. */
export function DeleteDeckDialog({ deck, onClose }: { deck: TDeck; onClose(): void }) {
  const remove = useDeleteDeck();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(deck.id);
      onClose();
    } catch {
      setFailure(MSG.deckDeleteError);
    }
  };

  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-deck-title"
      aria-describedby="delete-deck-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-deck-title">Confirmar eliminación</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <DialogContentText id="delete-deck-text">
          ¿Estás seguro de que quieres eliminar el mazo &quot;{deck.name}&quot;? Esta acción no se puede
          deshacer.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          Cancelar
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={remove.isPending}
          aria-busy={remove.isPending}
        >
          Eliminar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
