import { describe, expect, it } from 'vitest';
import { closeAfterFile, closeWhatTheFileOpened } from './file-resources';

describe('what a test file opened', () => {
  it('is closed after the file, the last opened first, each once even if the test closed it', async () => {
    const closed: string[] = [];
    const database = closeAfterFile(async () => void closed.push('database'));
    closeAfterFile(async () => void closed.push('app'));
    await database();
    await database();
    await closeWhatTheFileOpened();
    expect(closed).toEqual(['database', 'app']);
    await closeWhatTheFileOpened();
    expect(closed).toEqual(['database', 'app']);
  });

  it('tries every one when one fails, and then says what failed first', async () => {
    const closed: string[] = [];
    closeAfterFile(async () => void closed.push('first'));
    closeAfterFile(async () => {
      throw new Error('the pool would not end');
    });
    closeAfterFile(async () => {
      throw new Error('the database would not drop');
    });
    closeAfterFile(async () => void closed.push('last'));
    await expect(closeWhatTheFileOpened()).rejects.toThrow('the database would not drop');
    expect(closed).toEqual(['last', 'first']);
  });
});
