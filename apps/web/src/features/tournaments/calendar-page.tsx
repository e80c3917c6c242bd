import { Box, Paper, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventIcon from '@mui/icons-material/Event';
import { formatCommunityLongDate } from '../../lib/community-time';
import { TournamentScreen } from './components/tournament-screen';
import { PaletteChip } from '../../components/palette-chip';

/**
 * Calendario: the tournament's real milestones (sign-up, check-in, start, each Swiss round, the
 * top cut, the end) as the server lists them, each with its local date and whether it happened.
 */
export default function CalendarPage() {
  return (
    <TournamentScreen title="Calendario">
      {(tournament) => (
        <Box component="ol" aria-label="Calendario del torneo" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {tournament.calendar.map((m, index) => (
            <Paper
              key={`${index}-${m.label}`}
              component="li"
              variant="outlined"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                p: 2,
                mb: 1.5,
                opacity: m.done ? 0.85 : 1,
              }}
            >
              {m.done ? (
                <CheckCircleIcon color="success" aria-hidden />
              ) : (
                <EventIcon color="primary" aria-hidden />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{m.label}</Typography>
                <Typography
                  variant="body2"
                  color="textSecondary"
                  sx={{ '&::first-letter': { textTransform: 'uppercase' } }}
                >
                  {m.at ? formatCommunityLongDate(m.at) : 'Fecha a confirmar'}
                </Typography>
              </Box>
              <PaletteChip
                variant="outlined"
                color={m.done ? 'success' : 'default'}
                label={m.done ? 'Cumplido' : 'Próximo'}
              />
            </Paper>
          ))}
        </Box>
      )}
    </TournamentScreen>
  );
}
