import { describe, expect, it } from 'vitest';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { at, documentOf, guidebookEvents, pageWithItem } from '../testing/guidebook-events.ts';
import { guidebookListProjector, outlineAfter } from './guidebook-list-projector.ts';

const g1 = guidebookEvents('g1');
const pageA = pageWithItem('a');
const pageB = pageWithItem('b');
const created = g1.created({ document: documentOf('제주 3박 4일', [pageA]) });

const listDoc = {
  id: 'g1',
  uuid: 'uuid-g1',
  title: '제주 3박 4일',
  ownerId: 'u1',
  company: 'Jeju Trails',
  published: false,
  isPublicGallery: false,
  isSampleGuidebook: false,
  isSampleContent: false,
  thumbnailUrl: null,
  thumbnailGeneratedAt: null,
  views: { count: 0 },
  contentsCount: 1,
  deleted: false,
  createdAt: at(0),
  updatedAt: at(0),
};

describe('the guidebook-list read model', () => {
  it('given a creation, then one document with the owner, the title and the number of pages; other streams are ignored', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([
        created,
        { streamId: 'user-u1', type: 'UserRegistered', data: { userId: 'u1' } },
        {
          streamId: 'publisher-u1',
          type: 'PublishSlotTaken',
          data: { userId: 'u1', guidebookId: 'g1', reason: 'publish', at: at(1) },
        },
      ]),
    );
    expect([...docs.keys()]).toEqual(['g1']);
    expect(docs.get('g1')).toEqual(listDoc);
  });

  it('when edited, then the title and the page count follow the patches and updatedAt moves', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([
        created,
        g1.edited(
          [
            { op: 'replace', path: ['title'], value: 'Jeju in Spring' },
            { op: 'add', path: ['contents', 1], value: pageB },
            { op: 'replace', path: ['contents', 0, 'title'], value: 'Not a page count change' },
          ],
          5,
        ),
        g1.pageCopied({ ...pageA, _id: 'a-copy' }, 1, 6),
        g1.itemDeleted(pageA, 7),
      ]),
    );
    expect(docs.get('g1')).toEqual({ ...listDoc, title: 'Jeju in Spring', contentsCount: 3, updatedAt: at(7) });
  });

  it("a blank title shows as 'Untitled Guidebook'", () => {
    const docs = projectEvents(
      guidebookListProjector,
      recordedEvents([
        g1.created({ document: documentOf('  ') }),
        g1.edited([{ op: 'replace', path: ['title'], value: '' }], 1),
      ]),
    );
    expect(docs.get('g1')?.title).toBe('Untitled Guidebook');
    expect(
      projectEvents(guidebookListProjector, recordedEvents([g1.created({ document: documentOf('') })])).get('g1')
        ?.title,
    ).toBe('Untitled Guidebook');
  });

  it('follows publishing, the gallery, sample flags and the password; a thumbnail does not move updatedAt', () => {
    const events = recordedEvents([
      created,
      g1.published(10),
      g1.gallery(true, 11),
      g1.thumbnail(12),
      g1.sampleFlags(true, false, 13),
    ]);
    expect(expectIdempotent(guidebookListProjector, events).get('g1')).toEqual({
      ...listDoc,
      published: true,
      isPublicGallery: true,
      isSampleGuidebook: true,
      thumbnailUrl: 'https://cdn.example.com/g1-12.webp',
      thumbnailGeneratedAt: at(12),
      updatedAt: at(13),
    });

    const later = expectIdempotent(
      guidebookListProjector,
      recordedEvents([created, g1.published(10), g1.gallery(true, 11), g1.thumbnail(12)]),
    );
    expect(later.get('g1')?.updatedAt).toBe(at(11));

    const withPassword = expectIdempotent(guidebookListProjector, recordedEvents([created, g1.password('jeju', 14)]));
    expect(withPassword.get('g1')).toEqual({ ...listDoc, updatedAt: at(14) });
  });

  it('unpublishing also takes it out of the gallery', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([created, g1.published(10), g1.gallery(true, 11), g1.unpublished(20)]),
    );
    expect(docs.get('g1')).toMatchObject({ published: false, isPublicGallery: false, updatedAt: at(20) });
  });

  it('a deletion keeps the document, flagged, and its last update', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([created, g1.published(10), g1.unpublished(20), g1.deleted(30)]),
    );
    expect(docs.get('g1')).toMatchObject({ deleted: true, published: false, updatedAt: at(20) });
  });

  it("reads the first thread's version-1 creation: the owner from the metadata, no company", () => {
    const [v1] = recordedEvents([
      {
        streamId: 'guidebook-g0',
        type: 'GuidebookCreated',
        data: { guidebookId: 'g0', uuid: 'u0', title: 'Busan', createdAt: at(0) },
      },
    ]);
    const docs = expectIdempotent(guidebookListProjector, [{ ...v1!, metadata: { userId: 'u9' } }]);
    expect(docs.get('g0')).toMatchObject({
      id: 'g0',
      uuid: 'u0',
      title: 'Busan',
      ownerId: 'u9',
      company: '',
      contentsCount: 0,
    });
  });

  it('leaves a document alone for an event type this build does not know, and ignores events before a creation', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([
        g1.published(1),
        created,
        { streamId: 'guidebook-g1', type: 'GuidebookTranslated', data: { guidebookId: 'g1' } },
      ]),
    );
    expect(docs.get('g1')).toEqual(listDoc);
  });
});

