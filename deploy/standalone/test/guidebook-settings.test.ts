import { describe, expect, it } from 'vitest';
import { newGuidebookDocument, type GuidebookCreated, type GuidebookEvent } from '@pocketguide/contracts';
import { guidebookDecider } from '@pocketguide/command-api/guidebook/guidebook-decider';
import { evolveSettings, initialSettings } from '@pocketguide/projections/guidebook-settings';

/**
 * The command side (the guidebook decider's state) and the read models (`guidebook-list`, `guidebook-editor`) keep a
 * guidebook's settings by the one set of rules in contracts. Folded over the same events, they agree on every
 * setting and on when the guidebook last changed.
 */

const created: GuidebookCreated = {
  type: 'GuidebookCreated',
  data: {
    v: 2,
    guidebookId: 'g1',
    uuid: 'u1',
    ownerId: 'owner',
    company: 'Jeju Trails',
    document: newGuidebookDocument({ title: 'Jeju' }),
    source: 'new',
    createdAt: '2026-11-22T09:00:00.000Z',
  },
};

/** Every event that is not a document change, at minute `m`. */
const settingEvents = (m: number): GuidebookEvent[] => {
  const at = `2026-11-22T10:${String(m).padStart(2, '0')}:00.000Z`;
  return [
    { type: 'GuidebookPublished', data: { guidebookId: 'g1', publishedAt: at } },
    { type: 'GuidebookUnpublished', data: { guidebookId: 'g1', reason: 'single', unpublishedAt: at } },
    { type: 'GuidebookPublicGallerySet', data: { guidebookId: 'g1', isPublicGallery: true, setAt: at } },
    { type: 'GuidebookPublicGallerySet', data: { guidebookId: 'g1', isPublicGallery: false, setAt: at } },
    {
      type: 'GuidebookSampleFlagsSet',
      data: { guidebookId: 'g1', isSampleGuidebook: m % 2 === 0, isSampleContent: m % 3 === 0, setAt: at },
    },
    { type: 'GuidebookPasswordSet', data: { v: 2, guidebookId: 'g1', password: '', passwordHash: null, setAt: at } },
    {
      type: 'GuidebookThumbnailRecorded',
      data: { guidebookId: 'g1', thumbnailUrl: `/media/thumbnails/g1-${m}.webp`, generatedAt: at },
    },
    {
      type: 'GuidebookEdited',
      data: {
        guidebookId: 'g1',
        baseRevision: m,
        patches: [],
        inversePatches: [],
        summary: [],
        kind: 'edit',
        editedAt: at,
      },
    },
    { type: 'GuidebookDeleted', data: { guidebookId: 'g1', deletedAt: at } },
  ];
};

/** A small deterministic generator, so a failure names a sequence that can be replayed. */
function sequence(seed: number, length: number): GuidebookEvent[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length }, (_, m) => {
    const pool = settingEvents(m);
    return pool[next() % pool.length]!;
  });
}

function bothSides(events: readonly GuidebookEvent[]) {
  const state = [created, ...events].reduce(guidebookDecider.evolve, guidebookDecider.initialState());
  if (state.status === 'none') throw new Error('no guidebook');
  const { password: _password, ...commandSide } = state.guidebook.settings;
  const doc = events.reduce(evolveSettings, initialSettings(created));
  const {
    published,
    isPublicGallery,
    isSampleGuidebook,
    isSampleContent,
    thumbnailUrl,
    thumbnailGeneratedAt,
    updatedAt,
  } = doc;
  return {
    command: { ...commandSide, updatedAt: state.guidebook.updatedAt },
    readModel: {
      published,
      isPublicGallery,
      isSampleGuidebook,
      isSampleContent,
      thumbnailUrl,
      thumbnailGeneratedAt,
      updatedAt,
    },
  };
}

describe('guidebook settings: the command side and the read models agree', () => {
  it('after each single event', () => {
    for (const event of settingEvents(5)) {
      const { command, readModel } = bothSides([event]);
      expect(command, event.type).toEqual(readModel);
    }
  });

  it('a thumbnail and the deletion leave when it last changed; publishing moves it', () => {
    const [publish, , , , , , thumbnail, , deletion] = settingEvents(7);
    expect(bothSides([thumbnail!, deletion!]).command.updatedAt).toBe(created.data.createdAt);
    expect(bothSides([publish!]).readModel.updatedAt).toBe('2026-11-22T10:07:00.000Z');
  });

  it('after 300 sequences of up to 12 events in any order', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const events = sequence(seed, 1 + (seed % 12));
      const { command, readModel } = bothSides(events);
      expect(command, `seed ${seed}: ${events.map((event) => event.type).join(', ')}`).toEqual(readModel);
    }
  });
});
