import { Avatar, Box } from '@mui/material';
import { initialOf } from '../../../lib/text';

/** A store's logo, or its initial when it has none, then its name. */
export function StoreMark({
  name,
  logoUrl,
  size = 24,
}: {
  name: string;
  logoUrl: string | null;
  size?: number;
}) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {logoUrl ? (
        <Box
          component="img"
          src={logoUrl}
          alt=""
          sx={{ width: size, height: size, borderRadius: 1, flexShrink: 0, objectFit: 'contain' }}
        />
      ) : (
        <Avatar
          aria-hidden
          variant="rounded"
          sx={{ width: size, height: size, fontSize: size * 0.5, flexShrink: 0, bgcolor: 'primary.dark' }}
        >
          {initialOf(name)}
        </Avatar>
      )}
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Box>
    </Box>
  );
}
