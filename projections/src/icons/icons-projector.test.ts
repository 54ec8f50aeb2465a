import { describe, expect, it } from 'vitest';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { iconsProjector } from './icons-projector.ts';

const uploaded = (iconId: string, userId = 'u1', minute = 0) => ({
  streamId: `icon-library-${userId}`,
  type: 'IconUploaded',
  data: {
    iconId,
    userId,
    url: `/media/icons/${userId}/${iconId}.png`,
    bytes: 800,
    uploadedAt: new Date(Date.UTC(2026, 10, 25, 1, minute)).toISOString(),
  },
});
const deleted = (iconId: string, userId = 'u1') => ({
  streamId: `icon-library-${userId}`,
  type: 'IconDeleted',
  data: { iconId, userId, deletedAt: '2026-11-25T02:00:00.000Z' },
});

describe('the icons read model', () => {
  it('given uploads of two people, then one document per icon with its owner and address', () => {
    const docs = expectIdempotent(iconsProjector, recordedEvents([uploaded('i1'), uploaded('i2', 'u2', 1)]));
    expect(docs.get('i1')).toEqual({
      id: 'i1',
      userId: 'u1',
      url: '/media/icons/u1/i1.png',
      createdAt: '2026-11-25T01:00:00.000Z',
      deleted: false,
    });
    expect(docs.get('i2')?.userId).toBe('u2');
  });

  it('a deleted icon stays, flagged, with its owner', () => {
    const docs = expectIdempotent(iconsProjector, recordedEvents([uploaded('i1'), deleted('i1')]));
    expect(docs.get('i1')).toMatchObject({ deleted: true, userId: 'u1' });
  });

  it('events of other streams build nothing', () => {
    const docs = expectIdempotent(
      iconsProjector,
      recordedEvents([{ streamId: 'feedback-f1', type: 'FeedbackSubmitted', data: {} }]),
    );
    expect(docs.size).toBe(0);
  });
});