describe('views from the viewer', () => {
  const viewed = (guidebookId: string, count: number | undefined, minute: number) => ({
    streamId: `views-${guidebookId}`,
    type: 'GuidebookViewed',
    data: { guidebookId, ...(count === undefined ? {} : { count }), viewedAt: at(minute) },
  });

  it('adds up the flushed counts of the views stream (an event without a count is one view); updatedAt stays', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([
        created,
        g1.published(1),
        viewed('g1', 12, 2),
        viewed('g1', 3, 3),
        viewed('g1', undefined, 4),
        viewed('g2', 50, 5),
      ]),
    );
    expect(docs.get('g1')).toEqual({ ...listDoc, published: true, updatedAt: at(1), views: { count: 16 } });
    expect(docs.has('g2')).toBe(false);
  });

  it('counts survive later changes and a deletion keeps the total', () => {
    const docs = expectIdempotent(
      guidebookListProjector,
      recordedEvents([
        created,
        g1.published(1),
        viewed('g1', 7, 2),
        g1.edited([{ op: 'replace', path: ['title'], value: 'Busan' }], 3),
        g1.deleted(4),
      ]),
    );
    expect(docs.get('g1')).toMatchObject({ title: 'Busan', deleted: true, views: { count: 7 } });
  });
});

describe('outlineAfter: the title and page count from patches alone', () => {
  const outline = { title: 'Jeju', contentsCount: 2 };

  it('reads a whole-document replace, a contents replace and a shortened length', () => {
    expect(outlineAfter(outline, [{ op: 'replace', path: [], value: documentOf('Busan', [pageA]) }])).toEqual({
      title: 'Busan',
      contentsCount: 1,
    });
    expect(outlineAfter(outline, [{ op: 'replace', path: ['contents'], value: [] }])).toEqual({
      title: 'Jeju',
      contentsCount: 0,
    });
    expect(outlineAfter(outline, [{ op: 'replace', path: ['contents', 'length'], value: 1 }])).toEqual({
      title: 'Jeju',
      contentsCount: 1,
    });
  });

  it('counts pages added and removed, and ignores everything deeper', () => {
    expect(
      outlineAfter(outline, [
        { op: 'remove', path: ['contents', 0] },
        { op: 'add', path: ['contents', 1], value: pageA },
        { op: 'add', path: ['contents', 1], value: pageB },
        { op: 'replace', path: ['contents', 0], value: pageB },
        { op: 'remove', path: ['contents', 0, 'sections', 0] },
        { op: 'replace', path: ['header', 'type'], value: 'image' },
      ]),
    ).toEqual({ title: 'Jeju', contentsCount: 3 });
  });
});
