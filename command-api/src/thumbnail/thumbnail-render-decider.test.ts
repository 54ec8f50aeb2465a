import { describe, it } from 'vitest';
import type { ThumbnailRenderEvent } from '@pocketguide/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { FAILURE_REASON_MAX, thumbnailRenderDecider, type RecordThumbnailFailure } from './thumbnail-render-decider.ts';

const spec = deciderSpec(thumbnailRenderDecider);
const now = new Date('2026-05-01T09:05:00.000Z');
const requestedAt = '2026-05-01T09:00:00.000Z';

const failure = (reason = 'Navigation timeout of 20000 ms exceeded', at = requestedAt): RecordThumbnailFailure => ({
  type: 'RecordThumbnailFailure',
  data: { guidebookId: 'g1', requestedAt: at, reason, now },
});
const failed = (at = requestedAt, reason = 'Navigation timeout of 20000 ms exceeded'): ThumbnailRenderEvent => ({
  type: 'ThumbnailRenderFailed',
  data: { guidebookId: 'g1', requestedAt: at, reason, failedAt: now.toISOString() },
});

describe('thumbnail render failures', () => {
  it('given nothing, when the worker gives up on a request, then the failure is recorded with its reason', () => {
    spec.given([]).when(failure()).then([failed()]);
  });

  it('given that failure, when it is recorded again, then nothing happens; a later request’s failure is its own', () => {
    spec.given([failed()]).when(failure()).thenNothingHappens();
    spec
      .given([failed()])
      .when(failure('boom', '2026-05-01T09:01:00.000Z'))
      .then([failed('2026-05-01T09:01:00.000Z', 'boom')]);
  });

  it('a long reason is cut to fit the event', () => {
    spec
      .given([])
      .when(failure('x'.repeat(2000)))
      .then([failed(requestedAt, 'x'.repeat(FAILURE_REASON_MAX))]);
  });
});
