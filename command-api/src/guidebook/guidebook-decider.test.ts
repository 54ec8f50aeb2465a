import { describe, it } from 'vitest';
import { ConflictError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import { guidebookDecider, type CreateGuidebook } from './guidebook-decider.ts';

const spec = deciderSpec(guidebookDecider);
const now = new Date('2026-11-22T09:00:00.000Z');
const create: CreateGuidebook = { type: 'CreateGuidebook', data: { guidebookId: 'g1', uuid: 'u1', title: '제주 3박 4일', now } };
const created = {
  type: 'GuidebookCreated' as const,
  data: { guidebookId: 'g1', uuid: 'u1', title: '제주 3박 4일', createdAt: '2026-11-22T09:00:00.000Z' },
};

describe('CreateGuidebook', () => {
  it('given no guidebook, when created, then GuidebookCreated with the time the route passed in', () => {
    spec.given([]).when(create).then([created]);
  });

  it('given a created guidebook, when created again, then it is refused', () => {
    spec.given([created]).when(create).thenThrows(ConflictError, 'already exists');
  });

  it('evolves to an active guidebook', () => {
    spec.given([]).when(create).thenState({ status: 'active', guidebookId: 'g1', uuid: 'u1', title: '제주 3박 4일' });
  });
});
