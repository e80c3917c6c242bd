import type { UserRole } from '@mitos/domain/constants';

/** Who is signed in, as the access token says: what services receive as the acting user. */
export interface SessionUser {
  id: number;
  role: UserRole;
  familyId: string;
}
