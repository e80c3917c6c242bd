import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMatch } from '@mitos/domain/matches';
import { communityDay } from '@mitos/domain/community-rules';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { TEST_SECRET, createTestDatabase, testConfig, tokenFor } from './helpers';
import { body1v1, createPlayer, type Player } from './matches-factories';
import { get, post, startServer, type ServerProcess } from './process-helpers';
import { openSocket, type TestSocket } from './ws-client';

/**
 * Several server processes share one PostgreSQL: a change made through one must reach a socket
 * held by another, which only LISTEN/NOTIFY (not an in-process bus) can do. PGlite lives inside
 * one process, so these tests need TEST_DATABASE_URL.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.info('multi-process notification tests skipped: set TEST_DATABASE_URL=postgres://… to run them');
}

const count = (n: number) => ({ type: 'new_notification', count: n });

let database: Database & { url?: string };
let ana: Player;
let bruno: Player;
const sockets: TestSocket[] = [];

function connect(origin: string, user: Player): TestSocket {
  const s = openSocket(`${origin.replace('http:', 'ws:')}/ws?userId=${user.id}&token=${tokenFor(user)}`);
  sockets.push(s);
  return s;
}

describe.skipIf(!pgUrl)(
  'notifications across servers sharing one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase();
      [ana, bruno] = (await Promise.all(
        ['ana', 'bruno'].map((username) => createPlayer(database, { username })),
      )) as [Player, Player];
    });

    afterAll(async () => {
      for (const s of sockets) s.close();
      await database?.close();
    });

    it('two app instances: a change through one reaches a socket on the other', async () => {
      const instances = await Promise.all(
        [0, 1].map(async () => {
          const own = await openDatabase({ kind: 'postgres', url: database.url! });
          const app = await buildApp({ config: testConfig(), database: own, logger: false });
          await app.listen({ port: 0, host: '127.0.0.1' });
          return { app, own, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
        }),
      );
      try {
        const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
        const socket = connect(two.origin, ana);
        expect(await socket.next()).toEqual(count(0));
        // The second instance has these answers in its read cache before the change.
        const pendingOnTwo = async () =>
          ((await get(`${two.origin}/api/matches/pending`, tokenFor(ana))).body as TMatch[]).map((m) => m.id);
        const homeOnTwo = async () =>
          ((await get(`${two.origin}/api/matches/all-approved`, tokenFor(bruno))).body as TMatch[]).map(
            (m) => m.id,
          );
        expect(await pendingOnTwo()).toEqual([]);
        const homeBefore = await homeOnTwo();

        const created = await post(`${one.origin}/api/matches`, tokenFor(bruno), body1v1(bruno, ana));
        expect(created.status).toBe(201);
        expect(await socket.next(1_000)).toEqual(count(1));
        const match = created.body as TMatch;
        expect(await pendingOnTwo()).toEqual([match.id]);
        expect((await get(`${two.origin}/api/notifications/count`, tokenFor(ana))).body).toEqual({
          count: 1,
        });
        expect((await post(`${one.origin}/api/matches/${match.id}/approve`, tokenFor(ana))).status).toBe(200);
        expect(await socket.next(1_000)).toEqual(count(0));
        expect(await pendingOnTwo()).toEqual([]);
        expect(await homeOnTwo()).toEqual([match.id, ...homeBefore]);
      } finally {
        for (const { app, own } of instances) {
          await app.close();
          await own.close();
        }
      }
    });

    describe('two server processes', () => {
      const servers: ServerProcess[] = [];
      const startOnSharedDatabase = async () => {
        const server = await startServer({ DATABASE_URL: database.url!, SESSION_SECRET: TEST_SECRET });
        servers.push(server);
        return server.url;
      };

      afterAll(async () => {
        await Promise.all(
          servers.map(async ({ child, exited }) => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          }),
        );
      });

      it('a match recorded on one process notifies the player’s socket on the other within a second', async () => {
        const [first, second] = await Promise.all([startOnSharedDatabase(), startOnSharedDatabase()]);
        // Both started on a database without seasons: exactly one first season, open (seasons/repository.ts).
        const seasons = await get(`${second}/api/seasons`, tokenFor(ana));
        const year = communityDay(new Date()).slice(0, 4);
        expect(seasons.body).toEqual([
          expect.objectContaining({ name: `Temporada ${year}`, startsOn: `${year}-01-01`, current: true }),
        ]);
        const anaOnSecond = connect(second, ana);
        const brunoOnFirst = connect(first, bruno);
        expect(await anaOnSecond.next()).toEqual(count(0));
        expect(await brunoOnFirst.next()).toEqual(count(0));

        const created = await post(`${first}/api/matches`, tokenFor(bruno), body1v1(bruno, ana));
        expect(created.status).toBe(201);
        const match = created.body as TMatch;
        expect(await anaOnSecond.next(1_000)).toEqual(count(1));

        expect((await post(`${second}/api/matches/${match.id}/reject`, tokenFor(ana))).status).toBe(200);
        expect(await anaOnSecond.next(1_000)).toEqual(count(0));
        expect(await brunoOnFirst.until((m) => (m as { count: number }).count === 1, 1_000)).toEqual(
          count(1),
        );
      }, 90_000);
    });
  },
);
