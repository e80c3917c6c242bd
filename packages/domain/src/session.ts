import { z } from 'zod/mini';
import { ZSelfUser } from './users';

/**
 * The server's answers about the session: who is signed in (GET /api/auth/me) and the user a
 * sign-in or sign-up gives. Apart from auth.ts's requests, whose rules and texts only the sign-in
 * and sign-up forms need: the app's session check, before any screen, loads this module alone.
 */
export const ZAuthUserResponse = z.object({ success: z.literal(true), user: ZSelfUser });
export type TAuthUserResponse = z.infer<typeof ZAuthUserResponse>;

export const ZLoginFailure = z.object({ success: z.literal(false), error: z.string() });

export const ZMeResponse = z.union([
  z.object({ authenticated: z.literal(true), user: ZSelfUser }),
  z.object({ authenticated: z.literal(false), user: z.null() }),
]);
export type TMeResponse = z.infer<typeof ZMeResponse>;
