import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mitos-pglite-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded PGlite settings', () => {
  it('starts with the shared_buffers it is given, and PostgreSQL’s default otherwise', async () => {
    const dataDir = path.join(dir, 'pglite');
    const small = await openDatabase({ kind: 'pglite', dataDir, sharedBuffersMb: 16 });
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(small.db, sql`show shared_buffers`);
      expect(row?.shared_buffers).toBe('16MB');
    } finally {
      await small.close();
    }
    const plain = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(plain.db, sql`show shared_buffers`);
      expect(row?.shared_buffers).toBe('128MB');
    } finally {
      await plain.close();
    }
  });
});
