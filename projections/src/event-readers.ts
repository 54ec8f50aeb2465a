import { USER_STREAM_CATEGORY, userEventDecoder } from '@pocketguide/contracts/account/account-events';
import type { EventDecoder } from '@pocketguide/contracts/event-decoding';
import { FEEDBACK_STREAM_CATEGORY, feedbackEventDecoder } from '@pocketguide/contracts/feedback/feedback-events';
import {
  GUIDEBOOK_STREAM_CATEGORY,
  VIEWS_STREAM_CATEGORY,
  guidebookEventDecoder,
  guidebookViewsEventDecoder,
} from '@pocketguide/contracts/guidebook/guidebook-events';
import { ICON_LIBRARY_STREAM_CATEGORY, iconEventDecoder } from '@pocketguide/contracts/icon/icons';
import { READING_STREAM_CATEGORY, readingEventDecoder } from '@pocketguide/contracts/insights/reading';
import {
  INBOX_STREAM_CATEGORY,
  MESSAGE_STREAM_CATEGORY,
  inboxEventDecoder,
  messageEventDecoder,
} from '@pocketguide/contracts/message/messages';
import { PAYMENT_STREAM_CATEGORY, paymentEventDecoder } from '@pocketguide/contracts/payment/payment-events';
import {
  THUMBNAIL_REQUESTS_STREAM_CATEGORY,
  THUMBNAIL_STREAM_CATEGORY,
  thumbnailRenderEventDecoder,
  thumbnailRequestEventDecoder,
} from '@pocketguide/contracts/thumbnail/thumbnail-events';
import { streamCategory, type RecordedEvent } from '@pocketguide/platform/event-store/event-store';

/**
 * The log as the read models read it. Each reader below reads one category of streams with that category's decoder
 * (contracts' `event-decoding.ts`): an event of a type it knows comes out upcast to today's version, validated, and
 * typed, with where and when it was recorded; any other event is not its business (null). A read model's `decode`
 * asks the readers of its categories in turn.
 *
 * Each reader decodes a recorded event once, however many read models follow its category: the runner hands the
 * same event object to every member of its pass, and the reader keeps what it decoded (weakly, so an event is
 * forgotten with its batch). A decoded event is shared: read models never change what they are given.
 *
 * A stored event of a known type whose data does not fit throws `EventDecodeError`: the read model fails at that
 * event (the runner reports it and retries) instead of building documents from data it misread.
 */

/** An event as deciders and read models see it: a type and its data. */
export type DomainEvent = { type: string; data: unknown };

/** A recorded event whose `type` and `data` are one of `E`'s, decoded: what a projector's `evolve` is given. */
export type Logged<E extends DomainEvent> = RecordedEvent & E;

/**
 * An event of a followed category whose type this build does not know (a newer writer's). Read models leave such
 * events alone, except one that must count every event of a stream (the editor's revision): it asks for them.
 */
export type UnknownEvent = { type: 'UnknownEvent'; data: { storedType: string } };

export type CategoryReader<E extends DomainEvent> = {
  category: string;
  /** the event decoded, when it is of this category and of a type this build knows; else null */
  read(recorded: RecordedEvent): Logged<E> | null;
  /** an event of this category of a type this build does not know, as an `UnknownEvent`; else null */
  unknown(recorded: RecordedEvent): Logged<UnknownEvent> | null;
};

export function categoryReader<E extends DomainEvent>(category: string, decoder: EventDecoder<E>): CategoryReader<E> {
  const decoded = new WeakMap<RecordedEvent, Logged<E> | null>();
  const inCategory = (recorded: RecordedEvent) => streamCategory(recorded.streamId) === category;
  return {
    category,
    read(recorded: RecordedEvent): Logged<E> | null {
      const known = decoded.get(recorded);
      if (known !== undefined) return known;
      const event =
        inCategory(recorded) && decoder.knows(recorded.type)
          ? decoder.decode(recorded.type, recorded.data, { metadata: recorded.metadata })
          : null;
      const logged = event === null ? null : { ...recorded, ...event };
      decoded.set(recorded, logged);
      return logged;
    },
    unknown(recorded: RecordedEvent): Logged<UnknownEvent> | null {
      if (!inCategory(recorded) || decoder.knows(recorded.type)) return null;
      return { ...recorded, type: 'UnknownEvent', data: { storedType: recorded.type } };
    },
  };
}

/** `user-<id>`: the accounts' own events (the email and Kakao reservations share the category; no read model reads them). */
export const userEvents = categoryReader(USER_STREAM_CATEGORY, userEventDecoder);
export const paymentEvents = categoryReader(PAYMENT_STREAM_CATEGORY, paymentEventDecoder);
export const guidebookEvents = categoryReader(GUIDEBOOK_STREAM_CATEGORY, guidebookEventDecoder);
export const guidebookViewsEvents = categoryReader(VIEWS_STREAM_CATEGORY, guidebookViewsEventDecoder);
export const thumbnailRequestEvents = categoryReader(THUMBNAIL_REQUESTS_STREAM_CATEGORY, thumbnailRequestEventDecoder);
export const thumbnailRenderEvents = categoryReader(THUMBNAIL_STREAM_CATEGORY, thumbnailRenderEventDecoder);
export const messageEvents = categoryReader(MESSAGE_STREAM_CATEGORY, messageEventDecoder);
export const inboxEvents = categoryReader(INBOX_STREAM_CATEGORY, inboxEventDecoder);
export const iconEvents = categoryReader(ICON_LIBRARY_STREAM_CATEGORY, iconEventDecoder);
export const feedbackEvents = categoryReader(FEEDBACK_STREAM_CATEGORY, feedbackEventDecoder);
export const readingEvents = categoryReader(READING_STREAM_CATEGORY, readingEventDecoder);

/** The log as it is stored, undecoded: for a read model that indexes every event whatever its type (the audit timeline). */
export const asStored = (recorded: RecordedEvent): Logged<DomainEvent> => recorded;
