import { ICON_MESSAGES, ICONS_PER_USER, type IconEvent } from '@pocketguide/contracts';
import { AppError, NotFoundError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

/** A person's icon library: the icons they have now (deleted ones are gone from it). */
export type IconLibraryState = { icons: ReadonlyMap<string, string> };

export type UploadIcon = {
  type: 'UploadIcon';
  data: { iconId: string; userId: string; url: string; bytes: number; now: Date };
};
export type DeleteIcon = { type: 'DeleteIcon'; data: { iconId: string; userId: string; now: Date } };
export type IconCommand = UploadIcon | DeleteIcon;

export class IconLimitError extends AppError {
  constructor() {
    super(400, 'icon_limit_reached', ICON_MESSAGES.limit, { errors: [{ path: 'file', message: ICON_MESSAGES.limit }] });
  }
}

export const iconLibraryDecider: Decider<IconLibraryState, IconCommand, IconEvent> = {
  initialState: () => ({ icons: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'IconUploaded':
        return { icons: new Map(state.icons).set(event.data.iconId, event.data.url) };
      case 'IconDeleted': {
        const icons = new Map(state.icons);
        icons.delete(event.data.iconId);
        return { icons };
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'UploadIcon': {
        const { iconId, userId, url, bytes, now } = command.data;
        if (state.icons.has(iconId)) return [];
        if (state.icons.size >= ICONS_PER_USER) throw new IconLimitError();
        return [{ type: 'IconUploaded', data: { iconId, userId, url, bytes, uploadedAt: now.toISOString() } }];
      }
      case 'DeleteIcon': {
        const { iconId, userId, now } = command.data;
        if (!state.icons.has(iconId)) throw new NotFoundError(ICON_MESSAGES.notFound);
        return [{ type: 'IconDeleted', data: { iconId, userId, deletedAt: now.toISOString() } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
