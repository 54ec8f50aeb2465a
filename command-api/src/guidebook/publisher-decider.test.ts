import { describe, it } from 'vitest';
import { GUIDEBOOK_MESSAGES, MAX_PUBLISHED, type PublisherEvent } from '@pocketguide/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { PublishLimitError } from './guidebook-errors.ts';
import { publisherDecider, type PublisherCommand } from './publisher-decider.ts';

const spec = deciderSpec(publisherDecider);
const now = new Date('2026-11-22T09:00:00.000Z');
const at = now.toISOString();
const taken = (guidebookId: string, reason: 'publish' | 'gallery-off' = 'publish'): PublisherEvent => ({
  type: 'PublishSlotTaken',
  data: { userId: 'u1', guidebookId, reason, at },
});
const released = (
  guidebookId: string,
  reason: 'unpublish' | 'gallery-on' | 'deleted' = 'unpublish',
): PublisherEvent => ({
  type: 'PublishSlotReleased',
  data: { userId: 'u1', guidebookId, reason, at },
});
const take = (guidebookId: string): PublisherCommand => ({
  type: 'TakePublishSlot',
  data: { userId: 'u1', guidebookId, reason: 'publish', now },
});
const release = (guidebookId: string): PublisherCommand => ({
  type: 'ReleasePublishSlot',
  data: { userId: 'u1', guidebookId, reason: 'unpublish', now },
});
const tenTaken = Array.from({ length: MAX_PUBLISHED }, (_, i) => taken(`g${i}`));

describe('the publisher stream: at most 10 published at once', () => {
  it('takes a slot; the same guidebook again takes nothing', () => {
    spec
      .given([])
      .when(take('g1'))
      .then([taken('g1')]);
    spec
      .given([taken('g1')])
      .when(take('g1'))
      .thenNothingHappens();
  });

  it("with 10 slots held, the 11th is refused with the spec's text", () => {
    spec.given(tenTaken).when(take('g10')).thenThrows(PublishLimitError, GUIDEBOOK_MESSAGES.publishLimit);
    spec.given(tenTaken).when(take('g3')).thenNothingHappens();
  });

  it('a released slot (unpublished, or joined the gallery) makes room', () => {
    spec
      .given([...tenTaken, released('g4', 'gallery-on')])
      .when(take('g10'))
      .then([taken('g10')]);
    spec
      .given([...tenTaken, released('g4')])
      .when(take('g10'))
      .then([taken('g10')]);
  });

  it('releases only a held slot, and remembers every guidebook that ever published', () => {
    spec
      .given([taken('g1')])
      .when(release('g1'))
      .then([released('g1')]);
    spec.given([]).when(release('g1')).thenNothingHappens();
    spec
      .given([taken('g1'), released('g1')])
      .when(release('g1'))
      .thenNothingHappens();
    spec
      .given([taken('g1')])
      .when(release('g1'))
      .thenState({ slots: [], known: ['g1'] });
  });
});
