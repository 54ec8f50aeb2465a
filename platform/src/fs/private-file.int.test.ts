import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteCredentialStore } from '../credentials/sqlite-credential-store.ts';
import { preparePrivateSqliteFile } from './private-file.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('private SQLite files (issue 15)', () => {
  it('a new credential store is 0600, and so are its WAL and shared-memory files', async () => {
    const path = resolve(scratch, `private-credentials-${randomUUID()}.sqlite`);
    const store = createSqliteCredentialStore({ path });
    await store.setPasswordHash('u1', '$scrypt$ln=10,r=8,p=1$c2FsdA==$a2V5');
    expect(modeOf(path)).toBe('600');
    for (const companion of [`${path}-wal`, `${path}-shm`])
      if (existsSync(companion)) expect(modeOf(companion)).toBe('600');
    expect(existsSync(`${path}-wal`)).toBe(true);
    await store.close();
  });

  it('an existing file left readable by an older version (and its companions) is made 0600', () => {
    const dir = resolve(scratch, `private-${randomUUID()}`);
    mkdirSync(dir, { recursive: true });
    const path = resolve(dir, 'credentials.sqlite');
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      writeFileSync(file, '');
      chmodSync(file, 0o644);
    }
    preparePrivateSqliteFile(path);
    expect([path, `${path}-wal`, `${path}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
  });

  it('leaves :memory: alone', () => {
    expect(() => preparePrivateSqliteFile(':memory:')).not.toThrow();
  });
});
