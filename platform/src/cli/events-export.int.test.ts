import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store.ts';
import { createSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { parseExportArgs } from './events-export.ts';
import { UsageError } from './cli-main.ts';
import { repoRoot, runCli } from './testing/run-cli.ts';

const tmpRoot = join(repoRoot, 'test-output/tmp');

const exportEvents = (args: string[], dataDir: string) => runCli('platform/src/cli/events-export.ts', args, dataDir);
const lines = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedEvent);

describe('events:export arguments', () => {
  it('reads --from as a position when it is a whole number and as a date otherwise', () => {
    expect(parseExportArgs(['--from', '42'])).toEqual({ after: 42, types: [] });
    expect(parseExportArgs(['--from', '2025-03-01'])).toEqual({ since: new Date('2025-03-01T00:00:00Z'), types: [] });
    expect(parseExportArgs(['--from', '2025-03-01T12:30:00+09:00']).since?.toISOString()).toBe(
      '2025-03-01T03:30:00.000Z',
    );
  });

  it('takes repeated --type, one --stream and --out', () => {
    expect(parseExportArgs(['--type', 'A', '--type', 'B', '--stream', 'guidebook-1', '--out', 'x.ndjson'])).toEqual({
      types: ['A', 'B'],
      stream: 'guidebook-1',
      out: 'x.ndjson',
    });
  });

  it('refuses what it cannot read', () => {
    for (const args of [
      ['--from', 'yesterday'],
      ['--from', '2025-13-45'],
      ['--from', '-3'],
      ['--bogus'],
      ['stray'],
      ['--type', ''],
    ]) {
      expect(() => parseExportArgs(args), args.join(' ')).toThrow(UsageError);
    }
  });
});

describe('events:export (SQLite store)', () => {
  const dataDir = join(tmpRoot, `events-export-${randomUUID()}`);
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    const store = createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    await store.appendToStream('guidebook-1', [
      { id: randomUUID(), type: 'GuidebookCreated', data: { title: '서울' } },
      { id: randomUUID(), type: 'GuidebookEdited', data: {} },
    ]);
    await store.appendToStream('user-1', [{ id: randomUUID(), type: 'UserSignedUp', data: {} }]);
    // a later recording time for the rest: the clock has moved past the last one recorded (a millisecond, not a guess)
    let last = '';
    for await (const event of store.readAll()) last = event.recordedAt;
    while (new Date().toISOString() <= last) await nextTurn();
    await store.appendToStream('guidebook-1', [{ id: randomUUID(), type: 'GuidebookEdited', data: {} }]);
    await store.appendToStream('guidebook-2', [{ id: randomUUID(), type: 'GuidebookCreated', data: {} }]);
    for await (const event of store.readAll()) log.push(event);
    await store.close();
  });

  it('writes every event as one JSON line to standard output', async () => {
    const { code, stdout, stderr } = await exportEvents([], dataDir);
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual(log);
    expect(stderr).toMatch(/Exported 5 events/);
  });

  it('filters by position, date, type and stream, and writes to a file', async () => {
    const afterSecond = await exportEvents(['--from', String(log[1]?.position)], dataDir);
    expect(lines(afterSecond.stdout).map((e) => e.position)).toEqual(log.slice(2).map((e) => e.position));

    const later = log[3]?.recordedAt ?? '';
    const sinceLater = await exportEvents(['--from', later], dataDir);
    expect(lines(sinceLater.stdout)).toEqual(log.filter((e) => e.recordedAt >= later));
    expect(lines(sinceLater.stdout).length).toBeLessThan(log.length);

    const edits = await exportEvents(['--type', 'GuidebookEdited', '--type', 'UserSignedUp'], dataDir);
    expect(lines(edits.stdout).map((e) => e.type)).toEqual(['GuidebookEdited', 'UserSignedUp', 'GuidebookEdited']);

    const out = join(dataDir, 'guidebook-1.ndjson');
    const stream = await exportEvents(['--stream', 'guidebook-1', '--type', 'GuidebookEdited', '--out', out], dataDir);
    expect(stream.code).toBe(0);
    expect(stream.stdout).toBe('');
    expect(lines(readFileSync(out, 'utf8')).map((e) => [e.streamId, e.revision])).toEqual([
      ['guidebook-1', 1],
      ['guidebook-1', 2],
    ]);
  });

  it('exits 2 with the usage for bad arguments, and 1 when there is no event store', async () => {
    const bad = await exportEvents(['--from', 'last-week'], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from last-week: expected a position/);
    expect(bad.stderr).toMatch(/Usage: npm run events:export/);

    const missing = await exportEvents([], join(dataDir, 'nowhere'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No event store at .*nowhere/);
  });
});
