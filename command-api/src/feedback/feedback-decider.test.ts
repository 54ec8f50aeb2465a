import { describe, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '@pocketguide/contracts';
import { ConflictError, ValidationError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import { feedbackDecider, type SubmitFeedback } from './feedback-decider.ts';

const spec = deciderSpec(feedbackDecider);
const now = new Date('2026-03-02T01:02:03.000Z');
const base: SubmitFeedback['data'] = {
  feedbackId: 'f1',
  title: '지도 확대',
  feedback: '지도를 두 손가락으로 확대할 수 있으면 좋겠어요.',
  url: 'https://pocketguide.example/guidebooks',
  userAgent: 'Mozilla/5.0',
  clientTimestamp: '2026-03-02T10:02:00+09:00',
  userId: 'u1',
  now,
};
const submit = (data: Partial<SubmitFeedback['data']> = {}): SubmitFeedback => ({
  type: 'SubmitFeedback',
  data: { ...base, ...data },
});
const submitted = {
  type: 'FeedbackSubmitted' as const,
  data: {
    feedbackId: 'f1',
    title: '지도 확대',
    feedback: base.feedback,
    url: base.url,
    userAgent: base.userAgent,
    clientTimestamp: base.clientTimestamp,
    submittedAt: '2026-03-02T01:02:03.000Z',
    userId: 'u1',
  },
};

describe('SubmitFeedback', () => {
  it('given nothing, when a signed-in person sends feedback, then FeedbackSubmitted with the time the route passed in', () => {
    spec.given([]).when(submit()).then([submitted]);
  });

  it('given nothing, when an anonymous visitor sends feedback without a title, then neither title nor user is recorded', () => {
    const { title: _title, userId: _userId, ...rest } = submitted.data;
    spec
      .given([])
      .when(submit({ title: undefined, userId: undefined }))
      .then([{ type: 'FeedbackSubmitted', data: rest }]);
  });

  it('given nothing, when the text is blank, then it is refused', () => {
    spec
      .given([])
      .when(submit({ feedback: '  \n ' }))
      .thenThrows(ValidationError, FEEDBACK_MESSAGES.empty);
  });

  it('given sent feedback, when the same id is sent again, then it is refused', () => {
    spec.given([submitted]).when(submit()).thenThrows(ConflictError, 'already been sent');
  });

  it('evolves to submitted', () => {
    spec.given([]).when(submit()).thenState({ status: 'submitted', feedbackId: 'f1' });
  });
});
