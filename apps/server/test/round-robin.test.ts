import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminUrl, databaseUrl, testDatabaseName } from './pg-urls';
import { startServer, type ServerProcess } from './process-helpers';

const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = testDatabaseName(inject('runId'));
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

/** A client that sends each request to the next server in turn, carrying its cookies along. */
function roundRobin(bases: string[]) {
  let next = 0;
  const jar = new Map<string, string>();
  return {
    cookies: jar,
    async call(method: string, path: string, body?: unknown) {
      const base = bases[next++ % bases.length]!;
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=');
        if (value) jar.set(name!, value);
        else jar.delete(name!);
      }
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}

describe.runIf(pgUrl)('two server processes on one PostgreSQL behind a round-robin', () => {
  it('share sessions, approvals and live notifications', async () => {
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl!) });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const env = {
      DATABASE_URL: databaseUrl(pgUrl!, dbName),
      SESSION_SECRET: 'shared-secret-shared-secret-shared-secret-42',
    };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const bases = servers.map((s) => s.url);

    const ana = roundRobin(bases);
    const beto = roundRobin(bases.slice().reverse());
    const tag = randomBytes(3).toString('hex');
    const tokens: string[] = [];
    for (const [client, name] of [
      [ana, `ana${tag}`],
      [beto, `beto${tag}`],
    ] as const) {
      const email = `${name}@example.com`;
      expect(
        (await client.call('POST', '/api/auth/register', { username: name, email, password: 'secreto123' }))
          .status,
      ).toBe(201);
      const login = await client.call('POST', '/api/auth/login', { email, password: 'secreto123' });
      expect(login.status).toBe(200);
      tokens.push(login.body.user.token);
      expect((await client.call('GET', '/api/auth/me')).status).toBe(200);
      expect((await client.call('GET', '/api/auth/me')).status).toBe(200);
      expect((await client.call('POST', '/api/decks', { name: 'Principal', raza: 'Dragon' })).status).toBe(
        201,
      );
    }
    const anaId = (await ana.call('GET', '/api/auth/me')).body.user.id;
    const betoId = (await beto.call('GET', '/api/auth/me')).body.user.id;
    const anaDeck = (await ana.call('GET', '/api/decks')).body[0].id;
    const betoDeck = (await beto.call('GET', '/api/decks')).body[0].id;

    // A refresh on one server is honoured by the other, and the rotated token is refused by both.
    const oldRefresh = ana.cookies.get('refresh_token');
    expect((await ana.call('POST', '/api/auth/refresh')).status).toBe(200);
    expect((await ana.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await ana.call('GET', '/api/decks')).status).toBe(200);
    expect(ana.cookies.get('refresh_token')).not.toBe(oldRefresh);

    // Beto listens on both servers; each socket first receives its current count.
    const counts = bases.map(() => [] as number[]);
    const sockets = bases.map((base, i) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${tokens[1]}`);
      socket.on('message', (data) => counts[i]!.push(JSON.parse(String(data)).count));
      return socket;
    });
    await expect.poll(() => counts.map((c) => c.length), { timeout: 10_000 }).toEqual([1, 1]);

    const created = await ana.call('POST', '/api/matches', {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [anaId],
      team2_players: [betoId],
      team1_decks: [anaDeck],
      team2_decks: [betoDeck],
      team1_score: 2,
      team2_score: 1,
    });
    expect(created.status).toBe(201);
    // Whichever server handled the creation, both of Beto's sockets hear of it.
    await expect.poll(() => counts.map((c) => c.at(-1)), { timeout: 10_000 }).toEqual([1, 1]);

    expect((await beto.call('POST', `/api/matches/${created.body.id}/approve`)).status).toBe(200);
    await expect.poll(() => counts.map((c) => c.at(-1)), { timeout: 10_000 }).toEqual([0, 0]);
    for (const client of [ana, beto, ana, beto]) {
      const match = await client.call('GET', `/api/matches/${created.body.id}`);
      expect(match.body.approval_status).toBe('approved');
    }
    for (const socket of sockets) socket.close();
  }, 120_000);
});
