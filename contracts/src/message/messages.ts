import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';
import { pageNumber } from '../list-query.ts';

/**
 * System messages (spec 3 §2.4, §2.9, §6, §7): administrators write a message, save it, send it to an audience
 * (everyone, paying or free members), unsend and delete it. Who receives a sent message is decided when it is sent
 * and written into the `MessageSent` event: members who join later do not receive it, and a member who stops paying
 * keeps what they received. One stream per message, `message-<id>`; each member's dismissals on `inbox-<userId>`.
 */

export const MESSAGE_TYPES = ['information', 'alert', 'warning'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_AUDIENCES = ['all', 'paid', 'free'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const MESSAGE_PAGE_SIZE = 10;
/** Spec 3 §8: the bell shows the first three. */
export const BELL_MESSAGES = 3;
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_TEXT_MAX = 5000;

export const MESSAGE_MESSAGES = {
  required: 'Required Field',
  notFound: 'Message not found',
  editWhileShowing: 'Unsend the message before changing it',
  notRecipient: 'This message was not sent to you',
} as const;

export const messageStream = (messageId: string): string => `message-${messageId}`;
export const MESSAGE_STREAM_CATEGORY = 'message';
export const inboxStream = (userId: string): string => `inbox-${userId}`;
export const INBOX_STREAM_CATEGORY = 'inbox';

/** YYYY-MM-DD, as the form sends it (spec 3 §2.9). */
export const messageDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD').refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Not a date');

/** What an administrator writes. */
export const messageContentSchema = z.object({
  title: z.string().trim().min(1, MESSAGE_MESSAGES.required).max(MESSAGE_TITLE_MAX),
  message: z.string().trim().min(1, MESSAGE_MESSAGES.required).max(MESSAGE_TEXT_MAX),
  type: z.enum(MESSAGE_TYPES).default('information'),
  users: z.enum(MESSAGE_AUDIENCES).default('all'),
  messageDate: messageDateSchema,
  /** flagged messages also show in the site-wide banner (red for alerts, yellow for warnings, blue otherwise) */
  notification: z.boolean().default(false),
});
export type MessageContent = z.output<typeof messageContentSchema>;

/**
 * POST admin/messages and PUT admin/messages/{id}: the content with the spec's flags. `showing: true` sends it,
 * `showing: false` on a shown message unsends it; `saved` and `status` are the server's and are ignored, so what a
 * GET returns a PUT accepts. Server-owned fields (`_id`, dates, recipients) are ignored too.
 */
export const messageWriteSchema = messageContentSchema.extend({
  showing: z.boolean().optional(),
  saved: z.boolean().optional(),
  status: z.string().optional(),
  _id: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  sentAt: z.string().nullable().optional(),
  recipientsCount: z.number().optional(),
});
export type MessageWrite = z.output<typeof messageWriteSchema>;

const contentData = {
  messageId: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(MESSAGE_TYPES),
  users: z.enum(MESSAGE_AUDIENCES),
  messageDate: z.string(),
  notification: z.boolean(),
};
export const messageSavedSchema = z.object({ ...contentData, savedAt: z.iso.datetime() });
/** The words as sent (what members read) and the members it went to, decided when it was sent. */
export const messageSentSchema = z.object({
  ...contentData,
  recipients: z.array(z.string()),
  sentAt: z.iso.datetime(),
});
export const messageUnsentSchema = z.object({ messageId: z.string(), recipients: z.array(z.string()), unsentAt: z.iso.datetime() });
export const messageDeletedSchema = z.object({ messageId: z.string(), recipients: z.array(z.string()), deletedAt: z.iso.datetime() });
export const messageDismissedSchema = z.object({ userId: z.string(), messageId: z.string(), dismissedAt: z.iso.datetime() });

export type MessageSaved = { type: 'MessageSaved'; data: z.infer<typeof messageSavedSchema> };
export type MessageSent = { type: 'MessageSent'; data: z.infer<typeof messageSentSchema> };
export type MessageUnsent = { type: 'MessageUnsent'; data: z.infer<typeof messageUnsentSchema> };
export type MessageDeleted = { type: 'MessageDeleted'; data: z.infer<typeof messageDeletedSchema> };
export type MessageEvent = MessageSaved | MessageSent | MessageUnsent | MessageDeleted;
export type MessageDismissed = { type: 'MessageDismissed'; data: z.infer<typeof messageDismissedSchema> };

export const messageEventSchemas = {
  MessageSaved: messageSavedSchema,
  MessageSent: messageSentSchema,
  MessageUnsent: messageUnsentSchema,
  MessageDeleted: messageDeletedSchema,
  MessageDismissed: messageDismissedSchema,
} as const;
export type AnyMessageEvent = MessageEvent | MessageDismissed;

/**
 * How the two categories are read (see `event-decoding.ts`): a message's stream (`message-<id>`) and a member's
 * dismissals (`inbox-<userId>`). Every type is at version 1, no upcaster yet.
 */
export const messageEventDecoder: EventDecoder<MessageEvent> = eventDecoder({
  schemas: { MessageSaved: messageSavedSchema, MessageSent: messageSentSchema, MessageUnsent: messageUnsentSchema, MessageDeleted: messageDeletedSchema },
});
export const inboxEventDecoder: EventDecoder<MessageDismissed> = eventDecoder({ schemas: { MessageDismissed: messageDismissedSchema } });
const anyMessageEventDecoder: EventDecoder<AnyMessageEvent> = eventDecoder({ schemas: messageEventSchemas });

export function isMessageEventType(type: string): type is AnyMessageEvent['type'] {
  return anyMessageEventDecoder.knows(type);
}

export function decodeMessageEvent(type: AnyMessageEvent['type'], data: unknown): AnyMessageEvent {
  return anyMessageEventDecoder.decode(type, data);
}

/** Spec 3 §6: Showing when shown as a notification, Sent when shown, else waiting (a draft or unsent). */
export type MessageStatus = 'showing' | 'sent' | 'waiting';
export const messageStatusOf = ({ showing, notification }: { showing: boolean; notification: boolean }): MessageStatus =>
  showing ? (notification ? 'showing' : 'sent') : 'waiting';

/** `messages`: one document per living message, for the administrators. */
export const MESSAGES = 'messages';
export type MessageDoc = MessageContent & {
  id: string;
  saved: boolean;
  showing: boolean;
  recipients: string[];
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** `inbox`: one document per message and member who received it (`<messageId>:<userId>`), while it is shown. */
export const INBOX = 'inbox';
export type InboxDoc = MessageContent & { id: string; messageId: string; userId: string; sentAt: string; dismissed: boolean };

/** A message as the calls answer it (spec 3 §7). */
export const messageSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(MESSAGE_TYPES),
  users: z.enum(MESSAGE_AUDIENCES),
  messageDate: z.string(),
  notification: z.boolean(),
  saved: z.boolean(),
  showing: z.boolean(),
  status: z.enum(['showing', 'sent', 'waiting']),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  recipientsCount: z.number().int().optional(),
  /** a member's own copy: whether they dismissed it */
  dismissed: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  pages: z.number().int(),
  page: z.number().int(),
  totalCount: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageListQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  users: z.union([z.enum(MESSAGE_AUDIENCES), z.literal('')]).optional(),
  type: z.union([z.enum(MESSAGE_TYPES), z.literal(''), z.literal('all')]).optional(),
});

/** Answer of a message command. */
export const messageWrittenSchema = z.object({ _id: z.string(), position: z.number(), message: messageSchema.optional() });
export type MessageWritten = z.infer<typeof messageWrittenSchema>;
