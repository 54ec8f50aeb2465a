import { describe, expect, it } from 'vitest';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { feedbackProjector } from './feedback-projector.ts';

const submitted = (feedbackId: string, userId?: string) => ({
  streamId: `feedback-${feedbackId}`,
  type: 'FeedbackSubmitted',
  data: {
    feedbackId,
    title: '지도 확대',
    feedback: '지도를 확대하고 싶어요.',
    url: 'https://pocketguide.example/guidebooks',
    userAgent: 'Mozilla/5.0',
    clientTimestamp: '2026-11-25T10:00:00+09:00',
    submittedAt: '2026-11-25T01:00:00.000Z',
    ...(userId ? { userId } : {}),
  },
});

describe('the feedback read model', () => {
  it('keeps each piece of feedback with its sender, or none for an anonymous visitor', () => {
    const docs = expectIdempotent(feedbackProjector, recordedEvents([submitted('f1', 'u1'), submitted('f2')]));
    expect(docs.get('f1')).toMatchObject({
      id: 'f1',
      title: '지도 확대',
      userId: 'u1',
      submittedAt: '2026-11-25T01:00:00.000Z',
    });
    expect(docs.get('f2')?.userId).toBeNull();
  });
});
