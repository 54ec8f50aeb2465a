import { Router, type Request, type Response } from 'express';
import {
  INBOX,
  MESSAGE_MESSAGES,
  MESSAGES,
  messageListQuerySchema,
  messageStatusOf,
  type InboxDoc,
  type Message,
  type MessageContent,
  type MessageDoc,
  type MessagePage,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { Filter, ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { ReadYourWrites } from '../core/read-your-writes.ts';

export type MessageQueryRoutesDeps = { readStore: ReadStore; readYourWrites: ReadYourWrites; auth: Auth };

/** The words of a message, as every answer carries them: both versions, the English one only when there is one. */
function contentOf(
  doc: MessageContent,
): Pick<Message, 'title' | 'message' | 'titleEn' | 'messageEn' | 'type' | 'users' | 'messageDate' | 'notification'> {
  const { title, message, titleEn, messageEn, type, users, messageDate, notification } = doc;
  return {
    title,
    message,
    ...(titleEn && messageEn ? { titleEn, messageEn } : {}),
    type,
    users,
    messageDate,
    notification,
  };
}

function fromMessage(doc: MessageDoc): Message {
  return {
    _id: doc.id,
    ...contentOf(doc),
    saved: doc.saved,
    showing: doc.showing,
    status: messageStatusOf(doc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    sentAt: doc.sentAt,
    recipientsCount: doc.recipients.length,
  };
}

/** A member's copy: the words as sent, shown since it was sent. */
function fromInbox(doc: InboxDoc): Message {
  return {
    _id: doc.messageId,
    ...contentOf(doc),
    saved: false,
    showing: true,
    status: messageStatusOf({ showing: true, notification: doc.notification }),
    createdAt: doc.sentAt,
    updatedAt: doc.sentAt,
    sentAt: doc.sentAt,
    dismissed: doc.dismissed,
  };
}

function listQuery(req: Request) {
  const { after: _after, access_token: _a, token: _t, ...query } = req.query;
  return parseOrThrow(messageListQuerySchema, query, 'query');
}

/**
 * GET messages and messages/{id}: the signed-in member's received messages, newest sent first (spec 3 §2.4);
 * GET admin/messages and admin/messages/{id}: every message, newest first, filtered by audience and type (§2.9).
 * Both answer `messages, pages` with the page and the total count.
 */
export function messageQueryRoutes({ readStore, readYourWrites, auth }: MessageQueryRoutesDeps): Router {
  const router = Router();
  const inbox = readStore.collection<InboxDoc>(INBOX);
  const messages = readStore.collection<MessageDoc>(MESSAGES);

  async function paged<D extends { id: string }>(
    req: Request,
    res: Response,
    collection: typeof inbox | typeof messages,
    filter: Filter,
    sortField: 'sentAt' | 'createdAt',
    toMessage: (doc: D) => Message,
  ): Promise<MessagePage> {
    const { page, limit } = listQuery(req);
    await readYourWrites(req, res, [collection === inbox ? INBOX : MESSAGES]);
    const [totalCount, docs] = await Promise.all([
      collection.count(filter),
      collection.find(filter, { sort: { [sortField]: -1, id: 1 }, skip: (page - 1) * limit, limit }),
    ]);
    return {
      messages: (docs as unknown as D[]).map(toMessage),
      page,
      pages: Math.max(1, Math.ceil(totalCount / limit)),
      totalCount,
    };
  }

  function userOf(req: Request): string {
    if (!req.user) throw new UnauthorizedError('Please log in');
    return req.user.id;
  }

  router.get('/messages', auth.required, async (req, res) => {
    res.json(await paged<InboxDoc>(req, res, inbox, { userId: userOf(req) }, 'sentAt', fromInbox));
  });

  router.get('/messages/:id', auth.required, async (req, res) => {
    const userId = userOf(req);
    await readYourWrites(req, res, [INBOX]);
    const doc = await inbox.get(`${String(req.params.id)}:${userId}`);
    if (!doc || doc.userId !== userId) throw new NotFoundError(MESSAGE_MESSAGES.notFound);
    res.json(fromInbox(doc));
  });

  router.get('/admin/messages', auth.admin, async (req, res) => {
    const { users, type } = listQuery(req);
    const filter: Filter = {};
    if (users && users !== 'all') filter.users = users;
    if (type && type !== 'all') filter.type = type;
    res.json(await paged<MessageDoc>(req, res, messages, filter, 'createdAt', fromMessage));
  });

  router.get('/admin/messages/:id', auth.admin, async (req, res) => {
    await readYourWrites(req, res, [MESSAGES]);
    const doc = await messages.get(String(req.params.id));
    if (!doc) throw new NotFoundError(MESSAGE_MESSAGES.notFound);
    res.json(fromMessage(doc));
  });

  return router;
}
