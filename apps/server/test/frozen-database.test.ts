import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { apiPlayer, post, startServer, postgresDatabases } from './process-helpers';
import { freezableRelay } from './relay';

/**
 * A database that stops answering without closing anything (its processes stopped, a network
 * partition): a TCP relay between the server and PostgreSQL that the test freezes (bytes are held,
 * connections stay open) and thaws (what was held goes through, as after a partition heals).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const freshPostgresDatabase = postgresDatabases();

/** A request that gives up after 20 s, answering 0 then: a hang, not an answer. */
async function request(url: string, token: string, init: { method?: string; body?: unknown } = {}) {
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return { status: 0, body: {} };
  }
}

describe.runIf(pgUrl)('frozen database', () => {
  it('answers 503 in the error shape within seconds instead of hanging, and recovers by itself', async () => {
    const direct = new URL(await freshPostgresDatabase());
    const relay = freezableRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(await relay.listen());
    const server = await startServer({
      DATABASE_URL: viaRelay.toString(),
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_QUERY_TIMEOUT_MS: '2000',
    });
    try {
      const a = await apiPlayer(server.url, `fede${randomBytes(3).toString('hex')}`);
      const deck = (n: number) => ({ method: 'POST', body: { name: `Mazo ${n}`, raza: 'Titan' } });
      // The pool holds its ten connections when the database freezes.
      const warm = await Promise.all(
        Array.from({ length: 10 }, (_, i) => request(`${server.url}/api/decks`, a.token, deck(i + 50))),
      );
      expect(warm.map((w) => w.status)).toEqual(Array(10).fill(201));

      relay.freeze();
      // More requests than the pool has connections: the ones waiting for a connection give up too.
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => request(`${server.url}/api/decks`, a.token, deck(i + 1))),
        request(`${server.url}/api/matches/me`, a.token),
        request(`${server.url}/api/health`, a.token),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({
          success: false,
          error: 'El servicio no está disponible en este momento. Por favor intenta más tarde.',
          message: 'El servicio no está disponible en este momento. Por favor intenta más tarde.',
        });
      }

      relay.thaw();
      let status = 0;
      for (let i = 0; i < 60 && status !== 201; i++) {
        status = (await request(`${server.url}/api/decks`, a.token, deck(100))).status;
        if (status !== 201) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(201);
      // Frozen again and thawed again: it keeps recovering, with no restart.
      relay.freeze();
      expect((await request(`${server.url}/api/decks`, a.token, deck(200))).status).toBe(503);
      relay.thaw();
      await expect
        .poll(async () => (await request(`${server.url}/api/decks`, a.token)).status, { timeout: 15_000 })
        .toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await relay.close();
    }
  }, 120_000);

  it('drops a connection whose query went unanswered instead of handing it to the next request', async () => {
    const direct = new URL(await freshPostgresDatabase());
    const relay = freezableRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(await relay.listen());
    const server = await startServer({
      DATABASE_URL: viaRelay.toString(),
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_QUERY_TIMEOUT_MS: '2000',
    });
    try {
      const a = await apiPlayer(server.url, `gabi${randomBytes(3).toString('hex')}`);
      const deck = (n: number) => ({ method: 'POST', body: { name: `Mazo ${n}`, raza: 'Titan' } });
      // Inside a transaction, after BEGIN: the connection is lost while the write waits for its answer.
      relay.silenceOnQuery(/insert into "decks"/);
      expect((await request(`${server.url}/api/decks`, a.token, deck(1))).status).toBe(503);
      // The next writes get working connections, not the one still waiting.
      for (let i = 2; i <= 4; i++)
        expect((await request(`${server.url}/api/decks`, a.token, deck(i))).status).toBe(201);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await relay.close();
    }
  }, 120_000);

  it("replaces a listening connection lost without a word, so that other processes' changes reach it again", async () => {
    const direct = new URL(await freshPostgresDatabase());
    const relay = freezableRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(await relay.listen());
    const server = await startServer({ DATABASE_URL: viaRelay.toString(), DB_QUERY_TIMEOUT_MS: '2000' });
    const other = await startServer({ DATABASE_URL: direct.toString() });
    try {
      const a = await apiPlayer(server.url, `hugo${randomBytes(3).toString('hex')}`);
      const b = await apiPlayer(other.url, `ines${randomBytes(3).toString('hex')}`);
      const pending = async () =>
        (
          (await request(`${server.url}/api/matches/pending`, a.token)).body as unknown as { id: number }[]
        ).map((m) => m.id);
      expect(relay.silenceConnectionsThatSent(/listen "mitos_changes"/)).toBe(1);
      // Answered, and kept in the read cache of the process whose listening connection is gone.
      expect(await pending()).toEqual([]);
      const created = await post(`${other.url}/api/matches`, b.token, {
        match_mode: '1v1',
        tier: 'Amistoso',
        team1_players: [b.id],
        team2_players: [a.id],
        team1_decks: [b.deckId],
        team2_decks: [a.deckId],
        team1_score: 2,
        team2_score: 0,
      });
      expect(created.status).toBe(201);
      await expect.poll(pending, { timeout: 40_000, interval: 500 }).toEqual([created.body.id]);
    } finally {
      for (const s of [server, other]) s.child.kill('SIGTERM');
      await Promise.all([server.exited, other.exited]);
      await relay.close();
    }
  }, 120_000);

  it('gives back to the pool every connection whose BEGIN failed, so a pool frozen whole recovers', async () => {
    const direct = new URL(await freshPostgresDatabase());
    const relay = freezableRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(await relay.listen());
    const database = await openDatabase(
      { kind: 'postgres', url: viaRelay.toString() },
      { timeouts: { connectMs: 1_000, queryMs: 1_000 } },
    );
    const transaction = () =>
      database.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.2)`);
      });
    try {
      // All ten connections of the pool open, then idle.
      await Promise.all(Array.from({ length: 10 }, transaction));
      relay.freeze();
      const frozen = await Promise.allSettled(Array.from({ length: 12 }, transaction));
      expect(frozen.every((r) => r.status === 'rejected')).toBe(true);
      relay.thaw();
      await expect(transaction()).resolves.toBeUndefined();
    } finally {
      await database.close();
      await relay.close();
    }
  }, 60_000);
});
