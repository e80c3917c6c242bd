import { z } from 'zod/mini';
import { LIMITS } from './constants';
import * as MSG from './message-texts';
import { EMAIL_PATTERN, USERNAME_PATTERN, hasInvisibleCharacter, normalizeUsername } from './text';

export { EMAIL_PATTERN } from './text';

export const ZEmail = z.pipe(
  z
    .string({ error: MSG.invalidEmail })
    .check(
      z.trim(),
      z.maxLength(LIMITS.emailMax, { error: MSG.invalidEmail }),
      z.regex(EMAIL_PATTERN, { error: MSG.invalidEmail }),
    ),
  z.transform((v) => v.toLowerCase()),
);

export const ZUsername = z.pipe(
  z.pipe(z.string({ error: MSG.usernameMin }), z.transform(normalizeUsername)),
  z.string().check(
    z.minLength(LIMITS.usernameMin, { error: MSG.usernameMin }),
    z.maxLength(LIMITS.usernameMax, { error: MSG.usernameMax }),
    z.regex(USERNAME_PATTERN, { error: MSG.usernameChars }),
    z.refine((name) => !hasInvisibleCharacter(name), { error: MSG.usernameInvisible }),
  ),
);

export const ZPassword = z
  .string({ error: MSG.passwordMin })
  .check(
    z.minLength(LIMITS.passwordMin, { error: MSG.passwordMin }),
    z.maxLength(LIMITS.passwordMax, { error: MSG.passwordMax }),
  );

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: z
    .string({ error: MSG.badCredentials })
    .check(
      z.minLength(1, { error: MSG.badCredentials }),
      z.maxLength(LIMITS.passwordMax, { error: MSG.badCredentials }),
    ),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZRegisterRequest = z.strictObject({
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  /** The code a store gave a player it added before they had an account: the account becomes theirs. */
  invitationCode: z.optional(z.string().check(z.trim(), z.maxLength(40))),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

// The answers (who is signed in, a sign-in's user) are in session.ts.
