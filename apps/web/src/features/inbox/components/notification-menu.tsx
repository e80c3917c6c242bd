import { useCallback, useEffect, useRef } from 'react';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  Popover,
  Stack,
  type PopoverActions,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNavigate } from 'react-router';
import * as MSG from '@mitos/domain/message-texts';
import { MatchCard } from '../../../components/match-card';
import { useSession } from '../../../api/session';
import { useInbox, usePendingMatches, useRejectedMatches } from '../../../api/inbox';
import { latestNotification } from '../latest-notification';
import { LAYOUT } from '../../../lib/ui-constants';

export interface NotificationMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  onClose(): void;
}

/** Body of the dropdown: a spinner, the empty text, or the latest notification. */
function Latest({ onOpenMatch, onResize }: { onOpenMatch(id: number): void; onResize(): void }) {
  const { user } = useSession();
  const pending = usePendingMatches();
  const rejected = useRejectedMatches();
  const loading = pending.isPending || rejected.isPending;
  // The menu opens upwards from the bell: when the spinner gives way to a card it must move up.
  useEffect(onResize, [loading, pending.data, rejected.data, onResize]);
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label="Cargando notificaciones" />
      </Box>
    );
  }
  const latest = user ? latestNotification(pending.data ?? [], rejected.data ?? [], user.id) : null;
  if (!latest) {
    return (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        {MSG.noPendingNotifications}
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      <Chip
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        color={latest.kind === 'pending' ? 'warning' : 'error'}
        label={latest.kind === 'pending' ? 'Partida Pendiente' : 'Partida Rechazada'}
      />
      <MatchCard match={latest.match} currentUserId={user?.id} onClick={() => onOpenMatch(latest.match.id)} />
    </Stack>
  );
}

/** SPEC §2 notification dropdown: 360 px wide, at most 80% of the viewport high, page scroll locked. */
export function NotificationMenu({ id, anchorEl, onClose }: NotificationMenuProps) {
  const navigate = useNavigate();
  const { count, connectionError } = useInbox();
  const actions = useRef<PopoverActions>(null);
  const reposition = useCallback(() => actions.current?.updatePosition(), []);
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };

  return (
    <Popover
      id={id}
      action={actions}
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': `${id}-title`,
          sx: {
            width: LAYOUT.notificationMenuWidth,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: '80vh',
            display: 'flex',
            flexDirection: 'column',
            mt: -1,
          },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          id={`${id}-title`}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, mr: 'auto' }}
        >
          Última notificación
        </Typography>
        <Button size="small" onClick={() => go('/notifications')}>
          Ver Todas
        </Button>
        <IconButton size="small" aria-label="Cerrar" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto', flexGrow: 1 }}>
        {connectionError && (
          <Typography variant="caption" color="warning" sx={{ display: 'block', mb: 1 }}>
            {connectionError}
          </Typography>
        )}
        <Latest onOpenMatch={(matchId) => go(`/match/${matchId}`)} onResize={reposition} />
      </Box>
      <Divider />
      <Box sx={{ p: 1.5 }}>
        <Button fullWidth variant="outlined" onClick={() => go('/notifications')}>
          {`Ver todas las notificaciones (${count})`}
        </Button>
      </Box>
    </Popover>
  );
}
