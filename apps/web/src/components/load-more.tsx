import { useEffect, useRef } from 'react';
import { Box, CircularProgress } from '@mui/material';

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
}

/**
 * Loads the next page when the end of a list scrolls into view (with a margin, so the page is
 * there before the player reaches it), and keeps loading while the end stays in view.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore && !loading) return null;
  return (
    <Box ref={ref} sx={{ display: 'flex', justifyContent: 'center', py: 2, minHeight: 56 }}>
      {loading && <CircularProgress size={28} aria-label="Cargando más partidas" />}
    </Box>
  );
}
