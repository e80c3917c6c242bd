import { Fragment, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { useDrawnData } from '../lib/drawn-data';

/**
 * The panel of a row of tabs, drawn after the tab chosen is marked (docs/decisions/049). A tab's
 * cards drawn in the tap's own task made it one long task on a phone's CPU (200–400 ms at 4×,
 * session 39); here the tabs show the new choice at once, and the panel catches up in a
 * transition, in slices, the tab shown before staying meanwhile, marked busy.
 */
export function DrawnTabPanel<T extends number>({
  tab,
  panelId,
  tabId,
  children,
}: {
  /** The tab chosen. */
  tab: T;
  /** The panel's id for a tab (each tab's aria-controls). */
  panelId(tab: T): string;
  /** The id of a tab (the panel is labelled by the tab it shows). */
  tabId(tab: T): string;
  /** What the panel shows for a tab. */
  children(tab: T): ReactNode;
}) {
  const { drawn: shown, current } = useDrawnData(tab);
  return (
    <Box
      role="tabpanel"
      id={panelId(shown)}
      aria-labelledby={tabId(shown)}
      aria-busy={current ? undefined : true}
      sx={{ pt: 2 }}
    >
      {/* Each tab's content its own: two tabs drawing the same component share no state. */}
      <Fragment key={shown}>{children(shown)}</Fragment>
    </Box>
  );
}
