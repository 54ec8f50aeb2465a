import type * as NodeCrypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashSharePassword, verifySharePassword } from '@pocketguide/platform/auth/share-password';
import { richParagraph, sampleGuidebook, type GuidebookViewerDoc } from '@pocketguide/contracts';
import { expectIdempotent, projectEvents, recordedEvents } from '../testing/project.ts';
import { at, documentOf, guidebookEvents, pageWithItem } from '../testing/guidebook-events.ts';
import { coverImageOf, descriptionOf, guidebookViewerProjector } from './guidebook-viewer-projector.ts';

/** Every synchronous key derivation anything in this file calls is recorded and refused. */
const syncKeyDerivations = vi.hoisted((): string[] => []);
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  const refuse = (name: string) => () => {
    syncKeyDerivations.push(name);
    throw new Error(`${name} called: a synchronous hash blocks the event loop`);
  };
  return {
    ...crypto,
    default: crypto,
    scryptSync: refuse('scryptSync'),
    pbkdf2Sync: refuse('pbkdf2Sync'),
    hkdfSync: refuse('hkdfSync'),
  };
});

const g1 = guidebookEvents('g1');
const sample = sampleGuidebook('kr');
const created = g1.created({ document: sample });

/** What readers can reach: published documents by uuid, as the viewer route looks them up. */
const readable = (docs: Map<string, GuidebookViewerDoc>, uuid: string) =>
  [...docs.values()].find((doc) => doc.uuid === uuid && doc.published) ?? null;

