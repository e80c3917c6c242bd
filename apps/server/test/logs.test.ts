import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase, createUser, testConfig, tokenFor } from './helpers';
import { openSocket } from './ws-client';
import { RawConnection } from './raw-http';

/** Every line the app logs, parsed, at debug level. */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const database = await createTestDatabase();
const app = await buildApp({
  config: testConfig({ logLevel: 'debug' }),
  database,
  logger: { level: 'debug', stream },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `127.0.0.1:${port}`;
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('logs at debug level', () => {
  it('never hold a session token: not from /ws?token=…, a cookie or a bearer header', async () => {
    const user = await createUser(database);
    const token = tokenFor(user);
    const socket = openSocket(`ws://${base}/ws?token=${encodeURIComponent(token)}&userId=${user.id}`);
    expect(await socket.next()).toMatchObject({ type: 'new_notification' });
    socket.close();
    await socket.closed;
    await fetch(`http://${base}/api/decks?token=${token}`, {
      headers: { authorization: `Bearer ${token}`, cookie: `access_token=${token}` },
    });
    await expect.poll(() => raw.filter((l) => l.includes('/api/decks')).length).toBeGreaterThan(0);
    const wsLine = lines.find((l) => String((l.req as { url?: string } | undefined)?.url).startsWith('/ws'));
    expect(wsLine?.req).toMatchObject({ url: `/ws?token=[redacted]&userId=${user.id}` });
    const signature = token.split('.')[2]!;
    expect(raw.filter((l) => l.includes(signature))).toEqual([]);
  });
});

describe('a malformed request', () => {
  it('is logged at debug with its code, never with its raw bytes (which carry cookies)', async () => {
    const before = raw.length;
    const socket = new RawConnection(port);
    await socket.connected;
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: sesion=zz9secreto\r\nroto\r\n\r\n');
    await expect.poll(() => raw.slice(before).some((l) => l.includes('client error'))).toBe(true);
    socket.destroy();
    expect(raw.slice(before).filter((l) => l.includes('zz9secreto') || l.includes('rawPacket'))).toEqual([]);
  });
});

describe('a client that gives up', () => {
  it('is logged as a client abort, not as an error of the server or the database', async () => {
    const user = await createUser(database);
    const before = lines.length;
    const socket = new RawConnection(port);
    await socket.connected;
    socket.write(
      `POST /api/decks HTTP/1.1\r\nhost: ${base}\r\nauthorization: Bearer ${tokenFor(user)}\r\n` +
        'content-type: application/json\r\ncontent-length: 200\r\n\r\n{"name":"Mazo a medias',
    );
    await expect.poll(() => lines.slice(before).some((l) => l.msg === 'incoming request')).toBe(true);
    socket.destroy();
    await expect.poll(() => lines.slice(before).some((l) => l.msg === 'client aborted')).toBe(true);
    const aborted = lines.slice(before).find((l) => l.msg === 'client aborted')!;
    expect(aborted.level).toBe(30);
    expect(lines.slice(before).filter((l) => Number(l.level) >= 40)).toEqual([]);
  });
});
