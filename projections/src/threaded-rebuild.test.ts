import { describe, expect, it } from 'vitest';
import { allProjectors } from './registry.ts';
import { defaultRebuildThreads, planRebuildThreads, rebuildHeapBytes, threadMemory } from './threaded-rebuild.ts';

const names = allProjectors.map((projector) => projector.name);
const MIB = 1024 * 1024;
const GUIDEBOOK_FAMILY = [
  'guidebook-list',
  'guidebook-editor',
  'guidebook-viewer',
  'public-gallery',
  'thumbnail-queue',
];

describe('sharing read models out between rebuild threads', () => {
  it('gives every read model to exactly one thread, in registry order', () => {
    for (const threads of [1, 2, 3, 4]) {
      const groups = planRebuildThreads(names, threads);
      expect(groups).toHaveLength(threads);
      expect(groups.flat().sort()).toEqual([...names].sort());
      for (const group of groups) expect(group).toEqual(names.filter((name) => group.includes(name)));
    }
  });

  it('keeps the guidebook read models together (each event decoded once) and apart from the audit timeline', () => {
    const groups = planRebuildThreads(names, 2);
    const family = groups.find((group) => group.includes('guidebook-viewer'))!;
    expect(family).toEqual(expect.arrayContaining(GUIDEBOOK_FAMILY));
    expect(family).not.toContain('audit-timeline');
  });

  it('uses no more threads than there are read models to share', () => {
    expect(planRebuildThreads(['users'], 2)).toEqual([['users']]);
    expect(planRebuildThreads(['guidebook-list', 'guidebook-viewer'], 2)).toEqual([
      ['guidebook-list', 'guidebook-viewer'],
    ]);
    expect(planRebuildThreads(['users', 'audit-timeline'], 2)).toEqual([['audit-timeline'], ['users']]);
  });

  it('takes REBUILD_THREADS when it is a positive whole number', () => {
    expect(defaultRebuildThreads({ REBUILD_THREADS: '3' })).toBe(3);
    expect(defaultRebuildThreads({ REBUILD_THREADS: 'x' })).toBeLessThanOrEqual(2);
    expect(defaultRebuildThreads({})).toBeGreaterThanOrEqual(1);
  });
});

describe('the rebuild threads’ memory', () => {
  it('takes REBUILD_HEAP_MB when it is at least 32, else 160 MB', () => {
    expect(rebuildHeapBytes({ REBUILD_HEAP_MB: '400' })).toBe(400 * MIB);
    expect(rebuildHeapBytes({ REBUILD_HEAP_MB: '8' })).toBe(160 * MIB);
    expect(rebuildHeapBytes({ REBUILD_HEAP_MB: 'lots' })).toBe(160 * MIB);
    expect(rebuildHeapBytes({})).toBe(160 * MIB);
  });

  it('shares the heap out by how many documents each thread’s read models keep folding, and the threads’ shares add up to it', () => {
    const groups = planRebuildThreads(names, 2);
    const shares = groups.map((group) => threadMemory(group, names, 160 * MIB));
    const guidebooks = shares[groups.findIndex((group) => group.includes('guidebook-viewer'))]!;
    const others = shares[groups.findIndex((group) => !group.includes('guidebook-viewer'))]!;
    expect(guidebooks.limits.heapBytes).toBeGreaterThan(others.limits.heapBytes);
    expect(Math.abs(shares.reduce((sum, share) => sum + share.limits.heapBytes, 0) - 160 * MIB)).toBeLessThanOrEqual(
      shares.length,
    );
    for (const share of shares) {
      // room for the garbage of twice the live heap, and a documents limit that grows with the heap
      expect(share.maxOldGenerationSizeMb).toBeGreaterThanOrEqual((2 * share.limits.heapBytes) / MIB);
      expect(share.limits.documents).toBe(Math.max(10_000, Math.round((share.limits.heapBytes / MIB) * 1500)));
    }
    expect(threadMemory(['feedback'], names, 160 * MIB).limits.heapBytes).toBe(16 * MIB);
  });
});
