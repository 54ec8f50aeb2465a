import { GUIDEBOOK_STREAM_CATEGORY, PUBLIC_GALLERY, guidebookEventTime, type GuidebookEvent, type PublicGalleryDoc } from '@pocketguide/contracts';
import { guidebookEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import { guidebookListProjector } from '../guidebook-list/guidebook-list-projector.ts';
import { guidebookIdOf } from '../guidebook-stream.ts';

/**
 * `public-gallery` (spec 3 §2.2): every guidebook with the list's fields, evolved by the list's own projector, and
 * `listed` (published, in the gallery, not deleted) with `joinedAt`, the time it last joined, so the gallery can
 * show the newest arrivals first from one index. Views are not the gallery's business: it follows guidebook
 * streams only.
 */
export const publicGalleryProjector: Projector<PublicGalleryDoc, GuidebookEvent> = {
  name: PUBLIC_GALLERY,
  collection: PUBLIC_GALLERY,
  indexes: [{ fields: { listed: 1, joinedAt: -1 } }],
  filter: { streamCategories: [GUIDEBOOK_STREAM_CATEGORY] },
  decode: guidebookEvents.read,
  documentIds: guidebookIdOf,
  evolve(doc, event, id) {
    const next = guidebookListProjector.evolve(doc, event, id);
    if (next === null) return null;
    const listed = next.published && next.isPublicGallery && !next.deleted;
    const wasListed = doc?.listed ?? false;
    const joinedAt = listed && !wasListed ? guidebookEventTime(event) : (doc?.joinedAt ?? null);
    return { ...next, listed, joinedAt: listed ? joinedAt : null };
  },
};
