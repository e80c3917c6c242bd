import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './pglite-database';
import { maintainEmbedded } from './maintenance';

describe('embedded database maintenance', () => {
  it('vacuums and analyzes the embedded database when the server starts', { timeout: 90_000 }, async () => {
    const database = wrapPglite(await PGlite.create());
    try {
      await database.migrate();
      const stats = () =>
        database.pglite!.query<{ vacuumed: boolean; analyzed: boolean }>(
          `select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
             from pg_stat_user_tables where relname = 'matches'`,
        );
      expect((await stats()).rows[0]).toEqual({ vacuumed: false, analyzed: false });
      const stop = await maintainEmbedded(database, () => {});
      stop();
      expect((await stats()).rows[0]).toEqual({ vacuumed: true, analyzed: true });
    } finally {
      await database.close();
    }
  });

  it(
    'vacuums at a start six hours after the last vacuum, not at one sooner',
    { timeout: 90_000 },
    async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'mitos-vacuum-'));
      const stampFile = path.join(folder, 'last-vacuum');
      const database = wrapPglite(await PGlite.create());
      try {
        await database.migrate();
        const vacuumed = async () =>
          (
            await database.pglite!.query<{ vacuumed: boolean }>(
              `select last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'matches'`,
            )
          ).rows[0]!.vacuumed;
        writeFileSync(stampFile, '');
        const early = new Date(Date.now() - 5 * 60 * 60 * 1000);
        utimesSync(stampFile, early, early);
        (await maintainEmbedded(database, () => {}, { stampFile }))();
        expect(await vacuumed()).toBe(false);

        const late = new Date(Date.now() - 7 * 60 * 60 * 1000);
        utimesSync(stampFile, late, late);
        (await maintainEmbedded(database, () => {}, { stampFile }))();
        expect(await vacuumed()).toBe(true);
        expect(Date.now() - statSync(stampFile).mtimeMs).toBeLessThan(60 * 60 * 1000);
      } finally {
        await database.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
