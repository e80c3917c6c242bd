import { describe, expect, it } from 'vitest';
import { ZRegisterRequest } from '@mitos/domain/auth';
import * as MSG from '@mitos/domain/message-texts';
import { loginFormError, registerFormErrors } from './form-rules';

const FILLERS = ['\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u180e', '\u17b5', ' ana', 'a'];

function serverMessage(username: string): string | undefined {
  const parsed = ZRegisterRequest.safeParse({ username, email: 'a@b.co', password: 'secreto1' });
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

describe('the sign-in and registration form rules (SPEC §5)', () => {
  it.each(FILLERS)('say of the username %j what the server says', (filler) => {
    for (const name of [filler.repeat(3), `ana${filler}`]) {
      expect(registerFormErrors({ username: name, email: '', password: '' }).username).toBe(
        serverMessage(name),
      );
    }
  });

  it('check the address and the password length only once typed', () => {
    expect(registerFormErrors({ username: '', email: '', password: '' })).toEqual({});
    expect(registerFormErrors({ username: 'ana', email: 'x', password: '123' })).toEqual({
      email: MSG.invalidEmail,
      password: MSG.passwordMin,
    });
    expect(loginFormError('')).toBeNull();
    expect(loginFormError('x@y')).toBe(MSG.invalidEmail);
    expect(loginFormError(' ana@mitos.cl ')).toBeNull();
  });
});
