import { lazy, Suspense, type ReactElement } from 'react';

// MUI's Tooltip brings Popper and its transitions (some 12 kB gzipped): it loads after the first
// paint, and until then the element shows as it is, without its tooltip (docs/decisions/022-js).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** MUI's Tooltip, loaded apart from the screen that shows it. */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
