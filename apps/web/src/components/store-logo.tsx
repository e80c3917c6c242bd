import { Avatar, Box, type SxProps, type Theme } from '@mui/material';

/**
 * A store's logo (`logoUrl`, an image named after the store), or, when it has none, an avatar
 * with the store's initial.
 */
export function StoreLogo({
  store,
  size,
  sx,
}: {
  store: { name: string; logoUrl: string | null };
  size: number;
  sx?: SxProps<Theme>;
}) {
  if (store.logoUrl) {
    return (
      <Box
        component="img"
        src={store.logoUrl}
        alt={store.name}
        loading="lazy"
        sx={[
          { width: size, height: size, objectFit: 'contain', flexShrink: 0 },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      />
    );
  }
  return (
    <Avatar
      role="img"
      aria-label={store.name}
      sx={[
        {
          width: size,
          height: size,
          fontSize: size / 2.4,
          fontWeight: 800,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          flexShrink: 0,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {store.name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
