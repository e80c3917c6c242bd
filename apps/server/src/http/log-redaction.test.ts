import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction';

describe('redactSecrets', () => {
  it('hides token query parameters, session cookies and bearer tokens', () => {
    expect(redactSecrets('{"url":"/ws?token=v1.eyJzdWIiOjF9.c2ln&userId=3"}')).toBe(
      '{"url":"/ws?token=[redacted]&userId=3"}',
    );
    expect(redactSecrets('{"url":"/ws?userId=3&TOKEN=abc"}')).toBe('{"url":"/ws?userId=3&TOKEN=[redacted]"}');
    expect(redactSecrets('cookie: theme=dark; access_token=v1.a.b; refresh_token=zzz')).toBe(
      'cookie: theme=dark; access_token=[redacted]; refresh_token=[redacted]',
    );
    expect(redactSecrets('"authorization":"Bearer v1.a.b"')).toBe('"authorization":"Bearer [redacted]"');
  });

  it('leaves other text alone', () => {
    const line = '{"url":"/api/matches/me?limit=20&before=abc","msg":"incoming request","tokens":3}';
    expect(redactSecrets(line)).toBe(line);
    expect(redactSecrets('{"url":"/api/users/search?q=mytoken=1"}')).toBe(
      '{"url":"/api/users/search?q=mytoken=1"}',
    );
  });
});
