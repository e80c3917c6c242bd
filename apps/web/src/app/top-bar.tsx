import { useId, useState, type ReactNode } from 'react';
import {
  AppBar,
  Box,
  ButtonBase,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import { Link, useLocation } from 'react-router';
import HelpIcon from '@mui/icons-material/Help';
import MenuIcon from '@mui/icons-material/Menu';
import HomeIcon from '@mui/icons-material/Home';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import StyleIcon from '@mui/icons-material/Style';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import type { TSelfUser } from '@mitos/domain/users';
import { useSignOut } from '../api/session';
import { UserAvatar } from '../components/user-avatar';
import { PaletteChip } from '../components/palette-chip';
import { isQaHost } from '../lib/environment';
import { capitalizeFirst } from '../lib/text';
import { LAYOUT } from '../lib/ui-constants';

/** The BETA and QA badges beside the logo: bold, low, never squeezed. */
const BADGE = { fontWeight: 800, height: 22, flexShrink: 0 } as const;

const MENU_LINKS: { label: string; to: string; icon: ReactNode }[] = [
  { label: 'Inicio', to: '/', icon: <HomeIcon fontSize="small" /> },
  { label: 'Ayuda', to: '/help', icon: <HelpIcon fontSize="small" /> },
  { label: 'Nueva Partida', to: '/new-match', icon: <AddCircleIcon fontSize="small" /> },
  { label: 'Mis Partidas', to: '/my-matches', icon: <SportsEsportsIcon fontSize="small" /> },
  { label: 'Mazos', to: '/decks', icon: <StyleIcon fontSize="small" /> },
  { label: 'Perfil', to: '/profile', icon: <PersonIcon fontSize="small" /> },
];

/** SPEC §2 top bar: logo, BETA, QA on QA hosts, help, the user's avatar and name, and the menu. */
export function TopBar({ user }: { user: TSelfUser }) {
  const signOutNow = useSignOut();
  const { pathname } = useLocation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = capitalizeFirst(user.username);
  const qa = isQaHost(window.location.hostname);

  const closeMenu = () => setMenuAnchor(null);
  const signOut = async () => {
    closeMenu();
    await signOutNow();
  };

  return (
    <AppBar
      position="fixed"
      color="default"
      elevation={0}
      sx={{
        height: LAYOUT.topBarHeight,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ height: LAYOUT.topBarHeight, gap: { xs: 0.75, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <Box
          component={Link}
          to="/"
          aria-label="Inicio"
          sx={{
            display: 'flex',
            flexShrink: 0,
            borderRadius: 2,
            '&:focus-visible': { outline: '2px solid' },
          }}
        >
          <img src="/logo.svg" alt="" width={38} height={38} />
        </Box>
        {/* Their looks on the element: no class of their own, with all of a chip's rules again. */}
        <PaletteChip label="BETA" color="secondary" style={{ ...BADGE, letterSpacing: 0.5 }} />
        {qa && <PaletteChip label="QA" color="warning" variant="outlined" style={BADGE} />}
        <Box sx={{ flex: 1, minWidth: 0 }} />
        <IconButton component={Link} to="/help" aria-label="Ayuda" sx={{ color: 'text.secondary' }}>
          <HelpIcon />
        </IconButton>
        <ButtonBase
          component={Link}
          to="/profile"
          aria-label={`Perfil de ${name}`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minWidth: 0,
            borderRadius: 5,
            py: 0.5,
            pl: 0.5,
            pr: { xs: 0.5, sm: 1.5 },
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <UserAvatar username={user.username} size={32} decorative />
          <Typography
            component="span"
            noWrap
            title={name}
            sx={{ fontWeight: 600, maxWidth: { xs: 96, sm: 180 }, fontSize: { xs: 14, sm: 15 } }}
          >
            {name}
          </Typography>
        </ButtonBase>
        <IconButton
          aria-label="Menú"
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={menuAnchor ? true : undefined}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
          edge="end"
        >
          <MenuIcon />
        </IconButton>
        <Menu
          id={menuId}
          anchorEl={menuAnchor}
          open={Boolean(menuAnchor)}
          onClose={closeMenu}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { width: LAYOUT.menuWidth } } }}
        >
          {MENU_LINKS.map((item) => (
            <MenuItem
              key={item.to}
              component={Link}
              to={item.to}
              selected={pathname === item.to}
              onClick={closeMenu}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ))}
          <MenuItem onClick={() => void signOut()}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Cerrar Sesión</ListItemText>
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
