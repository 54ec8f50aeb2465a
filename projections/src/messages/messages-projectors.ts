import {
  INBOX,
  INBOX_STREAM_CATEGORY,
  MESSAGE_STREAM_CATEGORY,
  MESSAGES,
  billingNoticeMessageId,
  type BillingNoticeKind,
  type BillingNoticeSent,
  type InboxDoc,
  type MessageDismissed,
  type MessageDoc,
  type MessageEvent,
  type UserEvent,
} from '@pocketguide/contracts';
import { inboxEvents, messageEvents, userEvents, type Logged } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/** `messages` (spec 3 §2.9): one document per living message, for the administrators' list and form. */
export const messagesProjector: Projector<MessageDoc, MessageEvent> = {
  name: MESSAGES,
  collection: MESSAGES,
  indexes: [{ fields: { createdAt: -1 } }],
  filter: { streamCategories: [MESSAGE_STREAM_CATEGORY] },
  decode: messageEvents.read,
  documentIds: (event) => [event.data.messageId],
  evolve(doc, event) {
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
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

const inboxId = (messageId: string, userId: string) => `${messageId}:${userId}`;

/** What the inbox reads: the messages, the members' dismissals, and the billing worker's notices on `user-<id>`. */
type InboxEvent = MessageEvent | MessageDismissed | UserEvent;

/** A billing notice the worker sent with its in-app words (`BillingNoticeSent` on `user-<id>`), else null. */
function billingNotice(event: Logged<InboxEvent>): BillingNoticeSent['data'] | null {
  if (event.type !== 'BillingNoticeSent') return null;
  return event.data.title !== undefined && event.data.message !== undefined ? event.data : null;
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
export const inboxProjector: Projector<InboxDoc, InboxEvent> = {
  name: INBOX,
  collection: INBOX,
  indexes: [{ fields: { userId: 1, sentAt: -1 } }],
  // Of the accounts' events only the billing notices: the others are no business of the inbox, and are not decoded for it.
  filter: {
    streamCategories: [MESSAGE_STREAM_CATEGORY, INBOX_STREAM_CATEGORY, userEvents.category],
    eventTypes: ['MessageSaved', 'MessageSent', 'MessageUnsent', 'MessageDeleted', 'MessageDismissed', 'BillingNoticeSent'],
  },
  decode: (recorded) => messageEvents.read(recorded) ?? inboxEvents.read(recorded) ?? userEvents.read(recorded),
  documentIds: (event) => {
    switch (event.type) {
      case 'BillingNoticeSent': {
        const notice = billingNotice(event);
        return notice ? [inboxId(billingNoticeMessageId(notice.key), notice.userId)] : [];
      }
      case 'MessageDismissed':
        return [inboxId(event.data.messageId, event.data.userId)];
      case 'MessageSent':
      case 'MessageUnsent':
      case 'MessageDeleted':
        return event.data.recipients.map((userId) => inboxId(event.data.messageId, userId));
      default:
        return [];
    }
  },
  evolve(doc, event, id) {
    const notice = billingNotice(event);
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
      default:
        // a message saved and not sent yet; an account's other events, which the filter keeps out
        return doc;
    }
  },
};
