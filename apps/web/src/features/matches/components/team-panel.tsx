import {
  Badge,
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemAvatar,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import CancelIcon from '@mui/icons-material/Cancel';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import { Link } from 'react-router';
import type { PlayerApprovalStatus } from '@mitos/domain/constants';
import type { TTeam } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { RaceChip } from '../../../components/race-chip';
import { UserAvatar } from '../../../components/user-avatar';

const APPROVAL_LOOK: Record<
  PlayerApprovalStatus,
  { label: string; Icon: typeof CheckCircleIcon; color: string }
> = {
  approved: { label: 'Aprobó', Icon: CheckCircleIcon, color: 'success.main' },
  pending: { label: 'Pendiente de aprobación', Icon: HourglassTopIcon, color: 'warning.main' },
  rejected: { label: 'Rechazó', Icon: CancelIcon, color: 'error.main' },
  cancelled: { label: 'Cancelada', Icon: RemoveCircleIcon, color: 'text.secondary' },
  processed: { label: 'Procesada', Icon: RemoveCircleIcon, color: 'text.secondary' },
};

/** The deck a player used, with SPEC §3's fallbacks for a missing or deleted deck. */
export function deckOfPlayer(team: TTeam, userId: number): { name: string; raza: string } {
  const deck = team.decks.find((d) => d.user_id === userId);
  if (!deck) return { name: MSG.deckUnavailable, raza: MSG.unknownRace };
  const name = deck.deck_name.trim();
  if (!name) {
    return deck.deck_id !== null
      ? { name: MSG.deckDeleted(deck.deck_id), raza: MSG.unknownRace }
      : { name: MSG.deckNoName, raza: deck.deck_raza || MSG.unknownRace };
  }
  return { name, raza: deck.deck_raza || MSG.unknownRace };
}

/** One team of the match detail: score and players with their approval and deck. */
export function TeamPanel({ team, won }: { team: TTeam; won: boolean }) {
  const title = `Equipo ${team.team_number}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, borderColor: won ? 'primary.main' : undefined, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h3" component="h2" sx={{ color: won ? 'primary.main' : 'text.primary' }}>
          {title}
        </Typography>
        <Typography
          aria-label={`Puntaje: ${team.score}`}
          sx={{ fontSize: 32, fontWeight: 800, lineHeight: 1, color: won ? 'primary.main' : 'text.primary' }}
        >
          {team.score}
        </Typography>
      </Stack>
      {won && (
        <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 700 }}>
          Ganador
        </Typography>
      )}
      <List disablePadding>
        {team.players.map((p) => {
          const look = APPROVAL_LOOK[p.approval_status];
          const deck = deckOfPlayer(team, p.user_id);
          const name = p.username || MSG.fallbackUser;
          return (
            <ListItem key={p.user_id} disablePadding>
              <ListItemButton
                component={Link}
                to={`/user/${p.user_id}`}
                sx={{ borderRadius: 2, px: 1, alignItems: 'flex-start' }}
              >
                <ListItemAvatar sx={{ mt: 0.5 }}>
                  <Badge
                    overlap="circular"
                    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                    badgeContent={
                      <Box
                        component="span"
                        sx={{
                          display: 'flex',
                          bgcolor: 'background.paper',
                          borderRadius: '50%',
                          color: look.color,
                        }}
                      >
                        <look.Icon sx={{ fontSize: 18 }} />
                      </Box>
                    }
                  >
                    <UserAvatar username={name} decorative />
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Stack
                      component="span"
                      direction="row"
                      sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}
                    >
                      <Box
                        component="span"
                        title={name}
                        sx={{
                          maxWidth: '100%',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {name}
                      </Box>
                      <Typography
                        component="span"
                        variant="caption"
                        sx={{ color: look.color, fontWeight: 600 }}
                      >
                        {look.label}
                      </Typography>
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                  secondary={
                    <Stack
                      direction="row"
                      sx={{ alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}
                    >
                      <Typography variant="body2" color="textSecondary" component="span">
                        {deck.name}
                      </Typography>
                      <RaceChip raza={deck.raza} />
                    </Stack>
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
