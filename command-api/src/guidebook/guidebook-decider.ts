import type { GuidebookEvent } from '@pocketguide/contracts';
import { ConflictError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

/** State is a union on status, not a bag of nullable fields. */
export type GuidebookState = { status: 'none' } | { status: 'active'; guidebookId: string; uuid: string; title: string };

export type CreateGuidebook = {
  type: 'CreateGuidebook';
  data: { guidebookId: string; uuid: string; title: string; now: Date };
};

export type GuidebookCommand = CreateGuidebook;

export const guidebookDecider: Decider<GuidebookState, GuidebookCommand, GuidebookEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'GuidebookCreated':
        return { status: 'active', guidebookId: event.data.guidebookId, uuid: event.data.uuid, title: event.data.title };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateGuidebook': {
        if (state.status !== 'none') throw new ConflictError('This guidebook already exists');
        const { guidebookId, uuid, title, now } = command.data;
        return [{ type: 'GuidebookCreated', data: { guidebookId, uuid, title, createdAt: now.toISOString() } }];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
