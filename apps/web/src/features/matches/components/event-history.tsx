import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import BlockIcon from '@mui/icons-material/Block';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import HourglassDisabledIcon from '@mui/icons-material/HourglassDisabledOutlined';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInboxOutlined';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { MATCH_GUARDS } from '@mitos/domain/constants';
import { eventHistory } from '@mitos/domain/match-rules';
import type { MatchEventType, TMatchEvent } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { formatListDate } from '../../../lib/list-date';

const EVENT_TEXT: Record<MatchEventType, (name: string) => string> = {
  created: (name) => `Partida creada por ${name}`,
  approved: (name) => `Aprobada por ${name}`,
  rejected: (name) => `Rechazada por ${name}`,
  cancelled: (name) => `Cancelada por ${name}`,
  rejection_accepted: (name) => `Rechazo aceptado por ${name}`,
  closed: (name) => `Cerrada por ${name}`,
  expired: () =>
    `Cancelada automáticamente: nadie procesó el rechazo en ${MATCH_GUARDS.rejectedExpiryHours / 24} días`,
  entered: (name) => `Resultado cargado por ${name}`,
  annulled: (name) => `Anulada por ${name}`,
  reminded: () => 'Recordatorio enviado a quienes no respondieron',
  escalated: () => 'Enviada al organizador de la tienda: nadie la respondió a tiempo',
  confirmed: (name) => `Confirmada por ${name} (organizador)`,
};

/**
 * "Expirada": the server cancelled the match. After a rejection, nobody processed it (decision
 * 012); otherwise nobody answered the pending match in time (decision 020).
 */
const EXPIRED_PENDING_TEXT = 'Expirada: nadie respondió la partida a tiempo';

const EVENT_ICON: Record<MatchEventType, typeof AddCircleOutlineIcon> = {
  created: AddCircleOutlineIcon,
  approved: CheckCircleOutlineIcon,
  rejected: HighlightOffIcon,
  cancelled: BlockIcon,
  rejection_accepted: DoneAllIcon,
  closed: ArchiveOutlinedIcon,
  expired: HourglassDisabledIcon,
  entered: AssignmentTurnedInIcon,
  annulled: RemoveCircleOutlineIcon,
  reminded: NotificationsActiveIcon,
  escalated: ForwardToInboxIcon,
  confirmed: VerifiedIcon,
};

const EVENT_COLOR: Record<MatchEventType, string> = {
  created: 'primary.main',
  approved: 'success.main',
  rejected: 'error.main',
  cancelled: 'text.secondary',
  rejection_accepted: 'warning.main',
  closed: 'text.secondary',
  expired: 'text.secondary',
  entered: 'primary.main',
  annulled: 'error.main',
  reminded: 'warning.main',
  escalated: 'warning.main',
  confirmed: 'success.main',
};

/** The match's history, oldest first, each event once (SPEC §2 Match detail). */
export function EventHistory({ events }: { events: readonly TMatchEvent[] }) {
  const history = eventHistory(events);
  const afterRejection = history.some((e) => e.type === 'rejected');
  if (history.length === 0) {
    return <Typography color="textSecondary">Sin eventos registrados</Typography>;
  }
  return (
    <List dense disablePadding aria-label="Historial de la partida">
      {history.map((e) => {
        const Icon = EVENT_ICON[e.type];
        return (
          <ListItem key={`${e.type}-${e.user_id ?? ''}-${e.at}`} disableGutters>
            <ListItemIcon sx={{ minWidth: 36, color: EVENT_COLOR[e.type] }}>
              <Icon fontSize="small" aria-hidden />
            </ListItemIcon>
            <ListItemText
              primary={
                e.type === 'expired' && !afterRejection
                  ? EXPIRED_PENDING_TEXT
                  : EVENT_TEXT[e.type](e.username || MSG.unknownUser)
              }
              secondary={formatListDate(e.at)}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
