import type { NetworkInterfaceInfo } from 'node:os';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function url(address: string, port: number, scheme: string): string {
  return `${scheme}://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/**
 * The addresses a listening server answers at: every address of the machine for a wildcard host
 * (IPv4 for 0.0.0.0; IPv6 too for ::, except link-local ones, which need a zone to be typed).
 */
export function reachableUrls(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
  scheme: 'http' | 'https' = 'http',
): string[] {
  if (!WILDCARDS.has(host)) return [url(host, port, scheme)];
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' || (host === '::' && !a.address.startsWith('fe80:')))
    .sort((a, b) => Number(b.internal) - Number(a.internal));
  return [...new Set(addresses.map((a) => url(a.address, port, scheme)))];
}

/** Whether session cookies are Secure, and why, in one phrase for the start-up line. */
export function cookieSecurity(cookieSecure: boolean | null, trustProxy: boolean, tls = false): string {
  if (cookieSecure === null && tls) return 'session cookies are Secure (HTTPS with TLS_CERT_FILE)';
  if (cookieSecure === true) return 'session cookies are Secure (COOKIE_SECURE=true): open it through HTTPS';
  if (cookieSecure === false) return 'session cookies are not Secure (COOKIE_SECURE=false)';
  if (trustProxy)
    return 'session cookies are Secure only on requests the proxy marks X-Forwarded-Proto: https';
  return 'session cookies are not Secure (plain HTTP; behind HTTPS set TRUST_PROXY=true or COOKIE_SECURE=true)';
}

/** The one line printed at start: where the app is and how its cookies travel. */
export function startupLine(
  urls: string[],
  cookieSecure: boolean | null,
  trustProxy: boolean,
  tls = false,
): string {
  return `App reachable at ${urls.join(', ')}; ${cookieSecurity(cookieSecure, trustProxy, tls)}`;
}
