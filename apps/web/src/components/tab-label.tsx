import { Box } from '@mui/material';

/**
 * A tab's text with its count beside it. Inline rather than a floating badge: a badge over the
 * corner of a full-width tab gets clipped by the tab strip on a phone.
 */
export function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {text}
      {count > 0 && (
        <Box
          component="span"
          sx={{
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: 10,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: 12,
            fontWeight: 700,
            lineHeight: '20px',
            textAlign: 'center',
          }}
        >
          {count > 99 ? '99+' : count}
        </Box>
      )}
    </Box>
  );
}
