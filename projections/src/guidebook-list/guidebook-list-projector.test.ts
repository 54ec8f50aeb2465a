import { describe, expect, it } from 'vitest';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { guidebookListProjector } from './guidebook-list-projector.ts';

const events = recordedEvents([
  {
    streamId: 'guidebook-g1',
    type: 'GuidebookCreated',
    data: { guidebookId: 'g1', uuid: 'u1', title: '제주 3박 4일', createdAt: '2026-11-22T09:00:00.000Z' },
  },
  { streamId: 'user-x', type: 'UserRegistered', data: { userId: 'x' } },
  {
    streamId: 'guidebook-g2',
    type: 'GuidebookCreated',
    data: { guidebookId: 'g2', uuid: 'u2', title: 'Kyoto', createdAt: '2026-11-22T10:00:00.000Z' },
  },
]);

describe('the guidebook-list read model', () => {
  it('makes one document per created guidebook and ignores other streams', () => {
    const docs = projectEvents(guidebookListProjector, events);
    expect([...docs.keys()]).toEqual(['g1', 'g2']);
    expect(docs.get('g1')).toEqual({
      id: 'g1',
      uuid: 'u1',
      title: '제주 3박 4일',
      createdAt: '2026-11-22T09:00:00.000Z',
      updatedAt: '2026-11-22T09:00:00.000Z',
    });
  });

  it('is idempotent: events delivered twice change nothing', () => {
    expectIdempotent(guidebookListProjector, events);
  });
});
