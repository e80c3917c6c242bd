import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './cached-reply';

const asks = (value?: string) =>
  acceptsGzip({ headers: value === undefined ? {} : { 'accept-encoding': value } });

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(asks('gzip, deflate, br')).toBe(true);
    expect(asks('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(asks('*')).toBe(true);
    expect(asks('GZIP')).toBe(true);
    expect(asks()).toBe(false);
    expect(asks('')).toBe(false);
    expect(asks('identity')).toBe(false);
    expect(asks('br')).toBe(false);
    expect(asks('gzip;q=0')).toBe(false);
    expect(asks('gzip;q=0, *')).toBe(false);
    expect(asks('*;q=0')).toBe(false);
  });
});
