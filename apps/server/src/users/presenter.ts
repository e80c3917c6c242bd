import type { TPublicUser, TSelfUser } from '@mitos/domain/users';
import type { UserRole } from '@mitos/domain/constants';
import type { UserRow } from './repository';

export function presentPublicUser(row: UserRow): TPublicUser {
  return {
    id: row.id,
    username: row.username,
    created_at: row.createdAt.toISOString(),
    role: row.role as UserRole,
  };
}

export function presentSelfUser(row: UserRow, token?: string): TSelfUser {
  return { ...presentPublicUser(row), email: row.email, ...(token ? { token } : {}) };
}
