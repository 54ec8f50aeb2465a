import { describe, expect, it } from 'vitest';
import { expectIdempotent, recordedEvents } from '../testing/project.ts';
import { at, guidebookEvents } from '../testing/guidebook-events.ts';
import { publicGalleryProjector } from './public-gallery-projector.ts';

const g1 = guidebookEvents('g1');

function listedOf(events: ReturnType<typeof recordedEvents>) {
  const doc = expectIdempotent(publicGalleryProjector, events).get('g1');
  return doc === undefined
    ? undefined
    : { listed: doc.listed, joinedAt: doc.joinedAt, published: doc.published, isPublicGallery: doc.isPublicGallery };
}

describe('the public-gallery read model', () => {
  it('given a new guidebook, it is kept but not listed', () => {
    expect(listedOf(recordedEvents([g1.created()]))).toEqual({
      listed: false,
      joinedAt: null,
      published: false,
      isPublicGallery: false,
    });
  });

  it('given a published guidebook, when its owner shows it in the gallery, then it is listed from that time', () => {
    expect(listedOf(recordedEvents([g1.created(), g1.published(1), g1.gallery(true, 2)]))).toEqual({
      listed: true,
      joinedAt: at(2),
      published: true,
      isPublicGallery: true,
    });
  });

  it('a later change keeps the time it joined; the title and thumbnail follow the guidebook', () => {
    const docs = expectIdempotent(
      publicGalleryProjector,
      recordedEvents([
        g1.created(),
        g1.published(1),
        g1.gallery(true, 2),
        g1.edited([{ op: 'replace', path: ['title'], value: '부산 먹방' }], 3),
        g1.thumbnail(4),
      ]),
    );
    expect(docs.get('g1')).toMatchObject({
      listed: true,
      joinedAt: at(2),
      title: '부산 먹방',
      thumbnailUrl: 'https://cdn.example.com/g1-4.webp',
      updatedAt: at(3),
    });
  });

  it('unpublishing takes it out; publishing again does not bring it back until it is shown again, at the new time', () => {
    const left = recordedEvents([
      g1.created(),
      g1.published(1),
      g1.gallery(true, 2),
      g1.unpublished(3),
      g1.published(4),
    ]);
    expect(listedOf(left)).toEqual({ listed: false, joinedAt: null, published: true, isPublicGallery: false });
    const back = recordedEvents([
      g1.created(),
      g1.published(1),
      g1.gallery(true, 2),
      g1.unpublished(3),
      g1.published(4),
      g1.gallery(true, 5),
    ]);
    expect(listedOf(back)).toMatchObject({ listed: true, joinedAt: at(5) });
  });

  it('a guidebook taken out of the gallery or deleted is not listed', () => {
    expect(
      listedOf(recordedEvents([g1.created(), g1.published(1), g1.gallery(true, 2), g1.gallery(false, 3)])),
    ).toMatchObject({ listed: false });
    expect(listedOf(recordedEvents([g1.created(), g1.published(1), g1.gallery(true, 2), g1.deleted(4)]))).toMatchObject(
      { listed: false },
    );
  });

  it('events of other streams build nothing', () => {
    const docs = expectIdempotent(
      publicGalleryProjector,
      recordedEvents([
        { streamId: 'views-g1', type: 'GuidebookViewed', data: { guidebookId: 'g1', count: 3, viewedAt: at(1) } },
      ]),
    );
    expect(docs.size).toBe(0);
  });
});
