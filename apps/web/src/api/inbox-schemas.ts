import { z } from 'zod/mini';
import { ZMatchList } from '@mitos/domain/matches';

export { ZMatchList, ZNotificationCount } from '@mitos/domain/matches';

/** SPEC §7: the rejected list may come as a list or as an object holding it. */
export const ZRejectedResponse = z.pipe(
  z.union([ZMatchList, z.object({ matches: ZMatchList })]),
  z.transform((body) => (Array.isArray(body) ? body : body.matches)),
);
