import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { GUIDEBOOK_LIST, type GuidebookEvent, type GuidebookListDoc } from '@pocketguide/contracts';
import type { Projector } from '../projector.ts';

/** The authors' and administrators' lists: one small document per guidebook, searchable and sortable. */
export const guidebookListProjector: Projector<GuidebookListDoc> = {
  name: GUIDEBOOK_LIST,
  collection: GUIDEBOOK_LIST,
  indexes: [{ fields: { updatedAt: -1 } }, { fields: { createdAt: -1 } }, { fields: { uuid: 1 }, unique: true }],
  filter: { streamCategories: ['guidebook'] },
  documentIds: (event: RecordedEvent) => {
    const data = event.data as { guidebookId?: unknown };
    return typeof data.guidebookId === 'string' ? [data.guidebookId] : [];
  },
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as GuidebookEvent;
    switch (event.type) {
      case 'GuidebookCreated':
        return {
          id: event.data.guidebookId,
          uuid: event.data.uuid,
          title: event.data.title,
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      default:
        // events of later versions this projector does not know leave the document as it is
        return doc;
    }
  },
};
