import { useState, type MouseEvent } from 'react';
import { Badge } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import * as MSG from '@mitos/domain/message-texts';
import { BottomBarItem } from '../../../components/bottom-bar-item';
import { useInbox } from '../../../api/inbox';
import { NotificationMenu } from './notification-menu';

export interface NotificationBellIconProps {
  count?: number;
  /** The live connection is down: a small warning dot, shown only when there is something to see. */
  disconnected?: boolean;
}

/** The bell of the bottom bar: the notification count as a badge. */
export function NotificationBellIcon({ count = 0, disconnected = false }: NotificationBellIconProps) {
  return (
    <Badge
      variant="dot"
      color="warning"
      invisible={!(disconnected && count > 0)}
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      data-testid="notification-warning-dot"
    >
      <Badge badgeContent={count} color="error" max={99}>
        <NotificationsIcon />
      </Badge>
    </Badge>
  );
}

const MENU_ID = 'notification-menu';

/**
 * The bottom bar's Notif item: the bell with its count, opening the latest-notification
 * dropdown. Opening refreshes the lists when the live connection is up (otherwise they may be
 * stale, but asking again would not make them fresher than the count).
 */
export function NotificationBell({ active = false }: { active?: boolean }) {
  const { count, connected, refreshLists } = useInbox();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const warn = !connected && count > 0;
  const label = [
    'Notif',
    count === 1 ? '1 pendiente' : count > 1 ? `${count} pendientes` : null,
    warn ? MSG.wsError : null,
  ]
    .filter(Boolean)
    .join(', ');

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    if (connected) void refreshLists().catch(() => {});
  };

  return (
    <>
      <BottomBarItem
        label="Notif"
        icon={<NotificationBellIcon count={count} disconnected={!connected} />}
        active={active || anchor !== null}
        onClick={open}
        aria-label={label}
        aria-expanded={anchor !== null}
        aria-controls={anchor ? MENU_ID : undefined}
      />
      <NotificationMenu id={MENU_ID} anchorEl={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
