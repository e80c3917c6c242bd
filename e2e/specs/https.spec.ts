import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startE2eServer } from '../e2e-server.mjs';
import { createMatchThroughApi, seat } from './support';

/**
 * The app served over HTTPS by the server itself (TLS_CERT_FILE, TLS_KEY_FILE; decision 044), as a
 * store would serve it to phones: the page and its files over HTTP/2, the live socket over wss://.
 * A server of its own, with the server tests' self-signed certificate for 127.0.0.1.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tls = path.join(root, 'apps/server/test/fixtures/tls');
const ca = readFileSync(path.join(tls, 'cert.pem'));

let server: ChildProcess | undefined;
let base = '';

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    https
      .get(`${url}/api/health`, { ca }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

// One server for both viewports' runs of this file would need a shared worker; each runs its own.
test.beforeAll(async () => {
  const port = await freePort();
  base = `https://127.0.0.1:${port}`;
  server = startE2eServer(port, {
    TLS_CERT_FILE: path.join(tls, 'cert.pem'),
    TLS_KEY_FILE: path.join(tls, 'key.pem'),
  });
  await expect.poll(() => healthy(base), { timeout: 60_000, intervals: [250] }).toBe(true);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('over HTTPS the screens load over HTTP/2 and the bell rises live through wss://', async ({
  browser,
}, testInfo) => {
  // The server's certificate is the tests' own: this browser context accepts it.
  const over = { baseURL: base, ignoreHTTPSErrors: true };
  const ana = await seat(browser, 'ana', testInfo, 'Dragon', over);
  const beto = await seat(browser, 'beto', testInfo, 'Faraon', over);
  const sockets: string[] = [];
  beto.page.on('websocket', (socket) => sockets.push(socket.url()));
  await beto.page.goto('/');
  const bell = beto.page.getByRole('button', { name: /^Notif/ });
  await expect(bell).toBeVisible();
  await expect(bell).not.toHaveAccessibleName(/pendiente/);

  // The page and every script came over HTTP/2.
  const protocols = await beto.page.evaluate(() => [
    ...new Set(
      [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/')),
      ].map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
    ),
  ]);
  expect(protocols).toEqual(['h2']);

  // Ana records a match against Beto: his bell rises without a reload, through the live socket.
  await createMatchThroughApi(ana, beto);
  await expect(bell).toHaveAccessibleName(/1 pendiente/);
  expect(sockets.some((url) => url.startsWith(`${base.replace('https', 'wss')}/ws`))).toBe(true);
  await ana.page.context().close();
  await beto.page.context().close();
});