describe('the guidebook-viewer read model', () => {
  it('given a creation, then nothing readable; when published, one document by uuid with what a reader needs', () => {
    expect(readable(expectIdempotent(guidebookViewerProjector, recordedEvents([created])), 'uuid-g1')).toBeNull();

    const docs = expectIdempotent(guidebookViewerProjector, recordedEvents([created, g1.published(3)]));
    expect([...docs.keys()]).toEqual(['g1']);
    expect(readable(docs, 'uuid-g1')).toEqual({
      id: 'g1',
      uuid: 'uuid-g1',
      ownerId: 'u1',
      published: true,
      document: sample,
      title: '제주 3박 4일 가족 여행',
      description: '2026년 5월 2일 – 5월 5일 · 어른 2, 어린이 2',
      image: '/sample/jeju-coast-large.jpg',
      thumbnailUrl: null,
      hasPassword: false,
      passwordHash: null,
      publishedAt: at(3),
      updatedAt: at(3),
    });
  });

  it('when edited while published, then readers get the new document, title and description at once', () => {
    const docs = expectIdempotent(
      guidebookViewerProjector,
      recordedEvents([
        created,
        g1.published(3),
        g1.edited(
          [
            { op: 'replace', path: ['title'], value: '제주 봄 여행' },
            { op: 'replace', path: ['subheader', 'text'], value: richParagraph('  유채꽃   가득한 4월  ') },
            { op: 'replace', path: ['header', 'type'], value: 'text' },
          ],
          5,
        ),
        g1.pageCopied({ ...sample.contents[0]!, _id: 'copy-1' }, 1, 6),
        g1.thumbnail(7),
      ]),
    );
    const doc = readable(docs, 'uuid-g1');
    expect(doc).toMatchObject({
      published: true,
      title: '제주 봄 여행',
      description: '유채꽃 가득한 4월',
      // the generated thumbnail is the link-preview picture
      image: 'https://cdn.example.com/g1-7.webp',
      thumbnailUrl: 'https://cdn.example.com/g1-7.webp',
      updatedAt: at(6),
    });
    expect(doc?.document.contents.map((page) => page._id)).toEqual([
      sample.contents[0]!._id,
      'copy-1',
      ...sample.contents.slice(1).map((page) => page._id),
    ]);
  });

  it('after every save, the description and picture are the ones its document gives, whichever part it changed', () => {
    // A blank cover: the description comes from the first text item, the picture from the first picture inside.
    const blank = g1.created({ document: documentOf('', [pageWithItem('p')]) });
    const item = ['contents', 0, 'sections', 0, 'items', 0];
    const image = { small: '/s.jpg', medium: '/m.jpg', large: '/l.jpg' };
    const log = recordedEvents([
      blank,
      g1.edited([{ op: 'replace', path: ['title'], value: 'Only the title' }], 2),
      g1.edited([{ op: 'replace', path: [...item, 'content'], value: richParagraph('The first text') }], 3),
      g1.edited([{ op: 'replace', path: ['title'], value: 'The title again' }], 4),
      g1.edited([{ op: 'replace', path: ['header', 'text'], value: richParagraph('From the cover') }], 5),
      g1.edited([{ op: 'replace', path: [...item, 'content'], value: richParagraph('Not read any more') }], 6),
      g1.edited([{ op: 'replace', path: ['header', 'text'], value: richParagraph('') }], 7),
      g1.edited([{ op: 'add', path: ['header', 'image'], value: image }], 8),
      g1.edited([{ op: 'replace', path: ['header', 'type'], value: 'image' }], 9),
      g1.thumbnail(10),
      g1.edited([{ op: 'replace', path: ['title'], value: 'Last' }], 11),
    ]);
    const seen: Array<{ description: string; image: string | null }> = [];
    for (let end = 1; end <= log.length; end += 1) {
      const doc = projectEvents(guidebookViewerProjector, log.slice(0, end)).get('g1')!;
      expect(doc.description).toBe(descriptionOf(doc.document));
      expect(doc.image).toBe(coverImageOf(doc.document, doc.thumbnailUrl));
      seen.push({ description: doc.description, image: doc.image });
    }
    expect(seen.map(({ description }) => description)).toEqual([
      '',
      '',
      'The first text',
      'The first text',
      'From the cover',
      'From the cover',
      'Not read any more',
      'Not read any more',
      'Not read any more',
      'Not read any more',
      'Not read any more',
    ]);
    expect(seen.map(({ image }) => image).slice(-4)).toEqual([
      null,
      '/l.jpg',
      'https://cdn.example.com/g1-10.webp',
      'https://cdn.example.com/g1-10.webp',
    ]);
  });

  it('edits made while unpublished are there when it is published again; unpublishing makes it unreadable', () => {
    const events = recordedEvents([
      created,
      g1.published(1),
      g1.unpublished(2),
      g1.edited([{ op: 'replace', path: ['title'], value: 'Again' }], 3),
    ]);
    const unpublished = expectIdempotent(guidebookViewerProjector, events);
    expect(readable(unpublished, 'uuid-g1')).toBeNull();
    expect(unpublished.get('g1')).toMatchObject({ published: false, publishedAt: null });

    const republished = expectIdempotent(
      guidebookViewerProjector,
      recordedEvents([...events.map(({ type, data, streamId }) => ({ type, data, streamId })), g1.published(4)]),
    );
    expect(readable(republished, 'uuid-g1')).toMatchObject({ title: 'Again', publishedAt: at(4) });
  });

  it('a deletion removes the document', () => {
    const docs = expectIdempotent(
      guidebookViewerProjector,
      recordedEvents([created, g1.published(1), g1.unpublished(2), g1.deleted(3), g1.thumbnail(4)]),
    );
    expect(docs.size).toBe(0);
  });

  it('keeps the share password only as the hash its event carries, which verifies; blank removes the gate', async () => {
    const hash = await hashSharePassword('jeju2026', 'command:c1');
    const docs = expectIdempotent(
      guidebookViewerProjector,
      recordedEvents([created, g1.password('jeju2026', 1, hash), g1.published(2)]),
    );
    const doc = readable(docs, 'uuid-g1');
    expect(doc).toMatchObject({ hasPassword: true, passwordHash: hash, updatedAt: at(2) });
    expect(JSON.stringify(doc)).not.toContain('jeju2026');
    await expect(verifySharePassword('jeju2026', doc?.passwordHash ?? '')).resolves.toBe(true);
    await expect(verifySharePassword('jeju2027', doc?.passwordHash ?? '')).resolves.toBe(false);

    const removed = projectEvents(
      guidebookViewerProjector,
      recordedEvents([created, g1.password('jeju2026', 1, hash), g1.password('', 2)]),
    ).get('g1');
    expect(removed).toMatchObject({ hasPassword: false, passwordHash: null });
  });

  it('given a password set before events carried a hash, keeps the gate closed with no hash (checked against its text at unlock)', () => {
    const docs = expectIdempotent(
      guidebookViewerProjector,
      recordedEvents([created, g1.legacyPassword('jeju2026', 1), g1.published(2)]),
    );
    const doc = readable(docs, 'uuid-g1');
    expect(doc).toMatchObject({ hasPassword: true, passwordHash: null });
    expect(JSON.stringify(doc)).not.toContain('jeju2026');
    const removed = projectEvents(
      guidebookViewerProjector,
      recordedEvents([created, g1.legacyPassword('jeju2026', 1), g1.legacyPassword('', 2)]),
    ).get('g1');
    expect(removed).toMatchObject({ hasPassword: false, passwordHash: null });
  });

  it('never hashes synchronously: a thousand password events fold with every sync key derivation of node:crypto refusing', () => {
    const events = recordedEvents([
      created,
      ...Array.from({ length: 1000 }, (_, i) => g1.password(`pw-${i}`, i + 1)),
      g1.published(1001),
    ]);
    const doc = projectEvents(guidebookViewerProjector, events).get('g1');
    expect(doc?.passwordHash).toBe('$scrypt$ln=14,r=8,p=1$c2FsdA==$pw-999');
    expect(syncKeyDerivations).toEqual([]);
  });

  it('ignores other streams and settings readers do not see', () => {
    const docs = expectIdempotent(
      guidebookViewerProjector,
      recordedEvents([
        created,
        g1.published(1),
        g1.gallery(true, 2),
        g1.sampleFlags(true, false, 3),
        { streamId: 'views-g1', type: 'GuidebookViewed', data: { guidebookId: 'g1', count: 3, viewedAt: at(4) } },
        { streamId: 'guidebook-g1', type: 'GuidebookTranslated', data: { guidebookId: 'g1' } },
      ]),
    );
    expect(readable(docs, 'uuid-g1')).toMatchObject({ updatedAt: at(1), published: true });
  });
});

