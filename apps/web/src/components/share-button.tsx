import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ShareIcon from '@mui/icons-material/Share';
import * as MSG from '@mitos/domain/message-texts';
import { useSnackbar } from '../lib/snackbar';

export interface ShareButtonProps {
  /** What the share sheet shows as the title and text. */
  title: string;
  text: string;
  /** The app's own path of what is shared (/match/12); shared as an absolute address. */
  path: string;
  /** An icon alone (named Compartir all the same), where a row has no room for the word. */
  iconOnly?: boolean;
}

/** The app's absolute address of a path, as a link outside the app needs it. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

const cancelled = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Compartir: the device's share sheet (Web Share API) when it has one; otherwise the link is
 * copied, with "Enlace copiado"; when even the clipboard is out of reach (an http address on a
 * store's network), a dialog shows the link to copy by hand.
 */
export function ShareButton({ title, text, path, iconOnly = false }: ShareButtonProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [manual, setManual] = useState<string | null>(null);

  const share = async () => {
    const url = absoluteUrl(path);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (err) {
        // The player closed the sheet: nothing to say. Any other refusal falls back to copying.
        if (cancelled(err)) return;
      }
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(MSG.linkCopied, { variant: 'success' });
    } catch {
      setManual(url);
    }
  };

  return (
    <>
      {iconOnly ? (
        <Tooltip title="Compartir">
          <IconButton aria-label="Compartir" color="primary" onClick={() => void share()}>
            <ShareIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()}>
          Compartir
        </Button>
      )}
      <Dialog open={manual !== null} onClose={() => setManual(null)} fullWidth maxWidth="sm">
        <DialogTitle>Compartir</DialogTitle>
        <DialogContent>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            Copia este enlace para compartirlo.
          </Typography>
          <TextField
            label="Enlace"
            value={manual ?? ''}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(e) => e.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setManual(null)}>Cerrar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
