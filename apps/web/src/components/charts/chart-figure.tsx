import {
  Suspense,
  startTransition,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import TableChartIcon from '@mui/icons-material/TableChart';
import { ScrollTable } from '../scroll-table';
import { visuallyHidden } from '../../lib/visually-hidden';

export interface ChartFigureProps {
  /** The figure's name: its caption, and the name of its table. */
  title: string;
  /** The heading level of the caption within the page. */
  headingLevel?: 'h2' | 'h3';
  /** One line under the title saying what the chart shows. */
  description?: ReactNode;
  /** Controls beside the title (a period toggle…). */
  actions?: ReactNode;
  /** The chart: drawn for the eye only; the table says the same to everyone. */
  chart: ReactNode;
  /** The same numbers as a table, with an accessible name. */
  table: ReactNode;
  /** The chart's height while its code loads. */
  height?: number;
}

/** How near the viewport a chart's place must come for the chart to be drawn. */
export const CHART_MARGIN_PX = 300;

/**
 * Whether the element has come within CHART_MARGIN_PX of the viewport (once true, it stays).
 * A chart below a phone's first screen is not drawn with it: drawing one (axes measured, arcs,
 * bars) took 100–200 ms of a phone's CPU (docs/decisions/029). Without IntersectionObserver,
 * true at once.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: `${CHART_MARGIN_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * A chart with its table: the chart is hidden from screen readers, which read the table instead
 * (kept in the page, out of sight); Ver tabla shows the table to everyone, Ver gráfico brings
 * the chart back. The chart's code loads on demand (the caller passes a lazy chart), and the
 * chart is drawn when its place nears the viewport; a skeleton holds its place meanwhile.
 */
export function ChartFigure({
  title,
  headingLevel = 'h3',
  description,
  actions,
  chart,
  table,
  height = 240,
}: ChartFigureProps) {
  const id = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const showTable = view === 'table';
  // The figure is watched, not the chart's box: that one goes while the table is shown.
  const place = useRef<HTMLElement>(null);
  const near = useNearViewport(place);
  return (
    <Box
      ref={place}
      component="figure"
      aria-labelledby={`${id}-title`}
      sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography
          id={`${id}-title`}
          component={headingLevel}
          sx={{ fontWeight: 700, fontSize: '1rem', flex: '1 1 auto' }}
        >
          {title}
        </Typography>
        {actions}
        <Button
          size="small"
          variant="text"
          startIcon={showTable ? <BarChartIcon aria-hidden /> : <TableChartIcon aria-hidden />}
          // The visible words first, then which figure: several figures share a page.
          aria-label={`${showTable ? 'Ver gráfico' : 'Ver tabla'} de ${title}`}
          aria-controls={`${id}-body`}
          onClick={() => setView(showTable ? 'chart' : 'table')}
        >
          {showTable ? 'Ver gráfico' : 'Ver tabla'}
        </Button>
      </Box>
      {description && (
        <Typography variant="body2" color="textSecondary">
          {description}
        </Typography>
      )}
      <Box id={`${id}-body`} sx={{ minWidth: 0, position: 'relative' }}>
        {showTable ? (
          <ScrollTable label={`Tabla: ${title}`}>{table}</ScrollTable>
        ) : (
          <>
            <Box aria-hidden data-testid="chart" sx={{ minWidth: 0 }}>
              {near ? (
                <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{chart}</Suspense>
              ) : (
                <Skeleton variant="rounded" height={height} />
              )}
            </Box>
            <Box sx={visuallyHidden}>{table}</Box>
          </>
        )}
      </Box>
    </Box>
  );
}
