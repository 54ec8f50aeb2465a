import { describe, expect, it } from 'vitest';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { at, documentOf, guidebookEvents, pageWithItem } from '../testing/guidebook-events.ts';
import { guidebookEditorProjector } from './guidebook-editor-projector.ts';

const g1 = guidebookEvents('g1');
const pageA = pageWithItem('a');
const pageB = pageWithItem('b');
const document = documentOf('제주 3박 4일', [pageA]);
const created = g1.created({ document });

describe('the guidebook-editor read model', () => {
  it('given a creation, then the whole document with empty settings at revision 0', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([created, { streamId: 'user-u1', type: 'UserRegistered', data: { userId: 'u1' } }]),
    );
    expect([...docs.keys()]).toEqual(['g1']);
    expect(docs.get('g1')).toEqual({
      id: 'g1',
      uuid: 'uuid-g1',
      ownerId: 'u1',
      company: 'Jeju Trails',
      document,
      password: '',
      published: false,
      isPublicGallery: false,
      isSampleGuidebook: false,
      isSampleContent: false,
      thumbnailUrl: null,
      thumbnailGeneratedAt: null,
      views: { count: 0 },
      source: 'new',
      copiedFrom: null,
      createdAt: at(0),
      updatedAt: at(0),
      revision: 0,
    });
  });

  it('when edited, copied and an item deleted, then the document follows and the revision is the last event', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([
        created,
        g1.edited(
          [
            { op: 'replace', path: ['title'], value: 'Jeju in Spring' },
            { op: 'add', path: ['contents', 1], value: pageB },
          ],
          5,
        ),
        g1.pageCopied({ ...pageB, _id: 'b-copy' }, 2, 6),
        g1.itemDeleted(pageA, 7),
      ]),
    );
    const doc = docs.get('g1');
    expect(doc?.document.title).toBe('Jeju in Spring');
    expect(doc?.document.contents.map((page) => page._id)).toEqual(['a-1', 'b-1', 'b-copy']);
    expect(doc?.document.contents[0]?.sections[0]?.items).toEqual([]);
    expect(doc?.document.contents[1]).toEqual(pageB);
    expect(doc).toMatchObject({ revision: 3, updatedAt: at(7) });
  });

  it('keeps the password and every setting; the revision moves with each event, thumbnails included', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([
        created,
        g1.password('jeju', 2),
        g1.published(3),
        g1.gallery(true, 4),
        g1.sampleFlags(false, true, 5),
        g1.thumbnail(6),
      ]),
    );
    expect(docs.get('g1')).toMatchObject({
      password: 'jeju',
      published: true,
      isPublicGallery: true,
      isSampleGuidebook: false,
      isSampleContent: true,
      thumbnailUrl: 'https://cdn.example.com/g1-6.webp',
      thumbnailGeneratedAt: at(6),
      updatedAt: at(5),
      revision: 5,
      document,
    });
  });

  it('moves the revision on an event type this build does not know, leaving the rest', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([created, { streamId: 'guidebook-g1', type: 'GuidebookTranslated', data: { guidebookId: 'g1' } }]),
    );
    expect(docs.get('g1')).toMatchObject({ revision: 1, updatedAt: at(0), document });
  });

  it('a deletion drops the document', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([created, g1.unpublished(1), g1.deleted(2), g1.thumbnail(3)]),
    );
    expect(docs.size).toBe(0);
  });

  it('records where a copy came from', () => {
    const copy = guidebookEvents('g2').created({ document });
    const docs = projectEvents(
      guidebookEditorProjector,
      recordedEvents([{ ...copy, data: { ...copy.data, source: 'copy', copiedFrom: 'g1' } }]),
    );
    expect(docs.get('g2')).toMatchObject({ source: 'copy', copiedFrom: 'g1' });
  });
});

describe('views in the editor model', () => {
  const viewed = (guidebookId: string, count: number, minute: number) => ({
    streamId: `views-${guidebookId}`,
    type: 'GuidebookViewed',
    data: { guidebookId, count, viewedAt: at(minute) },
  });

  it('given flushed views, then the count adds up while the revision and updatedAt stay those of the guidebook', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([created, g1.published(1), viewed('g1', 12, 2), viewed('g1', 3, 3), viewed('g2', 50, 4)]),
    );
    expect(docs.get('g1')).toMatchObject({ views: { count: 15 }, revision: 1, updatedAt: at(1) });
    expect(docs.has('g2')).toBe(false);
  });

  it('a deletion still drops the document, and later views do not bring it back', () => {
    const docs = expectIdempotent(
      guidebookEditorProjector,
      recordedEvents([created, viewed('g1', 4, 1), g1.deleted(2), viewed('g1', 2, 3)]),
    );
    expect(docs.has('g1')).toBe(false);
  });
});
