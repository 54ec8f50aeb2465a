import {
  newContentPage,
  newGuidebookDocument,
  newSection,
  newSectionItem,
  type ContentPage,
  type GuidebookDocument,
  type IdGenerator,
  type Patch,
} from '@pocketguide/contracts';

/**
 * Valid guidebook event data for projector tests, in the contracts' shapes. Times are 2026-05-01 plus `minute`
 * minutes, so tests read which event set a time.
 */

export const at = (minute: number): string => new Date(Date.UTC(2026, 4, 1, 9, minute)).toISOString();

export function testIds(prefix: string): IdGenerator {
  let next = 0;
  return { newId: () => `${prefix}-${++next}` };
}

/** An attractions page (id `<prefix>-1`) with one section holding one text item. */
export function pageWithItem(prefix: string): ContentPage {
  const ids = testIds(prefix);
  const page = newContentPage('attractions', ids);
  return { ...page, sections: [newSection(ids, [newSectionItem('text', ids)])] };
}

export function documentOf(title: string, contents: ContentPage[] = []): GuidebookDocument {
  return { ...newGuidebookDocument({ title }), contents };
}

export const guidebookEvents = (guidebookId: string) => {
  const streamId = `guidebook-${guidebookId}`;
  return {
    created: (
      data: { ownerId?: string; company?: string; document?: GuidebookDocument; uuid?: string; minute?: number } = {},
    ) => ({
      streamId,
      type: 'GuidebookCreated',
      data: {
        v: 2,
        guidebookId,
        uuid: data.uuid ?? `uuid-${guidebookId}`,
        ownerId: data.ownerId ?? 'u1',
        company: data.company ?? 'Jeju Trails',
        document: data.document ?? documentOf('제주 3박 4일'),
        source: 'new',
        createdAt: at(data.minute ?? 0),
      },
    }),
    edited: (patches: Patch[], minute: number, baseRevision = 0) => ({
      streamId,
      type: 'GuidebookEdited',
      data: { guidebookId, baseRevision, patches, inversePatches: [], summary: [], kind: 'edit', editedAt: at(minute) },
    }),
    pageCopied: (content: ContentPage, index: number, minute: number) => ({
      streamId,
      type: 'ContentPageCopied',
      data: { guidebookId, sourceContentId: 'source', content, index, copiedAt: at(minute) },
    }),
    itemDeleted: (page: ContentPage, minute: number) => {
      const section = page.sections[0]!;
      const item = section.items[0]!;
      return {
        streamId,
        type: 'SectionItemDeleted',
        data: {
          guidebookId,
          contentId: page._id,
          sectionId: section._id,
          itemId: item._id,
          item,
          index: 0,
          deletedAt: at(minute),
        },
      };
    },
    published: (minute: number) => ({
      streamId,
      type: 'GuidebookPublished',
      data: { guidebookId, publishedAt: at(minute) },
    }),
    unpublished: (minute: number) => ({
      streamId,
      type: 'GuidebookUnpublished',
      data: { guidebookId, reason: 'single', unpublishedAt: at(minute) },
    }),
    gallery: (isPublicGallery: boolean, minute: number) => ({
      streamId,
      type: 'GuidebookPublicGallerySet',
      data: { guidebookId, isPublicGallery, setAt: at(minute) },
    }),
    /** as the command appends it today: with the hash it made */
    password: (
      password: string,
      minute: number,
      passwordHash: string | null = password === '' ? null : `$scrypt$ln=14,r=8,p=1$c2FsdA==$${password}`,
    ) => ({
      streamId,
      type: 'GuidebookPasswordSet',
      data: { v: 2, guidebookId, password, passwordHash, setAt: at(minute) },
    }),
    /** as version 1 stored it: the text only */
    legacyPassword: (password: string, minute: number) => ({
      streamId,
      type: 'GuidebookPasswordSet',
      data: { guidebookId, password, setAt: at(minute) },
    }),
    sampleFlags: (isSampleGuidebook: boolean, isSampleContent: boolean, minute: number) => ({
      streamId,
      type: 'GuidebookSampleFlagsSet',
      data: { guidebookId, isSampleGuidebook, isSampleContent, setAt: at(minute) },
    }),
    thumbnail: (minute: number) => ({
      streamId,
      type: 'GuidebookThumbnailRecorded',
      data: {
        guidebookId,
        thumbnailUrl: `https://cdn.example.com/${guidebookId}-${minute}.webp`,
        generatedAt: at(minute),
      },
    }),
    deleted: (minute: number) => ({ streamId, type: 'GuidebookDeleted', data: { guidebookId, deletedAt: at(minute) } }),
  };
};
