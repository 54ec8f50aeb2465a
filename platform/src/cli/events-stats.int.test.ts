import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { countEvents, formatStats } from './events-stats.ts';
import { repoRoot, runCli } from './testing/run-cli.ts';

const stats = (args: string[], dataDir: string) => runCli('platform/src/cli/events-stats.ts', args, dataDir);

describe('event counts', () => {
  it('counts by type (most frequent first) and by UTC day (oldest first)', async () => {
    const event = (type: string, recordedAt: string, position: number) => ({
      id: String(position),
      type,
      data: {},
      metadata: {},
      streamId: 'guidebook-1',
      revision: position - 1,
      position,
      recordedAt,
    });
    async function* log() {
      yield event('GuidebookEdited', '2025-01-01T23:59:59.000Z', 1);
      yield event('GuidebookCreated', '2025-01-02T00:00:00.000Z', 2);
      yield event('GuidebookEdited', '2025-01-02T08:00:00.000Z', 4);
    }
    const counted = await countEvents(log());
    expect(counted).toEqual({
      total: 3,
      firstRecordedAt: '2025-01-01T23:59:59.000Z',
      lastRecordedAt: '2025-01-02T08:00:00.000Z',
      headPosition: 4,
      byType: { GuidebookEdited: 2, GuidebookCreated: 1 },
      byDay: { '2025-01-01': 1, '2025-01-02': 2 },
    });
    expect(Object.keys(counted.byType)).toEqual(['GuidebookEdited', 'GuidebookCreated']);
    expect(formatStats(counted, 'here')).toContain('GuidebookEdited       2');
  });
});

describe('events:stats (SQLite store)', () => {
  const dataDir = join(repoRoot, 'test-output/tmp', `events-stats-${randomUUID()}`);

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    const store = createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    for (let i = 0; i < 12; i += 1) {
      await store.appendToStream(`guidebook-${i % 3}`, [
        { id: randomUUID(), type: i % 4 === 0 ? 'GuidebookCreated' : 'GuidebookEdited', data: {} },
      ]);
    }
    await store.close();
  });

  it('prints readable tables by type and by day', async () => {
    const { code, stdout } = await stats([], dataDir);
    expect(code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(stdout).toMatch(/^12 events in SQLite file .*events\.sqlite, recorded /);
    expect(stdout).toMatch(/type\s+count\n-+\s+-+\nGuidebookEdited\s+9\nGuidebookCreated\s+3/);
    expect(stdout).toMatch(new RegExp(`day \\(UTC\\)\\s+count\\n-+\\s+-+\\n${today}\\s+12`));
  });

  it('prints JSON with --json, and refuses unknown options with the usage', async () => {
    const json = await stats(['--json'], dataDir);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ total: 12, byType: { GuidebookEdited: 9, GuidebookCreated: 3 } });

    const bad = await stats(['--csv'], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--csv'[\s\S]*Usage: npm run events:stats/);
  });
});
