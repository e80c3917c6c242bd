import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';
import { formatListDate } from '../lib/list-date';
import { discard, readOutbox, retryNow, subscribeOutbox, type OutboxItem } from '../lib/outbox';
import { MatchGrid } from './match-grid';
import { PaletteChip } from './palette-chip';

/** The player's outbox as it is now, following changes made here or in another tab. */
export function useOutbox(userId: number): OutboxItem[] {
  const [read, setRead] = useState<{ userId: number; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void readOutbox(userId).then(
        (items) => {
          if (live) setRead({ userId, items });
        },
        () => {},
      );
    load();
    const off = subscribeOutbox(userId, load);
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return read?.userId === userId ? read.items : [];
}

/** "lucia vs beto": who played, team against team. */
export function outboxTitle(item: OutboxItem): string {
  return `${item.summary.team1.join(', ')} vs ${item.summary.team2.join(', ')}`;
}

function OutboxCard({ item }: { item: OutboxItem }) {
  const [confirming, setConfirming] = useState(false);
  const failed = item.state === 'failed';
  const title = outboxTitle(item);
  const titleId = `outbox-${item.key}`;
  const dialogTitleId = `outbox-discard-${item.key}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <PaletteChip
            color={failed ? 'error' : 'warning'}
            label={failed ? MSG.outboxFailed : MSG.outboxWaiting}
          />
          <Typography variant="body2" color="textSecondary">
            {formatListDate(item.savedAt)}
          </Typography>
        </Stack>
        <Typography
          id={titleId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <Typography variant="body1">{`Resultado: ${item.summary.score[0]} - ${item.summary.score[1]}`}</Typography>
        {failed && item.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {item.error}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          {failed && (
            <Button size="small" variant="outlined" onClick={() => void retryNow(item.userId, item.key)}>
              Reintentar
            </Button>
          )}
          <Button size="small" color="error" onClick={() => setConfirming(true)}>
            Descartar
          </Button>
        </Stack>
      </CardContent>
      {confirming && (
        <Dialog
          open
          onClose={() => setConfirming(false)}
          aria-labelledby={dialogTitleId}
          maxWidth="xs"
          fullWidth
        >
          <DialogTitle id={dialogTitleId}>¿Descartar la partida?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
              <strong>{title}</strong> ({item.summary.score[0]} - {item.summary.score[1]}) todavía no se
              envió. Si la descartas, no se registrará y se perderán sus datos.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>Volver</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                setConfirming(false);
                void discard(item.userId, item.key);
              }}
            >
              Descartar
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

/**
 * The matches saved without a connection that have not reached the server yet (docs/decisions/018),
 * each marked "Pendiente de envío" (or "No se pudo enviar" with the server's reason) with Descartar.
 * Nothing when there are none.
 */
export function OutboxList({ userId }: { userId: number }) {
  const items = useOutbox(userId);
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="outbox-heading" sx={{ mb: 2 }}>
      <Typography id="outbox-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
        Pendientes de envío
      </Typography>
      <MatchGrid>
        {items.map((item) => (
          <li key={item.key}>
            <OutboxCard item={item} />
          </li>
        ))}
      </MatchGrid>
    </Box>
  );
}
