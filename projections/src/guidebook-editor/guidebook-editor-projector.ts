import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { GUIDEBOOK_EDITOR, GUIDEBOOK_STREAM_CATEGORY, applyDocumentEvent, type GuidebookEditorDoc } from '@pocketguide/contracts';
import type { Projector } from '../projector.ts';
import { evolveSettings, initialSettings } from '../guidebook-settings.ts';
import { decodeRecorded, guidebookIdOf } from '../guidebook-stream.ts';

/**
 * `guidebook-editor`: the whole current document of each guidebook with its settings, for the editor and the
 * preview (GET guidebooks/{id}) and for the samples administrators mark. The document follows the same
 * `applyDocumentEvent` the write side folds, so both hold the same document at the same revision. A deleted
 * guidebook's document is dropped.
 */
export const guidebookEditorProjector: Projector<GuidebookEditorDoc> = {
  name: GUIDEBOOK_EDITOR,
  collection: GUIDEBOOK_EDITOR,
  indexes: [
    { fields: { isSampleGuidebook: 1, updatedAt: -1 } },
    { fields: { isSampleContent: 1, updatedAt: -1 } },
  ],
  filter: { streamCategories: [GUIDEBOOK_STREAM_CATEGORY] },
  documentIds: (event: RecordedEvent) => guidebookIdOf(event),
  evolve(doc, recorded) {
    const event = decodeRecorded(recorded);
    // Every event of the stream moves the revision, even one this build does not know: it is what `If-Match` checks.
    const revision = recorded.revision;
    if (event?.type === 'GuidebookCreated') {
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
    if (event === null) return { ...doc, revision };
    switch (event.type) {
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
