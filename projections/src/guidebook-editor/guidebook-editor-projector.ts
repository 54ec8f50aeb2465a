import {
  GUIDEBOOK_EDITOR,
  GUIDEBOOK_STREAM_CATEGORY,
  VIEWS_STREAM_CATEGORY,
  applyDocumentEvent,
  type GuidebookEditorDoc,
  type GuidebookEvent,
  type GuidebookViewsEvent,
} from '@pocketguide/contracts';
import { guidebookEvents, guidebookViewsEvents, type UnknownEvent } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import { evolveSettings, initialSettings } from '../guidebook-settings.ts';
import { guidebookOrViewsIdOf } from '../guidebook-stream.ts';

/**
 * `guidebook-editor`: the whole current document of each guidebook with its settings, for the editor and the
 * preview (GET guidebooks/{id}) and for the samples administrators mark. The document follows the same
 * `applyDocumentEvent` the write side folds, so both hold the same document at the same revision. A deleted
 * guidebook's document is dropped. `views.count` adds up the guidebook's `views-<id>` stream, as the lists do; views
 * live in their own stream, so they never move the revision an editor saves against.
 */
export const guidebookEditorProjector: Projector<GuidebookEditorDoc, GuidebookEvent | GuidebookViewsEvent | UnknownEvent> = {
  name: GUIDEBOOK_EDITOR,
  collection: GUIDEBOOK_EDITOR,
  indexes: [
    { fields: { isSampleGuidebook: 1, updatedAt: -1 } },
    { fields: { isSampleContent: 1, updatedAt: -1 } },
  ],
  filter: { streamCategories: [GUIDEBOOK_STREAM_CATEGORY, VIEWS_STREAM_CATEGORY] },
  // Every event of the stream moves the revision, even one this build does not know: it is what `If-Match` checks.
  decode: (recorded) => guidebookEvents.read(recorded) ?? guidebookViewsEvents.read(recorded) ?? guidebookEvents.unknown(recorded),
  documentIds: guidebookOrViewsIdOf,
  evolve(doc, event) {
    if (event.type === 'GuidebookViewed') return doc === null ? null : { ...doc, views: { count: doc.views.count + event.data.count } };
    const revision = event.revision;
    if (event.type === 'GuidebookCreated') {
      return {
        ...initialSettings(event),
        document: event.data.document,
        password: '',
        source: event.data.source,
        copiedFrom: event.data.copiedFrom ?? null,
        revision,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'UnknownEvent':
        return { ...doc, revision };
      case 'GuidebookEdited':
      case 'ContentPageCopied':
      case 'SectionItemDeleted':
        return evolveSettings({ ...doc, document: applyDocumentEvent(doc.document, event), revision }, event);
      case 'GuidebookPasswordSet':
        return evolveSettings({ ...doc, password: event.data.password, revision }, event);
      case 'GuidebookDeleted':
        return null;
      default:
        return evolveSettings({ ...doc, revision }, event);
    }
  },
};
