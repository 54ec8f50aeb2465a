import {
  INBOX,
  INBOX_STREAM_CATEGORY,
  MESSAGE_STREAM_CATEGORY,
  MESSAGES,
  billingNoticeMessageId,
  billingNoticeSentSchema,
  decodeMessageEvent,
  isMessageEventType,
  type AnyMessageEvent,
  type BillingNoticeKind,
  type InboxDoc,
  type MessageDoc,
} from '@pocketguide/contracts';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Projector } from '../projector.ts';

function decoded(recorded: RecordedEvent): AnyMessageEvent | null {
  return isMessageEventType(recorded.type) ? decodeMessageEvent(recorded.type, recorded.data) : null;
}

/** `messages` (spec 3 §2.9): one document per living message, for the administrators' list and form. */
export const messagesProjector: Projector<MessageDoc> = {
  name: MESSAGES,
  collection: MESSAGES,
  indexes: [{ fields: { createdAt: -1 } }],
  filter: { streamCategories: [MESSAGE_STREAM_CATEGORY] },
  documentIds: (recorded) => {
    const event = decoded(recorded);
    return event && event.type !== 'MessageDismissed' ? [event.data.messageId] : [];
  },
  evolve(doc, recorded) {
    const event = decoded(recorded);
    if (event === null) return doc;
    switch (event.type) {
      case 'MessageSaved': {
        const { messageId, savedAt, ...content } = event.data;
        if (doc === null) return { id: messageId, ...content, saved: true, showing: false, recipients: [], sentAt: null, createdAt: savedAt, updatedAt: savedAt };
        return { ...doc, ...content, saved: true, updatedAt: savedAt };
      }
      case 'MessageSent':
        return doc === null ? null : { ...doc, saved: false, showing: true, recipients: event.data.recipients, sentAt: event.data.sentAt, updatedAt: event.data.sentAt };
      case 'MessageUnsent':
        return doc === null ? null : { ...doc, saved: true, showing: false, recipients: [], updatedAt: event.data.unsentAt };
      case 'MessageDeleted':
        return null;
      case 'MessageDismissed':
        return doc;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

const inboxId = (messageId: string, userId: string) => `${messageId}:${userId}`;

/** A billing notice the worker sent with its in-app words (`BillingNoticeSent` on `user-<id>`), else null. */
function billingNotice(recorded: RecordedEvent) {
  if (recorded.type !== 'BillingNoticeSent') return null;
  const notice = billingNoticeSentSchema.safeParse(recorded.data);
  return notice.success && notice.data.title !== undefined && notice.data.message !== undefined ? notice.data : null;
}

/** How a billing notice shows: a failed charge as a warning and a lapse as an alert, both in the banner too. */
const NOTICE_LOOK: Record<BillingNoticeKind, { type: InboxDoc['type']; notification: boolean }> = {
  'renewal-upcoming': { type: 'information', notification: false },
  'charge-failed': { type: 'warning', notification: true },
  lapsed: { type: 'alert', notification: true },
};

/**
 * `inbox` (spec 3 §2.4): one document per message and member who received it, while it is shown: the words as
 * sent, and whether the member dismissed it. Unsending or deleting takes it from the same members. The billing
 * worker's notices (a renewal ahead, a failed charge, a lapse) come in as messages to one person (issue 12).
 */
export const inboxProjector: Projector<InboxDoc> = {
  name: INBOX,
  collection: INBOX,
  indexes: [{ fields: { userId: 1, sentAt: -1 } }],
  filter: { streamCategories: [MESSAGE_STREAM_CATEGORY, INBOX_STREAM_CATEGORY, 'user'] },
  documentIds: (recorded) => {
    const notice = billingNotice(recorded);
    if (notice) return [inboxId(billingNoticeMessageId(notice.key), notice.userId)];
    const event = decoded(recorded);
    if (event === null || event.type === 'MessageSaved') return [];
    if (event.type === 'MessageDismissed') return [inboxId(event.data.messageId, event.data.userId)];
    return event.data.recipients.map((userId) => inboxId(event.data.messageId, userId));
  },
  evolve(doc, recorded, id) {
    const notice = billingNotice(recorded);
    if (notice) {
      const { title, message, userId, sentAt, kind, key } = notice;
      if (title === undefined || message === undefined) return doc;
      return {
        id,
        messageId: billingNoticeMessageId(key),
        userId,
        title,
        message,
        ...NOTICE_LOOK[kind],
        users: 'all',
        messageDate: sentAt.slice(0, 10),
        sentAt,
        dismissed: doc?.dismissed ?? false,
      };
    }
    const event = decoded(recorded);
    if (event === null) return doc;
    switch (event.type) {
      case 'MessageSent': {
        const { recipients: _recipients, sentAt, messageId, ...content } = event.data;
        const userId = id.slice(messageId.length + 1);
        // Sending again (after an unsend) shows it again, also to members who had dismissed it.
        return { id, messageId, userId, ...content, sentAt, dismissed: false };
      }
      case 'MessageUnsent':
      case 'MessageDeleted':
        return null;
      case 'MessageDismissed':
        return doc === null ? null : { ...doc, dismissed: true };
      case 'MessageSaved':
        return doc;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
