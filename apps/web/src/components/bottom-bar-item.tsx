import type { MouseEventHandler, ReactNode, Ref } from 'react';
import { ButtonBase, Typography } from '@mui/material';
import { Link } from 'react-router';

export interface BottomBarItemProps {
  label: string;
  icon: ReactNode;
  active?: boolean;
  /** A link item; without it the item is a button (for example the bell that opens its menu). */
  to?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  'aria-haspopup'?: boolean | 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
}

/** One slot of the bottom bar: icon over a short label, blue when it is the current section. */
export function BottomBarItem({
  label,
  icon,
  active = false,
  to,
  onClick,
  ref,
  ...aria
}: BottomBarItemProps) {
  const linkProps = to ? { component: Link, to, 'aria-current': active ? ('page' as const) : undefined } : {};
  return (
    <ButtonBase
      ref={ref as Ref<HTMLButtonElement>}
      {...linkProps}
      {...aria}
      onClick={onClick}
      sx={{
        flex: 1,
        minWidth: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: '2px',
        color: active ? 'primary.main' : 'text.secondary',
        '&:hover': { color: active ? 'primary.light' : 'text.primary' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        '& svg': { fontSize: 22 },
      }}
    >
      {icon}
      <Typography component="span" sx={{ fontSize: 11, lineHeight: 1, fontWeight: active ? 700 : 500 }}>
        {label}
      </Typography>
    </ButtonBase>
  );
}
