import { IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { UserAvatar } from './user-avatar';

/** A player picked for a team: avatar, name and the button that takes them out again. */
export function ChosenPlayer({ username, onRemove }: { username: string; onRemove(): void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
      <UserAvatar username={username} size={32} decorative />
      <Typography noWrap title={username} sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
        {username}
      </Typography>
      <IconButton size="small" aria-label={`Quitar a ${username}`} onClick={onRemove}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
