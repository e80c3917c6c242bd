import { Box, Paper, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { formatDay } from '../../lib/dates';
import { TournamentScreen } from './components/tournament-screen';
import { calendarMilestones } from './tournament-rules';

export default function CalendarPage() {
  return (
    <TournamentScreen title="Calendario">
      {(tournament) => (
        <Box component="ol" aria-label="Calendario del torneo" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {calendarMilestones(tournament.startDate).map((m) => (
            <Paper
              key={m.title}
              component="li"
              variant="outlined"
              sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, mb: 1.5 }}
            >
              <EventIcon color="primary" aria-hidden />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{m.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDay(m.date)}
                </Typography>
              </Box>
            </Paper>
          ))}
        </Box>
      )}
    </TournamentScreen>
  );
}
