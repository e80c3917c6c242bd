import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { reachableUrls, startupLine } from './reachability';

const address = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

const interfaces = {
  lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
  wlan0: [address('192.168.1.20', 'IPv4'), address('fe80::1', 'IPv6'), address('2800:40::5', 'IPv6')],
};

describe('reachableUrls', () => {
  it('names the one address of a specific host', () => {
    expect(reachableUrls('127.0.0.1', 3000, interfaces)).toEqual(['http://127.0.0.1:3000']);
    expect(reachableUrls('::1', 3000, interfaces)).toEqual(['http://[::1]:3000']);
  });

  it('lists every address of the machine for 0.0.0.0 (IPv4) and :: (also IPv6, not link-local)', () => {
    expect(reachableUrls('0.0.0.0', 3000, interfaces)).toEqual([
      'http://127.0.0.1:3000',
      'http://192.168.1.20:3000',
    ]);
    expect(reachableUrls('::', 8080, interfaces)).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://192.168.1.20:8080',
      'http://[2800:40::5]:8080',
    ]);
  });
});

describe('startupLine', () => {
  it('says whether session cookies are Secure and what decides it', () => {
    const urls = ['http://192.168.1.20:3000'];
    expect(startupLine(urls, null, false)).toBe(
      'App reachable at http://192.168.1.20:3000; session cookies are not Secure (plain HTTP; behind HTTPS set TRUST_PROXY=true or COOKIE_SECURE=true)',
    );
    expect(startupLine(urls, null, true)).toContain(
      'Secure only on requests the proxy marks X-Forwarded-Proto: https',
    );
    expect(startupLine(urls, true, false)).toContain('session cookies are Secure (COOKIE_SECURE=true)');
    expect(startupLine(urls, false, true)).toContain('session cookies are not Secure (COOKIE_SECURE=false)');
  });

  it('says https:// and Secure cookies when the server has its own certificate', () => {
    const urls = reachableUrls('127.0.0.1', 3443, interfaces, 'https');
    expect(startupLine(urls, null, false, true)).toBe(
      'App reachable at https://127.0.0.1:3443; session cookies are Secure (HTTPS with TLS_CERT_FILE)',
    );
    expect(startupLine(urls, false, false, true)).toContain(
      'session cookies are not Secure (COOKIE_SECURE=false)',
    );
  });
});
