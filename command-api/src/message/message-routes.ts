import { Router, type Request, type Response } from 'express';
import {
  INBOX,
  MESSAGE_MESSAGES,
  billingNoticeMessageId,
  USERS,
  inboxStream,
  messageStream,
  messageWriteSchema,
  inboxEventDecoder,
  messageEventDecoder,
  type MessageAudience,
  type MessageContent,
  type MessageWritten,
  type UserDoc,
} from '@pocketguide/contracts';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '@pocketguide/platform/http/errors';
import { pathParam } from '@pocketguide/platform/http/path-param';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { commandStep, createCommandHandler, createStreamLoader, decodedWith, type CommandMetadata } from '../core/command-handler.ts';
import { deriveId, type Clock, type IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { inboxDecider, messageDecider, type MessageState } from './message-decider.ts';

export type MessageRoutesDeps = { eventStore: EventStore; readStore: ReadStore; auth: Auth; clock: Clock; ids: IdSource };

/** At most this many characters of an id in a path: anything longer is no message of ours. */
const ID_MAX = 100;

const idParam = (req: Request): string => pathParam(req, 'id', MESSAGE_MESSAGES.notFound, ID_MAX);

/**
 * The administrators' message calls (spec 3 §2.9, §7) and a member's dismissal. A write saves the words; `showing:
 * true` then sends them, `showing: false` first takes a shown message back. The recipients of a sending are the
 * members the audience means at that moment, read from `users`: everyone living, paying members, or free members
 * (administrators receive messages to everyone only).
 */
export function messageRoutes({ eventStore, readStore, auth, clock, ids }: MessageRoutesDeps): Router {
  const messages = createCommandHandler(eventStore, messageDecider, { toEvent: decodedWith(messageEventDecoder) });
  const inbox = createCommandHandler(eventStore, inboxDecider, { toEvent: decodedWith(inboxEventDecoder) });
  const loadMessage = createStreamLoader(eventStore, messageDecider, { toEvent: decodedWith(messageEventDecoder) });
  const users = readStore.collection<UserDoc>(USERS);
  const router = Router();

  async function recipientsOf(audience: MessageAudience): Promise<string[]> {
    const filter = audience === 'all' ? { isHidden: false } : { isHidden: false, role: 'user', subscription: audience === 'paid' };
    return (await users.find(filter)).map((user) => user.id).sort();
  }

  async function write(messageId: string, content: MessageContent, showing: boolean | undefined, metadata: CommandMetadata, mustExist: boolean): Promise<number> {
    const stream = messageStream(messageId);
    let position = 0;
    if (showing === false && mustExist) {
      position = (await messages(stream, { type: 'UnsendMessage', data: { messageId, now: clock.now() } }, { metadata: commandStep(metadata, 'unsend') })).position;
    }
    const guard = (state: MessageState) => {
      if (mustExist && state.status !== 'written') throw new NotFoundError(MESSAGE_MESSAGES.notFound);
    };
    const saved = await messages(stream, { type: 'SaveMessage', data: { messageId, content, now: clock.now() } }, { metadata, guard });
    position = Math.max(position, saved.position);
    if (showing === true) {
      const recipients = await recipientsOf(content.users);
      const sent = await messages(stream, { type: 'SendMessage', data: { messageId, recipients, now: clock.now() } }, { metadata: commandStep(metadata, 'send') });
      position = Math.max(position, sent.position);
    }
    return position;
  }

  function contentOf(req: Request): { content: MessageContent; showing: boolean | undefined } {
    const { showing, saved: _saved, status: _status, _id, createdAt: _c, updatedAt: _u, sentAt: _s, recipientsCount: _r, ...content } = parseOrThrow(messageWriteSchema, req.body);
    return { content, showing };
  }

  router.post('/admin/messages', auth.admin, async (req, res) => {
    const { content, showing } = contentOf(req);
    const metadata = commandMetadata(req, ids, req.user);
    // Derived from the command id, so a retried create (same Idempotency-Key) is the same message.
    const messageId = deriveId(`message:${metadata.commandId}`);
    const answer: MessageWritten = { _id: messageId, position: await write(messageId, content, showing, metadata, false) };
    res.status(201).json(answer);
  });

  router.put('/admin/messages/:id', auth.admin, async (req, res) => {
    const messageId = idParam(req);
    const { content, showing } = contentOf(req);
    const answer: MessageWritten = { _id: messageId, position: await write(messageId, content, showing, commandMetadata(req, ids, req.user), true) };
    res.json(answer);
  });

  const remove = async (req: Request, res: Response) => {
    const messageId = idParam(req);
    await messages(messageStream(messageId), { type: 'DeleteMessage', data: { messageId, now: clock.now() } }, { metadata: commandMetadata(req, ids, req.user) });
    res.status(204).end();
  };
  router.delete('/messages/:id', auth.admin, remove);
  router.delete('/admin/messages/:id', auth.admin, remove);

  router.post('/messages/:id/dismiss', auth.required, async (req, res) => {
    if (!req.user) throw new UnauthorizedError('Please log in');
    const messageId = idParam(req);
    // Only a message there is can be dismissed: any other id would be stored in the inbox's stream for nothing.
    // A billing notice has no message stream: it is the person's own, in their inbox.
    if (messageId.startsWith(billingNoticeMessageId(''))) {
      if ((await readStore.collection(INBOX).get(`${messageId}:${req.user.id}`)) === null) throw new NotFoundError(MESSAGE_MESSAGES.notFound);
    } else {
      const { state } = await loadMessage(messageStream(messageId));
      if (state.status !== 'written') throw new NotFoundError(MESSAGE_MESSAGES.notFound);
      // only the people it was sent to may dismiss it (a message taken back has nobody to dismiss it)
      if (!state.recipients.includes(req.user.id)) throw new ForbiddenError(MESSAGE_MESSAGES.notRecipient);
    }
    const result = await inbox(
      inboxStream(req.user.id),
      { type: 'DismissMessage', data: { userId: req.user.id, messageId, now: clock.now() } },
      { metadata: commandMetadata(req, ids, req.user), retryOnConflict: true },
    );
    res.json({ _id: messageId, position: result.position });
  });

  return router;
}
