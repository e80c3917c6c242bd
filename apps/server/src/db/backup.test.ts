import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { backupPglite, restorePglite } from './backup';
import { insertUser, listUserSummaries } from '../users/repository';

describe('embedded database backup', () => {
  it('restores exactly what was backed up, keeping the replaced database aside', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mitos-backup-'));
    const dataDir = path.join(dir, 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    await insertUser(first.db, { username: 'antes', email: 'antes@example.com', passwordHash: 'x' });
    await first.close();

    const file = path.join(dir, 'backup.tar.gz');
    await backupPglite(dataDir, file);

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await insertUser(second.db, { username: 'despues', email: 'despues@example.com', passwordHash: 'x' });
    await second.close();

    const keptAside = await restorePglite(file, dataDir);
    expect(keptAside).toMatch(/before-restore/);
    const restored = await openDatabase({ kind: 'pglite', dataDir });
    expect((await listUserSummaries(restored.db)).map((u) => u.username)).toEqual(['antes']);
    await restored.close();
  }, 60_000);
});
