import { ICON_LIBRARY_STREAM_CATEGORY, ICONS, type IconDoc, type IconEvent } from '@pocketguide/contracts';
import { iconEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/**
 * `icons` (spec 3 §2.3): one document per icon ever uploaded, newest first per owner and for everyone; a deleted
 * icon stays, flagged, so an administrator's deletion can still find whose library held it.
 */
export const iconsProjector: Projector<IconDoc, IconEvent> = {
  name: ICONS,
  collection: ICONS,
  indexes: [{ fields: { userId: 1, deleted: 1, createdAt: -1 } }, { fields: { deleted: 1, createdAt: -1 } }],
  filter: { streamCategories: [ICON_LIBRARY_STREAM_CATEGORY] },
  decode: iconEvents.read,
  documentIds: (event) => [event.data.iconId],
  evolve(doc, event) {
    switch (event.type) {
      case 'IconUploaded':
        return { id: event.data.iconId, userId: event.data.userId, url: event.data.url, createdAt: event.data.uploadedAt, deleted: false };
      case 'IconDeleted':
        return doc === null ? null : { ...doc, deleted: true };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
