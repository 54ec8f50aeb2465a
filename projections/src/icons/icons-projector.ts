import { ICON_LIBRARY_STREAM_CATEGORY, ICONS, decodeIconEvent, isIconEventType, type IconDoc } from '@pocketguide/contracts';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Projector } from '../projector.ts';

function iconIdOf(event: RecordedEvent): readonly string[] {
  if (!isIconEventType(event.type)) return [];
  const { iconId } = event.data as { iconId?: unknown };
  return typeof iconId === 'string' ? [iconId] : [];
}

/**
 * `icons` (spec 3 §2.3): one document per icon ever uploaded, newest first per owner and for everyone; a deleted
 * icon stays, flagged, so an administrator's deletion can still find whose library held it.
 */
export const iconsProjector: Projector<IconDoc> = {
  name: ICONS,
  collection: ICONS,
  indexes: [{ fields: { userId: 1, deleted: 1, createdAt: -1 } }, { fields: { deleted: 1, createdAt: -1 } }],
  filter: { streamCategories: [ICON_LIBRARY_STREAM_CATEGORY] },
  documentIds: iconIdOf,
  evolve(doc, recorded) {
    if (!isIconEventType(recorded.type)) return doc;
    const event = decodeIconEvent(recorded.type, recorded.data);
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
