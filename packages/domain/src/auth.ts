import { z } from 'zod';
import { LIMITS } from './constants';
import * as MSG from './message-texts';
import { ZSelfUser } from './users';
import { EMAIL_PATTERN, USERNAME_PATTERN, hasInvisibleCharacter, normalizeUsername } from './text';

export { EMAIL_PATTERN } from './text';

export const ZEmail = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, { error: MSG.invalidEmail })
  .regex(EMAIL_PATTERN, { error: MSG.invalidEmail })
  .transform((v) => v.toLowerCase());

export const ZUsername = z
  .string({ error: MSG.usernameMin })
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(LIMITS.usernameMin, { error: MSG.usernameMin })
      .max(LIMITS.usernameMax, { error: MSG.usernameMax })
      .regex(USERNAME_PATTERN, { error: MSG.usernameChars })
      .refine((name) => !hasInvisibleCharacter(name), { error: MSG.usernameInvisible }),
  );

export const ZPassword = z
  .string({ error: MSG.passwordMin })
  .min(LIMITS.passwordMin, { error: MSG.passwordMin })
  .max(LIMITS.passwordMax, { error: MSG.passwordMax });

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: z
    .string({ error: MSG.badCredentials })
    .min(1, { error: MSG.badCredentials })
    .max(LIMITS.passwordMax, { error: MSG.badCredentials }),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZRegisterRequest = z.strictObject({
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  /** The code a store gave a player it added before they had an account: the account becomes theirs. */
  invitationCode: z.string().trim().max(40).optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZAuthUserResponse = z.object({ success: z.literal(true), user: ZSelfUser });
export type TAuthUserResponse = z.infer<typeof ZAuthUserResponse>;

export const ZLoginFailure = z.object({ success: z.literal(false), error: z.string() });

export const ZMeResponse = z.union([
  z.object({ authenticated: z.literal(true), user: ZSelfUser }),
  z.object({ authenticated: z.literal(false), user: z.null() }),
]);
export type TMeResponse = z.infer<typeof ZMeResponse>;
