import { describe, expect, it } from 'vitest';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { passwordResetsProjector } from './password-resets-projector.ts';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const requested = (n: number) => ({
  streamId: 'user-u1',
  type: 'PasswordResetRequested',
  data: {
    userId: 'u1',
    resetId: `r${n}`,
    tokenHash: hash(n),
    link: 'https://pocketguide.app/reset-password',
    requestedAt: '2026-03-01T09:00:00.000Z',
    expiresAt: '2026-03-01T10:00:00.000Z',
  },
});

describe('the password-resets read model', () => {
  it('an open link by the hash of its token; completing one closes every link it names', () => {
    const docs = expectIdempotent(
      passwordResetsProjector,
      recordedEvents([
        requested(1),
        requested(2),
        {
          streamId: 'user-u1',
          type: 'PasswordResetCompleted',
          data: {
            userId: 'u1',
            resetId: 'r2',
            completedAt: '2026-03-01T09:30:00.000Z',
            closedTokenHashes: [hash(1), hash(2)],
          },
        },
        requested(3),
      ]),
    );
    expect(docs.get(hash(1))).toEqual({
      id: hash(1),
      userId: 'u1',
      requestedAt: '2026-03-01T09:00:00.000Z',
      expiresAt: '2026-03-01T10:00:00.000Z',
      state: 'closed',
    });
    expect(docs.get(hash(2))?.state).toBe('closed');
    expect(docs.get(hash(3))?.state).toBe('open');
  });

  it('a completion naming a link it never saw creates nothing', () => {
    const docs = expectIdempotent(
      passwordResetsProjector,
      recordedEvents([
        {
          streamId: 'user-u1',
          type: 'PasswordResetCompleted',
          data: { userId: 'u1', resetId: 'r9', completedAt: '2026-03-01T09:30:00.000Z', closedTokenHashes: [hash(9)] },
        },
      ]),
    );
    expect(docs.size).toBe(0);
  });
});
