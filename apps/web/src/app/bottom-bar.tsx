import { Box, Fab, Paper } from '@mui/material';
import { Link, useLocation } from 'react-router';
import HomeIcon from '@mui/icons-material/Home';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import AddIcon from '@mui/icons-material/Add';
import { BottomBarItem } from '../components/bottom-bar-item';
import { NotificationBell } from '../features/inbox/components/notification-bell';
import { LAYOUT } from '../lib/ui-constants';

export type BottomSection = 'inicio' | 'torneos' | 'partidas' | 'notif' | null;

/** Which bar item a path belongs to; /profile sits on the bell's slot (SPEC §2). */
export function bottomSection(pathname: string): BottomSection {
  if (pathname === '/') return 'inicio';
  if (pathname === '/torneos' || pathname.startsWith('/torneos/') || pathname === '/metagame')
    return 'torneos';
  if (pathname === '/my-matches') return 'partidas';
  if (pathname === '/notifications' || pathname === '/profile') return 'notif';
  return null;
}

const FAB_SIZE = 60;
const FAB_SIZE_HERE = 44;

/** SPEC §2 bottom bar: Inicio, Torneos, the Nueva Partida button, Partidas and the bell. */
export function BottomBar() {
  const { pathname } = useLocation();
  const section = bottomSection(pathname);
  const onNewMatch = pathname === '/new-match';
  const fabSize = onNewMatch ? FAB_SIZE_HERE : FAB_SIZE;

  return (
    <Paper
      component="nav"
      aria-label="Navegación principal"
      square
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        height: `${LAYOUT.bottomBarHeight}px`,
        display: 'flex',
        alignItems: 'stretch',
        borderTop: 1,
        borderColor: 'divider',
        boxSizing: 'content-box',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <Box sx={{ display: 'flex', width: '100%', maxWidth: 640, mx: 'auto', position: 'relative' }}>
        <BottomBarItem label="Inicio" to="/" icon={<HomeIcon />} active={section === 'inicio'} />
        <BottomBarItem
          label="Torneos"
          to="/torneos"
          icon={<EmojiEventsIcon />}
          active={section === 'torneos'}
        />
        <Box aria-hidden sx={{ flex: 1, visibility: 'hidden' }} />
        <BottomBarItem
          label="Partidas"
          to="/my-matches"
          icon={<SportsEsportsIcon />}
          active={section === 'partidas'}
        />
        <NotificationBell active={section === 'notif'} />
        <Fab
          component={Link}
          to="/new-match"
          aria-label="Nueva Partida"
          aria-current={onNewMatch ? 'page' : undefined}
          color="primary"
          sx={{
            position: 'absolute',
            left: '50%',
            top: onNewMatch ? 4 : -20,
            transform: 'translateX(-50%)',
            width: fabSize,
            height: fabSize,
            minHeight: fabSize,
            border: '4px solid',
            borderColor: 'background.default',
            boxShadow: 6,
            transition: (t) => t.transitions.create(['width', 'height', 'top']),
            '& svg': { fontSize: onNewMatch ? 24 : 32 },
          }}
        >
          <AddIcon />
        </Fab>
      </Box>
    </Paper>
  );
}
