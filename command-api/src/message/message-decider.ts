import {
  MESSAGE_MESSAGES,
  messageContentOf,
  type MessageContent,
  type MessageDismissed,
  type MessageEvent,
} from '@pocketguide/contracts';
import { ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

export type MessageState =
  | { status: 'none' }
  | { status: 'written'; content: MessageContent; showing: boolean; recipients: readonly string[] }
  | { status: 'deleted' };

export type SaveMessage = { type: 'SaveMessage'; data: { messageId: string; content: MessageContent; now: Date } };
/** `recipients`: the members the audience means now, looked up by the route when it sends */
export type SendMessage = {
  type: 'SendMessage';
  data: { messageId: string; recipients: readonly string[]; now: Date };
};
export type UnsendMessage = { type: 'UnsendMessage'; data: { messageId: string; now: Date } };
export type DeleteMessage = { type: 'DeleteMessage'; data: { messageId: string; now: Date } };
export type MessageCommand = SaveMessage | SendMessage | UnsendMessage | DeleteMessage;

const sameContent = (a: MessageContent, b: MessageContent): boolean =>
  a.title === b.title &&
  a.message === b.message &&
  (a.titleEn ?? '') === (b.titleEn ?? '') &&
  (a.messageEn ?? '') === (b.messageEn ?? '') &&
  a.type === b.type &&
  a.users === b.users &&
  a.messageDate === b.messageDate &&
  a.notification === b.notification;

function written(state: MessageState): Extract<MessageState, { status: 'written' }> {
  if (state.status !== 'written') throw new NotFoundError(MESSAGE_MESSAGES.notFound);
  return state;
}

export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'MessageSaved': {
        const { messageId: _id, savedAt: _at, ...fields } = event.data;
        const content = messageContentOf(fields);
        return state.status === 'written'
          ? { ...state, content }
          : { status: 'written', content, showing: false, recipients: [] };
      }
      case 'MessageSent':
        return state.status === 'written' ? { ...state, showing: true, recipients: event.data.recipients } : state;
      case 'MessageUnsent':
        return state.status === 'written' ? { ...state, showing: false, recipients: [] } : state;
      case 'MessageDeleted':
        return { status: 'deleted' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SaveMessage': {
        const { messageId, content, now } = command.data;
        if (state.status === 'deleted') throw new NotFoundError(MESSAGE_MESSAGES.notFound);
        if (state.status === 'written' && sameContent(state.content, content)) return [];
        // Members already hold the sent words; changing them under their eyes would rewrite what they read.
        if (state.status === 'written' && state.showing) throw new ForbiddenError(MESSAGE_MESSAGES.editWhileShowing);
        return [
          { type: 'MessageSaved', data: { messageId, ...messageContentOf(content), savedAt: now.toISOString() } },
        ];
      }
      case 'SendMessage': {
        const message = written(state);
        if (message.showing) return [];
        return [
          {
            type: 'MessageSent',
            data: {
              messageId: command.data.messageId,
              ...messageContentOf(message.content),
              recipients: [...command.data.recipients],
              sentAt: command.data.now.toISOString(),
            },
          },
        ];
      }
      case 'UnsendMessage': {
        const message = written(state);
        if (!message.showing) return [];
        return [
          {
            type: 'MessageUnsent',
            data: {
              messageId: command.data.messageId,
              recipients: [...message.recipients],
              unsentAt: command.data.now.toISOString(),
            },
          },
        ];
      }
      case 'DeleteMessage': {
        const message = written(state);
        return [
          {
            type: 'MessageDeleted',
            data: {
              messageId: command.data.messageId,
              recipients: [...message.recipients],
              deletedAt: command.data.now.toISOString(),
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** A member's inbox: which messages they dismissed (kept on the server, so every device agrees). */
export type InboxState = { dismissed: ReadonlySet<string> };
export type DismissMessage = { type: 'DismissMessage'; data: { userId: string; messageId: string; now: Date } };

export const inboxDecider: Decider<InboxState, DismissMessage, MessageDismissed> = {
  initialState: () => ({ dismissed: new Set() }),
  evolve: (state, event) => ({ dismissed: new Set(state.dismissed).add(event.data.messageId) }),
  decide(command, state) {
    const { userId, messageId, now } = command.data;
    if (state.dismissed.has(messageId)) return [];
    return [{ type: 'MessageDismissed', data: { userId, messageId, dismissedAt: now.toISOString() } }];
  },
};
