import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/** The built web app is served compressed when the build left compressed copies beside it. */
let t: TestApp;
const script = `console.log(${JSON.stringify('Mitos y Leyendas '.repeat(200))});`;
const page = `<!doctype html><html lang="es"><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'mitos-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': page,
    'assets/app.js': script,
    'sw.js': script,
    'manifest.webmanifest': JSON.stringify({ name: 'Mitos y Leyendas', pad: ' '.repeat(2000) }),
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
  }
  t = await buildTestApp({ webDist: dist });
});

describe('static web app', () => {
  it('sends the brotli or gzip copy to a browser that accepts it, and the plain file otherwise', async () => {
    const br = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    // Its name carries a hash of its content: kept for good.
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers every screen’s address with the compressed page, never cached, and keeps /api answers JSON', async () => {
    const screen = await t.app.inject({ url: '/my-matches', headers: { 'accept-encoding': 'gzip' } });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['cache-control']).toBe('no-cache');
    expect(screen.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(screen.rawPayload).toString()).toBe(page);

    const missing = await t.app.inject({ url: '/api/no-existe', headers: { 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
  });

  it('asks again for the service worker and the manifest every time (a new build is seen at once)', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.json()).toMatchObject({ name: 'Mitos y Leyendas' });
  });

  it('answers 404 in the error shape for a missing file, never the page', async () => {
    const missing = [
      '/assets/old-chunk-AbC123.js',
      '/assets/nada',
      '/assets/',
      '/favicon.ico',
      '/icon-192.png',
      '/apple-touch-icon.png',
      '/otro.css',
      '/robots.txt',
      '/match/12/chunk.js',
      '/assets/app.js.map?v=2',
      '/docs',
      '/ws/extra',
    ];
    for (const url of missing) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'gzip' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
        if (method === 'GET')
          expect(res.json()).toMatchObject({ success: false, message: 'Recurso no encontrado' });
      }
    }
  });

  it('sends a built script the security headers a script reads, and the page all of them', async () => {
    const pageOnly = [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ];
    for (const url of ['/assets/app.js', '/assets/app.js?v=2']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of pageOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // A missing script's 404 too; the page, the service worker (a worker reads its CSP) and the
    // API keep every header.
    const missing = await t.app.inject({ url: '/assets/old-chunk-AbC123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBeUndefined();
    for (const url of ['/my-matches', '/', '/sw.js', '/manifest.webmanifest', '/api/health']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      for (const name of pageOnly) expect(res.headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it('sends HSTS with a built script when cookies are secure', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mitos-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets/app.js'), script);
    const secure = await buildTestApp({ webDist: dist, cookieSecure: true });
    const res = await secure.app.inject({ url: '/assets/app.js' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('answers HEAD as GET: a screen’s address with the page’s headers, a file with its own', async () => {
    for (const url of ['/my-matches', '/', '/match/12?tab=2', '/user/3', '/assets/app.js', '/sw.js']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
      expect(head.body, url).toBe('');
    }
  });
});
