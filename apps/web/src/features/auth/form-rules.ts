import { LIMITS } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';
import { EMAIL_PATTERN, normalizeUsername, usernameError } from '@mitos/domain/text';

// The sign-in and registration form rules, without zod: the login screen is in the first
// download and does not need the schemas to check a form.

/** Client-side checks of the login form (SPEC §5). */
export function loginFormError(email: string): string | null {
  if (email !== '' && !EMAIL_PATTERN.test(email.trim())) return MSG.invalidEmail;
  return null;
}

/** Client-side checks of the register form (SPEC §5), one message per field. */
export function registerFormErrors(values: {
  username: string;
  email: string;
  password: string;
}): Partial<Record<'username' | 'email' | 'password', string>> {
  const errors: Partial<Record<'username' | 'email' | 'password', string>> = {};
  const usernameProblem = values.username === '' ? null : usernameError(normalizeUsername(values.username));
  if (usernameProblem) errors.username = usernameProblem;
  if (values.email !== '' && !EMAIL_PATTERN.test(values.email.trim())) errors.email = MSG.invalidEmail;
  if (values.password !== '' && values.password.length < LIMITS.passwordMin)
    errors.password = MSG.passwordMin;
  return errors;
}
