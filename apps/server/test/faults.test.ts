import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { apiPlayer, get, post, startServer, type ApiPlayer, postgresDatabases } from './process-helpers';

const pgUrl = process.env.TEST_DATABASE_URL;
const freshPostgresDatabase = postgresDatabases();

function matchBody(a: ApiPlayer, b: ApiPlayer) {
  return {
    match_mode: '1v1',
    tier: 'Amistoso',
    team1_players: [a.id],
    team2_players: [b.id],
    team1_decks: [a.deckId],
    team2_decks: [b.deckId],
    team1_score: 2,
    team2_score: 1,
    highlights: ['Combo', 'Paliza'],
  };
}

/** The database a durability run uses: PGlite on disk, and PostgreSQL when available. */
async function targets(): Promise<{ name: string; env: () => Promise<Record<string, string>> }[]> {
  const list: { name: string; env: () => Promise<Record<string, string>> }[] = [
    {
      name: 'embedded PGlite on disk',
      env: async () => ({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mitos-durable-')) }),
    },
  ];
  if (pgUrl)
    list.push({ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await freshPostgresDatabase() }) });
  return list;
}

describe.each(await targets())('durability on $name', ({ env }) => {
  it('keeps every answered creation and approval after SIGKILL, and no half-written match', async () => {
    const settings = await env();
    const first = await startServer(settings);
    const a = await apiPlayer(first.url, `ana${randomBytes(3).toString('hex')}`);
    const b = await apiPlayer(first.url, `beto${randomBytes(3).toString('hex')}`);

    const created: number[] = [];
    const approved: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await post(`${first.url}/api/matches`, a.token, matchBody(a, b));
          if (res.status !== 201) continue;
          created.push(res.body.id);
          const ok = await post(`${first.url}/api/matches/${res.body.id}/approve`, b.token);
          if (ok.status === 200) approved.push(res.body.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Promise.all([worker(), worker(), worker(), worker()]);
    await new Promise((r) => setTimeout(r, 1_500));
    first.child.kill('SIGKILL');
    stop = true;
    await workers;
    await first.exited;
    expect(created.length).toBeGreaterThan(0);

    const second = await startServer(settings);
    try {
      for (const id of created) {
        const res = await get(`${second.url}/api/matches/${id}`, a.token);
        expect(res.status, `match ${id}`).toBe(200);
        const m = res.body;
        expect(m.team1.players).toHaveLength(1);
        expect(m.team2.players).toHaveLength(1);
        expect(m.team1.decks).toHaveLength(1);
        expect(m.team2.decks).toHaveLength(1);
        expect(m.highlights.map((h: { type: string }) => h.type).sort()).toEqual(['Combo', 'Paliza']);
        expect(m.events.some((e: { type: string }) => e.type === 'created')).toBe(true);
        if (approved.includes(id)) expect(m.approval_status).toBe('approved');
      }
      // Whatever was written but not answered is whole too: every match has both players.
      let before: string | undefined;
      for (;;) {
        const res = await fetch(
          `${second.url}/api/matches/me?limit=200${before ? `&before=${before}` : ''}`,
          {
            headers: { authorization: `Bearer ${a.token}` },
          },
        );
        const page = (await res.json()) as { team1: { players: unknown[] }; team2: { players: unknown[] } }[];
        for (const m of page) expect(m.team1.players.length + m.team2.players.length).toBe(2);
        before = res.headers.get('x-next-cursor') ?? undefined;
        if (!before) break;
      }
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes in-flight requests, closes sockets with 1001, exits 0, and restarts on the same data', async () => {
    const settings = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mitos-term-')) };
    const server = await startServer(settings);
    const a = await apiPlayer(server.url, `carla${randomBytes(3).toString('hex')}`);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${a.token}`);
    await new Promise((resolve, reject) => {
      socket.once('message', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const inFlight = post(`${server.url}/api/decks`, a.token, { name: 'Último mazo', raza: 'Titan' });
    await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    expect(await closed).toBe(1001);
    expect(await server.exited).toBe(0);

    const again = await startServer(settings);
    try {
      const decks = await get(`${again.url}/api/decks`, a.token);
      expect(decks.body.map((d: { name: string }) => d.name)).toContain('Último mazo');
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);
});

/** A TCP relay to PostgreSQL that the test can cut and restore, to make the database go away. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = { value: 0 };
  const open = (listenPort: number) =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client);
        sockets.add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop);
        upstream.on('error', drop);
        client.on('close', drop);
        upstream.on('close', drop);
      });
      server.listen(listenPort, '127.0.0.1', () => {
        const address = server!.address();
        port.value = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  return {
    port,
    open,
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

describe.runIf(pgUrl)('database outage', () => {
  it('answers 503 with a Spanish message while PostgreSQL is unreachable and recovers without a restart', async () => {
    const direct = new URL(await freshPostgresDatabase());
    const proxy = relay(direct);
    await proxy.open(0);
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port.value);
    const server = await startServer({ DATABASE_URL: viaProxy.toString() });
    // A second process that keeps its database while the first loses it.
    const other = await startServer({ DATABASE_URL: direct.toString() });
    try {
      const a = await apiPlayer(server.url, `dora${randomBytes(3).toString('hex')}`);
      const b = await apiPlayer(other.url, `eva${randomBytes(3).toString('hex')}`);
      expect((await get(`${server.url}/api/decks`, a.token)).status).toBe(200);
      const counts: number[] = [];
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${a.token}`);
      socket.on('message', (data) => counts.push(JSON.parse(String(data)).count));
      await expect.poll(() => counts, { timeout: 10_000 }).toEqual([0]);

      await proxy.cut();
      // The process notices the lost connections within moments (its cached answers go with them).
      let down = await get(`${server.url}/api/decks`, a.token);
      for (let i = 0; i < 20 && down.status === 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        down = await get(`${server.url}/api/decks`, a.token);
      }
      expect(down.status, server.output()).toBe(503);
      expect(down.body).toMatchObject({
        success: false,
        message: 'El servicio no está disponible en este momento. Por favor intenta más tarde.',
      });
      expect(JSON.stringify(down.body)).not.toMatch(/ECONN|stack|at /);
      // Published while the first process cannot hear it.
      const created = await post(`${other.url}/api/matches`, b.token, matchBody(b, a));
      expect(created.status).toBe(201);

      await proxy.open(proxy.port.value);
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i++) {
        status = (await get(`${server.url}/api/decks`, a.token)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      // Once its listening connection is back, the process recounts and the socket catches up.
      await expect.poll(() => counts.at(-1), { timeout: 30_000 }).toBe(1);
      socket.close();
    } finally {
      for (const s of [server, other]) s.child.kill('SIGTERM');
      await Promise.all([server.exited, other.exited]);
      await proxy.cut();
    }
  }, 120_000);
});
