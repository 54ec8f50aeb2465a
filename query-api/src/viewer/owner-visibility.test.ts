import { describe, expect, it } from 'vitest';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { ownerVisibility } from './viewer-routes.ts';

describe("readers' pages: whether an owner is public, kept per users checkpoint (issue 20)", () => {
  function setup() {
    let checkpoint: number | null = 5;
    const hidden = new Set<string>();
    let reads = 0;
    const readStore = { getCheckpoint: async () => checkpoint } as unknown as ReadStore;
    const owners = {
      isPublic: async (id: string) => {
        reads++;
        return !hidden.has(id);
      },
    };
    return {
      visibility: ownerVisibility(readStore, owners),
      hide: (id: string, at: number | null) => {
        hidden.add(id);
        checkpoint = at;
      },
      reads: () => reads,
    };
  }

  it('reads an owner once while the checkpoint stands still, and again once it moved', async () => {
    const { visibility, hide, reads } = setup();
    expect(await visibility.isPublic('a')).toBe(true);
    expect(await visibility.isPublic('a')).toBe(true);
    expect(await visibility.isPublic('b')).toBe(true);
    expect(reads()).toBe(2);
    hide('a', 6);
    expect(await visibility.isPublic('a')).toBe(false);
    expect(await visibility.isPublic('b')).toBe(true);
    expect(reads()).toBe(4);
  });

  it('keeps nothing before the users read model has a checkpoint', async () => {
    const { visibility, hide, reads } = setup();
    hide('x', null);
    expect(await visibility.isPublic('a')).toBe(true);
    expect(await visibility.isPublic('a')).toBe(true);
    expect(reads()).toBe(2);
  });
});
