import type { KeyboardEvent, ReactNode } from 'react';
import { styled } from '@mui/material/styles';

/** One tab of a TabBar. */
export interface TabBarTab<T> {
  value: T;
  label: ReactNode;
}

/**
 * The row's look, one class for the row and its tabs (docs/decisions/050): MUI's full-width tabs'
 * measures and colours, the selected tab's line drawn by its own pseudo-element rather than an
 * indicator measured from the tabs' layout.
 */
const Row = styled('div')(({ theme }) => ({
  display: 'flex',
  borderBottom: `1px solid ${theme.palette.divider}`,
  '& > [role="tab"]': {
    ...theme.typography.button,
    position: 'relative',
    // Centred as MUI's: a label wider than its tab on a narrow phone spills over both sides alike.
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: '1 1 0',
    minWidth: 0,
    minHeight: 48,
    padding: '12px 16px',
    margin: 0,
    border: 0,
    borderRadius: 0,
    background: 'none',
    color: theme.palette.text.secondary,
    lineHeight: 1.25,
    textAlign: 'center',
    cursor: 'pointer',
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create(['color', 'background-color'], {
      duration: theme.transitions.duration.shorter,
    }),
    '&::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: -1,
      height: 2,
      backgroundColor: theme.palette.primary.main,
      transform: 'scaleX(0)',
      transition: theme.transitions.create('transform', { duration: theme.transitions.duration.shorter }),
    },
    // Not on a touch screen, where the tab tapped would keep the hover's colour.
    '@media (hover: hover)': { '&:hover': { backgroundColor: theme.palette.action.hover } },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '&[aria-selected="true"]': { color: theme.palette.primary.main },
    '&[aria-selected="true"]::after': { transform: 'scaleX(1)' },
  },
}));

/** The tab a key moves the focus to from `index` among `count` tabs, or undefined for other keys. */
export function tabForKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * A row of tabs across the page's width (WAI-ARIA's tabs pattern), for the two screens that have
 * one (Mis Partidas, Notificaciones). Light where MUI's Tabs re-rendered every tab, measured their
 * layout and serialised their styles in the tap's own task (docs/decisions/050): one styled row of
 * plain buttons. As MUI's: the arrow keys, Home and End move the focus among the tabs, and Enter,
 * Space or a tap chooses one; only the chosen tab is in the page's Tab order.
 */
export function TabBar<T extends number>({
  value,
  onChange,
  label,
  tabs,
  tabId,
  panelId,
}: {
  value: T;
  /** Called with the tab chosen, when it is not the selected one. */
  onChange(next: T): void;
  /** The row's accessible name. */
  label: string;
  tabs: readonly TabBarTab<T>[];
  /** A tab's id, and the id of the panel it shows (aria-controls): the ones its DrawnTabPanel is given. */
  tabId(tab: T): string;
  panelId(tab: T): string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const next = tabForKey(event.key, index, buttons.length);
    if (next === undefined) return;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <Row role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-controls={panelId(tab.value)}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(tab.value);
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </Row>
  );
}
