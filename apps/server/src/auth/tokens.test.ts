import { describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);

describe('access tokens', () => {
  it('a token verified once stays bound to its secret and to its expiry', () => {
    const now = Date.now();
    const token = issueAccessToken({ sub: 7, role: 'player', fam: 'f' }, SECRET, now, 60);
    expect(verifyAccessToken(token, SECRET, now)?.sub).toBe(7);
    expect(verifyAccessToken(token, SECRET, now + 1_000)?.sub).toBe(7);
    expect(verifyAccessToken(token, OTHER, now)).toBeNull();
    expect(verifyAccessToken(token, SECRET, now + 60_000)).toBeNull();
  });

  it('refuses a token whose signature or body was changed', () => {
    const token = issueAccessToken({ sub: 7, role: 'player', fam: 'f' }, SECRET);
    const [v, body, sig] = token.split('.');
    expect(verifyAccessToken(`${v}.${body}.${sig!.slice(0, -2)}xx`, SECRET)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ sub: 1, role: 'admin', fam: 'f', exp: 9e9 })).toString(
      'base64url',
    );
    expect(verifyAccessToken(`${v}.${forged}.${sig}`, SECRET)).toBeNull();
  });
});
