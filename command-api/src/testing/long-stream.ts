import { randomUUID } from 'node:crypto';
import { guidebookStream } from '@pocketguide/contracts';
import type { EventStore, NewEvent } from '@pocketguide/platform/event-store/event-store';

/**
 * Gives a new guidebook (revision 0, title `Jeju`) a long stream quickly: `count` title edits ('Jeju 1', 'Jeju 2',
 * …), the very events the handler writes, appended straight to the store in batches of 500 (the handler would take
 * minutes), all dated `editedAt` by `userId`. Afterwards the stream is at revision `count` and the title is
 * `Jeju ${count}`.
 */
export async function appendTitleEdits(
  store: EventStore,
  options: { guidebookId: string; userId: string; count: number; editedAt: string },
): Promise<void> {
  const { guidebookId, userId, count, editedAt } = options;
  const streamId = guidebookStream(guidebookId);
  let title = 'Jeju';
  for (let revision = 1; revision <= count;) {
    const batch: NewEvent[] = [];
    for (; batch.length < 500 && revision <= count; revision++) {
      const next = `Jeju ${revision}`;
      batch.push({
        id: randomUUID(),
        type: 'GuidebookEdited',
        data: {
          guidebookId,
          baseRevision: revision - 1,
          patches: [{ op: 'replace', path: ['title'], value: next }],
          inversePatches: [{ op: 'replace', path: ['title'], value: title }],
          summary: [{ key: 'renamed-guidebook', params: { title: next } }],
          kind: 'edit',
          editedAt,
        },
        metadata: { userId, commandId: randomUUID() },
      });
      title = next;
    }
    await store.appendToStream(streamId, batch, { expectedRevision: revision - batch.length - 1 });
  }
}
