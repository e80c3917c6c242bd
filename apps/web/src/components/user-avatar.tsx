import { Avatar, type SxProps, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { initialOf } from '../lib/text';

/** Distinct, readable-on-dark backgrounds; a user always gets the same one. */
const AVATAR_COLORS = [
  '#4f8cff',
  '#f5c542',
  '#43c26b',
  '#ff9b3d',
  '#b57cff',
  '#3fc1c9',
  '#ff6f91',
  '#8bc34a',
];

function colorFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

export interface UserAvatarProps {
  username: string | null | undefined;
  /** Diameter in px. */
  size?: number;
  /** Next to the visible username the avatar adds nothing for a screen reader. */
  decorative?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

/** What every avatar shares, serialized once (lists draw dozens of avatars at every render). */
const AvatarRoot = styled(Avatar)({ fontWeight: 700, color: '#0b1220' });

/** A round avatar with the user's initial; its size and colour are the element's own style. */
export function UserAvatar({ username, size = 40, decorative = false, className, sx }: UserAvatarProps) {
  const name = username ?? '';
  return (
    <AvatarRoot
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name || '?' })}
      className={className}
      sx={sx}
      style={{ width: size, height: size, fontSize: size * 0.45, backgroundColor: colorFor(name) }}
    >
      {initialOf(name)}
    </AvatarRoot>
  );
}
