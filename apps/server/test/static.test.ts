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
  const files: Record<string, string> = { 'index.html': page, 'assets/app.js': script };
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
});