describe('link-preview fields', () => {
  it('description: subheader text, then its title, then the header, then the first text item; cut at 200 characters', () => {
    const page = pageWithItem('a');
    const withText = {
      ...page,
      sections: [
        {
          ...page.sections[0]!,
          items: [{ _id: 't', type: 'text' as const, isImportant: false, content: richParagraph('첫 번째 글') }],
        },
      ],
    };
    const doc = documentOf('Plain', [withText]);
    expect(descriptionOf(doc)).toBe('첫 번째 글');
    expect(descriptionOf({ ...doc, header: { ...doc.header, text: richParagraph('Header') } })).toBe('Header');
    expect(descriptionOf({ ...doc, subheader: { ...doc.subheader, title: richParagraph('Title') } })).toBe('Title');
    expect(
      descriptionOf({
        ...doc,
        subheader: { ...doc.subheader, title: richParagraph('Title'), text: richParagraph('Text') },
      }),
    ).toBe('Text');
    expect(descriptionOf(documentOf('blank'))).toBe('');
    const long = { ...doc, subheader: { ...doc.subheader, text: richParagraph('가나다 '.repeat(100)) } };
    expect(descriptionOf(long).length).toBeLessThanOrEqual(200);
    expect(descriptionOf(long).endsWith('…')).toBe(true);
  });

  it('image: the thumbnail, else the header, subheader, then the first picture inside', () => {
    const textCover = { ...sample, header: { ...sample.header, type: 'text' as const } };
    expect(coverImageOf(sample, 'https://t/x.webp')).toBe('https://t/x.webp');
    expect(coverImageOf(sample, null)).toBe('/sample/jeju-coast-large.jpg');
    expect(coverImageOf(textCover, 'https://t/x.webp')).toBe('https://t/x.webp');
    expect(coverImageOf(textCover, null)).toBe('/sample/seongsan-large.jpg');
    expect(coverImageOf(documentOf('none'), null)).toBeNull();
  });
});
