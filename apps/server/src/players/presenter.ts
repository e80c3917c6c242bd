import type { TAdminPlayer } from '@mitos/domain/community';
import type { UserRole } from '@mitos/domain/constants';
import type { UserRow } from '../users/repository';

export function presentPlayer(row: UserRow): TAdminPlayer {
  return {
    id: row.id,
    name: row.username,
    torCode: row.torCode,
    role: row.role as UserRole,
    placeholder: row.placeholder,
    createdAt: row.createdAt.toISOString(),
  };
}
