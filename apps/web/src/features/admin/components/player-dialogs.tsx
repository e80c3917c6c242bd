import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { TAdminPlayer } from '@mitos/domain/community';
import { USER_ROLES, type UserRole } from '@mitos/domain/constants';
import { useUpdatePlayer } from '../../../api/admin';
import { errorMessage } from '../../../lib/api-client';
import { ADMIN_MSG, ROLE_LABELS } from '../admin-rules';

/**
 * The invitation code of a player just added, shown this once (the server keeps only its hash):
 * the organiser hands it over so the player claims the account when registering.
 */
export function InvitationDialog({
  invitation,
  onClose,
}: {
  invitation: { name: string; code: string } | null;
  onClose(): void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const [shown, setShown] = useState(invitation);
  if (invitation && invitation !== shown) {
    setShown(invitation);
    setCopied(null);
  }
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.code);
      setCopied('Código copiado');
    } catch {
      setCopied('No se pudo copiar: cópialo a mano');
    }
  };
  return (
    <Dialog
      open={invitation !== null}
      onClose={onClose}
      aria-labelledby="invitation-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="invitation-title">Jugador agregado</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          Código de invitación:{' '}
          <Box component="strong" sx={{ fontFamily: 'monospace', fontSize: '1.1em', whiteSpace: 'nowrap' }}>
            {shown?.code}
          </Box>{' '}
          — entrégaselo al jugador para que lo use al registrarse
        </DialogContentText>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Solo se muestra esta vez.
        </Typography>
        <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
          {copied}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copiar código
        </Button>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface EditPlayerDialogProps {
  /** The player being edited; kept while the dialog fades out. */
  player: TAdminPlayer | null;
  open: boolean;
  /** Only admins change roles. */
  isAdmin: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Jugadores › edit: name and TOR code, and the role for admins. */
export function EditPlayerDialog({ player, open, isAdmin, onClose, onSaved }: EditPlayerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="edit-player-title" fullWidth maxWidth="xs">
      {player && (
        <EditPlayerForm
          key={player.id}
          player={player}
          isAdmin={isAdmin}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function EditPlayerForm({
  player,
  isAdmin,
  onClose,
  onSaved,
}: Omit<EditPlayerDialogProps, 'open' | 'player'> & { player: TAdminPlayer }) {
  const [name, setName] = useState(player.name);
  const [torCode, setTorCode] = useState(player.torCode ?? '');
  const [role, setRole] = useState<UserRole>(player.role);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePlayer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(ADMIN_MSG.fillAllFields);
      return;
    }
    setError(null);
    update.mutate(
      {
        id: player.id,
        name: name.trim(),
        torCode: torCode.trim() === '' ? null : torCode.trim(),
        ...(isAdmin && role !== player.role ? { role } : {}),
      },
      { onSuccess: onSaved, onError: (err) => setError(errorMessage(err, ADMIN_MSG.saveError)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="edit-player-title">Editar Jugador</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Nombre"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            fullWidth
          />
          <TextField
            label="Código TOR"
            value={torCode}
            onChange={(e) => setTorCode(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
          />
          {isAdmin && (
            <TextField
              select
              label="Rol"
              value={role}
              onChange={(e) => setRole(e.target.value as UserRole)}
              fullWidth
            >
              {USER_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          Guardar Cambios
        </Button>
      </DialogActions>
    </form>
  );
}
