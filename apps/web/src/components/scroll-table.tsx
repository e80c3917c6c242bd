import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Paper, TableContainer, Typography, type SxProps, type Theme } from '@mui/material';

/** True while part of the element lies beyond its right edge. */
export function hasMoreToTheRight(
  el: Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'scrollWidth'>,
): boolean {
  return el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
}

/**
 * A table that scrolls inside its own box on a narrow screen, never the page (issue 14 item 12),
 * with a visible cue (a fade on the right edge and a line under it) while columns lie beyond the
 * edge. The box takes the keyboard focus so the hidden columns can be scrolled to without a mouse.
 */
export function ScrollTable({
  label,
  children,
  outlined = true,
  sx,
}: {
  /** Accessible name of the scrolling region. */
  label: string;
  children: ReactNode;
  outlined?: boolean;
  sx?: SxProps<Theme>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMore(hasMoreToTheRight(el));
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    // The observer's first report comes once the page is laid out for its next paint; measuring
    // here instead would make the browser lay out the whole page at once, inside the effect (on
    // a phone, 35 ms of the first screen's main thread).
    if (observer) {
      observer.observe(el);
      if (el.firstElementChild) observer.observe(el.firstElementChild);
    } else update();
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  return (
    <Box sx={sx}>
      <Box sx={{ position: 'relative' }}>
        <TableContainer
          ref={ref}
          component={outlined ? Paper : 'div'}
          {...(outlined ? { variant: 'outlined' } : {})}
          role="region"
          aria-label={label}
          tabIndex={0}
          sx={{
            overflowX: 'auto',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          {children}
        </TableContainer>
        {more && (
          <Box
            aria-hidden
            data-testid="scroll-fade"
            sx={{
              position: 'absolute',
              top: 0,
              right: 0,
              bottom: 0,
              width: 36,
              pointerEvents: 'none',
              borderRadius: 1,
              background: 'linear-gradient(to right, rgba(10, 15, 28, 0), rgba(10, 15, 28, 0.85))',
            }}
          />
        )}
      </Box>
      {more && (
        <Typography
          variant="caption"
          color="textSecondary"
          component="p"
          sx={{ mt: 0.5, textAlign: 'right' }}
        >
          Desliza la tabla para ver más columnas →
        </Typography>
      )}
    </Box>
  );
}
