import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { UsageError } from '@pocketguide/platform/cli/cli-main';
import { repoRoot, runCli } from '@pocketguide/platform/cli/testing/run-cli';
import { allProjectors } from '../registry.ts';
import { createCountingProjector } from '../testing/counting-projector.ts';
import { selectProjectors } from './rebuild.ts';

const rebuild = (args: string[], dataDir: string) => runCli('projections/src/cli/rebuild.ts', args, dataDir);

describe('projections:rebuild arguments', () => {
  const projectors = [
    createCountingProjector('first'),
    createCountingProjector('second'),
    createCountingProjector('third'),
  ];
  const names = (args: string[]) => selectProjectors(args, projectors).map((p) => p.name);

  it('selects the named projectors in registry order, or all of them', () => {
    expect(names(['third', 'first'])).toEqual(['first', 'third']);
    expect(names(['--all'])).toEqual(['first', 'second', 'third']);
  });

  it('refuses unknown names, listing the valid ones, and an empty command line', () => {
    expect(() => names(['fourth'])).toThrow(
      new UsageError('Unknown projector: fourth. Valid names: first, second, third'),
    );
    expect(() => names([])).toThrow(/Name the projector to rebuild, or --all/);
    expect(() => names(['--all', 'first'])).toThrow(/either --all or projector names/);
  });
});

describe('projections:rebuild (SQLite stores)', () => {
  it('rebuilds every registered read model and prints a summary; an unknown name exits 2', async () => {
    const dataDir = join(repoRoot, 'test-output/tmp', `rebuild-${randomUUID()}`);
    mkdirSync(dataDir, { recursive: true });
    const eventStore = createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    for (let i = 0; i < 20; i += 1) {
      await eventStore.appendToStream(`other-${i}`, [{ id: randomUUID(), type: 'SomethingHappened', data: {} }]);
    }
    const head = await eventStore.headPosition();
    await eventStore.close();

    const { code, stdout, stderr } = await rebuild(['--all'], dataDir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // One pass for all of them: the log read once, one summary line, progress while it runs.
    expect(stdout).toMatch(
      new RegExp(
        `^Rebuilt ${allProjectors.map((p) => p.name).join(', ')}: 20 events in \\d+\\.\\d\\d s \\([\\d,]+ events/s\\)$`,
        'm',
      ),
    );
    expect(stdout).toMatch(/^ {2}100% position \d+\/\d+, 20 events, [\d,]+ events\/s, \d+ MB RSS$/m);
    const readStore = createSqliteReadStore({ path: join(dataDir, 'read-models.sqlite') });
    for (const projector of allProjectors) expect(await readStore.getCheckpoint(projector.name)).toBe(head);
    await readStore.close();

    const unknown = await rebuild(['no-such-model'], dataDir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      `Unknown projector: no-such-model. Valid names: ${allProjectors.map((p) => p.name).join(', ')}`,
    );
  });
});
