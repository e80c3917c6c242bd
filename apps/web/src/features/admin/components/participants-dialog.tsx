import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import type { TLeague } from '@mitos/domain/community';
import {
  useAddLeagueParticipant,
  useLeagueParticipants,
  useRemoveLeagueParticipant,
} from '../../../api/leagues';
import { PlayerSearch } from '../../../components/player-search';
import { errorMessage } from '../../../lib/api-client';
import { ADMIN_MSG } from '../admin-rules';
import { LoadError } from './status-views';

/**
 * A league's participants, first joined first. Its organiser (or an admin) adds anyone through
 * the player search, placeholders included, and removes anyone.
 */
export function ParticipantsDialog({
  league,
  open,
  onClose,
}: {
  /** Kept while the dialog fades out. */
  league: TLeague | null;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="participants-title">
      {league && <Participants key={league.id} league={league} onClose={onClose} />}
    </Dialog>
  );
}

function Participants({ league, onClose }: { league: TLeague; onClose(): void }) {
  const participants = useLeagueParticipants(league.id);
  const add = useAddLeagueParticipant();
  const remove = useRemoveLeagueParticipant();
  const [error, setError] = useState<string | null>(null);
  const report = {
    onSuccess: () => setError(null),
    onError: (err: unknown) => setError(errorMessage(err, ADMIN_MSG.saveError)),
  };

  return (
    <>
      <DialogTitle id="participants-title">Participantes de {league.name}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)} closeText="Cerrar">
            {error}
          </Alert>
        )}
        {league.canManage && league.status !== 'finished' && (
          <Box sx={{ mb: 2, pt: 1 }}>
            <PlayerSearch
              label="Agregar jugador"
              disabled={add.isPending}
              onSelect={(u) => add.mutate({ leagueId: league.id, userId: u.id }, report)}
            />
          </Box>
        )}
        {participants.isError ? (
          <LoadError onRetry={() => void participants.refetch()} />
        ) : participants.isPending ? (
          <Skeleton variant="rectangular" height={96} />
        ) : participants.data.length === 0 ? (
          <Typography color="textSecondary">
            {league.canManage
              ? 'Todavía no hay participantes: agrégalos con la búsqueda.'
              : 'Todavía no hay participantes en esta liga.'}
          </Typography>
        ) : (
          <List dense aria-label="Participantes">
            {participants.data.map((p) => (
              <ListItem
                key={p.id}
                disableGutters
                secondaryAction={
                  league.canManage && (
                    <IconButton
                      edge="end"
                      aria-label={`Quitar a ${p.username}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ leagueId: league.id, userId: p.id }, report)}
                    >
                      <PersonRemoveIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={p.username}
                  secondary={p.torCode ?? undefined}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </>
  );
}
