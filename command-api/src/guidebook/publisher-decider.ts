import { MAX_PUBLISHED, type PublisherEvent } from '@pocketguide/contracts';
import type { Decider } from '../core/decider.ts';
import { PublishLimitError } from './guidebook-errors.ts';

/**
 * The owner's publishing slots (`publisher-<userId>`): the consistency boundary of "at most 10 published at once,
 * gallery ones excluded". A guidebook takes a slot before it is published (or leaves the gallery) and gives it back
 * after it is unpublished (or joins the gallery, or is deleted), so the slots held are never fewer than the
 * guidebooks that count.
 */
export type PublisherState = {
  /** the guidebooks holding a slot, oldest first, with when they took it (stale ones are reclaimed) */
  slots: Array<{ guidebookId: string; takenAt: string }>;
  /** every guidebook that ever took a slot: what "unpublish all" looks at */
  known: string[];
};

type At = { now: Date };
export type TakePublishSlot = {
  type: 'TakePublishSlot';
  /** `limit`: the owner's plan's (publishLimitOf); MAX_PUBLISHED when not given */
  data: At & { userId: string; guidebookId: string; reason: 'publish' | 'gallery-off'; limit?: number };
};
export type ReleasePublishSlot = {
  type: 'ReleasePublishSlot';
  data: At & { userId: string; guidebookId: string; reason: 'unpublish' | 'gallery-on' | 'deleted' };
};
export type PublisherCommand = TakePublishSlot | ReleasePublishSlot;

export const publisherDecider: Decider<PublisherState, PublisherCommand, PublisherEvent> = {
  initialState: () => ({ slots: [], known: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'PublishSlotTaken': {
        const { guidebookId, at } = event.data;
        return {
          slots: [...state.slots.filter((slot) => slot.guidebookId !== guidebookId), { guidebookId, takenAt: at }],
          known: state.known.includes(guidebookId) ? state.known : [...state.known, guidebookId],
        };
      }
      case 'PublishSlotReleased':
        return { ...state, slots: state.slots.filter((slot) => slot.guidebookId !== event.data.guidebookId) };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    const { userId, guidebookId } = command.data;
    const at = command.data.now.toISOString();
    const holds = state.slots.some((slot) => slot.guidebookId === guidebookId);
    switch (command.type) {
      case 'TakePublishSlot': {
        if (holds) return [];
        const limit = command.data.limit ?? MAX_PUBLISHED;
        if (state.slots.length >= limit) throw new PublishLimitError(limit);
        return [{ type: 'PublishSlotTaken', data: { userId, guidebookId, reason: command.data.reason, at } }];
      }
      case 'ReleasePublishSlot': {
        if (!holds) return [];
        return [{ type: 'PublishSlotReleased', data: { userId, guidebookId, reason: command.data.reason, at } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
