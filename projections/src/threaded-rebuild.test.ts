import { describe, expect, it } from 'vitest';
import { allProjectors } from './registry.ts';
import { defaultRebuildThreads, planRebuildThreads } from './threaded-rebuild.ts';

const names = allProjectors.map((projector) => projector.name);
const GUIDEBOOK_FAMILY = ['guidebook-list', 'guidebook-editor', 'guidebook-viewer', 'public-gallery', 'thumbnail-queue'];

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
    expect(planRebuildThreads(['guidebook-list', 'guidebook-viewer'], 2)).toEqual([['guidebook-list', 'guidebook-viewer']]);
    expect(planRebuildThreads(['users', 'audit-timeline'], 2)).toEqual([['audit-timeline'], ['users']]);
  });

  it('takes REBUILD_THREADS when it is a positive whole number', () => {
    expect(defaultRebuildThreads({ REBUILD_THREADS: '3' })).toBe(3);
    expect(defaultRebuildThreads({ REBUILD_THREADS: 'x' })).toBeLessThanOrEqual(2);
    expect(defaultRebuildThreads({})).toBeGreaterThanOrEqual(1);
  });
});
