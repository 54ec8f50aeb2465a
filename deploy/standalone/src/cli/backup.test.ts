import { describe, expect, it } from 'vitest';
import { UsageError } from '@pocketguide/platform/cli/cli-main';
import { parseBackupArgs } from './backup.ts';

describe('npm run backup arguments', () => {
  it('takes one folder and an optional whole --keep of at least 1', () => {
    expect(parseBackupArgs(['/backups'])).toEqual({ into: '/backups' });
    expect(parseBackupArgs(['/backups', '--keep', '7'])).toEqual({ into: '/backups', keep: 7 });
    expect(parseBackupArgs(['--keep=3', '/backups'])).toEqual({ into: '/backups', keep: 3 });
  });

  it('refuses no folder, two folders, unknown options and a --keep that is not a whole number of at least 1', () => {
    for (const argv of [
      [],
      ['/a', '/b'],
      ['/a', '--force'],
      ['/a', '--keep', '0'],
      ['/a', '--keep', '2.5'],
      ['/a', '--keep', 'all'],
    ]) {
      expect(() => parseBackupArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});
