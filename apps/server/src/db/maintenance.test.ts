import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client';
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
});
