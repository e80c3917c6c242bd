import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { LOGO_MAX_BYTES, LOGO_TYPES, type TStore } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { communityChanged, saveStore, uploadStoreLogo } from '../../../api/community';
import { useSnackbar } from '../../../lib/snackbar';
import { writeErrorMessage } from '../ranking';

const LOGO_KIB = LOGO_MAX_BYTES / 1024;

/** Why a chosen logo file cannot be sent, or null (the server checks again, and its contents). */
export function logoFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return MSG.logoWrongType;
  if (file.size > LOGO_MAX_BYTES) return MSG.logoTooLarge(LOGO_KIB);
  return null;
}

interface Values {
  name: string;
  neighborhood: string;
  city: string;
  address: string;
}

/**
 * Nueva Tienda (admins) or Editar tienda (admins, the store's organisers): name, neighbourhood,
 * city, optional address and logo. The store is saved first, then its logo; when the logo is
 * refused the store exists already, so the dialog stays open on it to try another file.
 */
export function StoreDialog({
  store,
  onClose,
}: {
  store: TStore | null;
  onClose(saved: TStore | null): void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const logoId = useId();
  const [values, setValues] = useState<Values>({
    name: store?.name ?? '',
    neighborhood: store?.location.neighborhood ?? '',
    city: store?.location.city ?? 'Buenos Aires',
    address: store?.address ?? '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Created here but its logo was refused: further saves edit it.
  const [savedId, setSavedId] = useState<number | null>(store?.id ?? null);

  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
    fullWidth: true,
    size: 'small' as const,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (!values.name.trim() || !values.neighborhood.trim() || !values.city.trim()) {
      setError(MSG.fillAllFields);
      return;
    }
    if (fileError) return;
    setSaving(true);
    setError(null);
    let saved: TStore | null = null;
    try {
      saved = await saveStore(
        {
          name: values.name.trim(),
          neighborhood: values.neighborhood.trim(),
          city: values.city.trim(),
          address: values.address.trim() || null,
        },
        savedId,
      );
      setSavedId(saved.id);
      if (file) saved = await uploadStoreLogo(saved.id, file);
      void communityChanged(queryClient);
      enqueueSnackbar(store ? MSG.storeUpdated : MSG.storeCreated, { variant: 'success' });
      onClose(saved);
    } catch (err) {
      if (saved) void communityChanged(queryClient);
      setError(writeErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const title = store ? 'Editar tienda' : 'Nueva Tienda';
  return (
    <Dialog open onClose={() => onClose(null)} fullWidth maxWidth="sm" aria-labelledby="store-dialog-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="store-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Nombre"
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 80 } }}
              {...field('name')}
            />
            <TextField
              label="Barrio"
              required
              slotProps={{ htmlInput: { maxLength: 80 } }}
              {...field('neighborhood')}
            />
            <TextField
              label="Ciudad"
              required
              slotProps={{ htmlInput: { maxLength: 80 } }}
              {...field('city')}
            />
            <TextField
              label="Dirección (opcional)"
              slotProps={{ htmlInput: { maxLength: 200 } }}
              {...field('address')}
            />
            <div>
              <Typography
                component="label"
                htmlFor={logoId}
                variant="body2"
                sx={{ display: 'block', mb: 0.5 }}
              >
                Logo
              </Typography>
              <input
                id={logoId}
                type="file"
                accept={LOGO_TYPES.join(',')}
                aria-describedby={`${logoId}-help`}
                aria-invalid={fileError !== null}
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  setFileError(chosen ? logoFileError(chosen) : null);
                }}
                style={{ maxWidth: '100%' }}
              />
              <FormHelperText id={`${logoId}-help`} error={fileError !== null}>
                {fileError ??
                  (store?.logoUrl
                    ? `Elige un archivo solo para reemplazar el logo actual. PNG, JPEG, WebP o SVG, hasta ${LOGO_KIB} KB.`
                    : `Opcional. PNG, JPEG, WebP o SVG, hasta ${LOGO_KIB} KB.`)}
              </FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(null)}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={saving} disabled={fileError !== null}>
            Guardar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
