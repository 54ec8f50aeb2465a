import { describe, expect, it } from 'vitest';
import {
  decodeGuidebookEvent,
  decodePublisherEvent,
  GUIDEBOOK_EVENT_TYPES,
  GUIDEBOOK_EVENT_VERSIONS,
  guidebookEventSchemas,
  guidebookStream,
  guidebookViewsEventSchemas,
  isDocumentEvent,
  publisherEventSchemas,
  publisherStream,
  type GuidebookCreated,
} from './guidebook-events.ts';
import { EventDecodeError } from '../event-decoding.ts';
import { applyDocumentEvent } from './guidebook-patches.ts';
import { sampleGuidebook } from './sample-guidebook.ts';

const at = '2026-11-22T09:00:00.000Z';

describe('guidebook events', () => {
  const created: GuidebookCreated = {
    type: 'GuidebookCreated',
    data: { v: 2, guidebookId: 'g1', uuid: 'u1', ownerId: 'user-1', company: 'Jeju Trails', document: sampleGuidebook('kr'), source: 'sample', createdAt: at },
  };

  it('decodes today’s events as they are', () => {
    expect(decodeGuidebookEvent(created.type, created.data)).toEqual(created);
    const published = { guidebookId: 'g1', publishedAt: at };
    expect(decodeGuidebookEvent('GuidebookPublished', published)).toEqual({ type: 'GuidebookPublished', data: published });
  });

  it('upcasts a version-1 GuidebookCreated (title only) to a document with that title, the owner from the metadata', () => {
    const event = decodeGuidebookEvent('GuidebookCreated', { guidebookId: 'g0', uuid: 'u0', title: '제주 3박 4일', createdAt: at }, { metadata: { userId: 'user-9' } });
    expect(event.type).toBe('GuidebookCreated');
    if (event.type !== 'GuidebookCreated') return;
    expect(event.data).toMatchObject({ v: 2, ownerId: 'user-9', source: 'new', document: { title: '제주 3박 4일', contents: [] } });
    expect(applyDocumentEvent(null, event).title).toBe('제주 3박 4일');
  });

  it('upcasts a version-1 GuidebookPasswordSet (the text only) to version 2 with no hash, which the viewer checks against the text', () => {
    const stored = { guidebookId: 'g1', password: 'jeju2026', setAt: at };
    expect(decodeGuidebookEvent('GuidebookPasswordSet', stored)).toEqual({ type: 'GuidebookPasswordSet', data: { ...stored, v: 2, passwordHash: null } });
    const removed = { guidebookId: 'g1', password: '', setAt: at };
    expect(decodeGuidebookEvent('GuidebookPasswordSet', removed).data).toEqual({ ...removed, v: 2, passwordHash: null });
  });

  it('refuses unknown types and bad data, naming the path', () => {
    expect(() => decodeGuidebookEvent('GuidebookExploded', {})).toThrow(EventDecodeError);
    try {
      decodeGuidebookEvent('GuidebookCreated', { ...created.data, document: { ...created.data.document, contents: [{ _id: 'x' }] } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EventDecodeError);
      expect((error as EventDecodeError).issue.path).toBe('document.contents.0.title');
    }
    expect(() => decodeGuidebookEvent('GuidebookUnpublished', { guidebookId: 'g', reason: 'bored', unpublishedAt: at })).toThrow('reason');
  });

  it('has a schema and a version for every event type, and knows which change the document', () => {
    expect(Object.keys(GUIDEBOOK_EVENT_VERSIONS).sort()).toEqual([...GUIDEBOOK_EVENT_TYPES, ...Object.keys(publisherEventSchemas), ...Object.keys(guidebookViewsEventSchemas)].sort());
    expect(GUIDEBOOK_EVENT_TYPES).toEqual(Object.keys(guidebookEventSchemas));
    expect(isDocumentEvent(created)).toBe(true);
    expect(isDocumentEvent({ type: 'GuidebookPublished', data: { guidebookId: 'g', publishedAt: at } })).toBe(false);
  });
});

describe('the publisher stream', () => {
  it('decodes slot events, and its stream is not in the guidebook category', () => {
    const taken = { userId: 'user-1', guidebookId: 'g1', reason: 'publish', at };
    expect(decodePublisherEvent('PublishSlotTaken', taken)).toEqual({ type: 'PublishSlotTaken', data: taken });
    expect(() => decodePublisherEvent('PublishSlotReleased', { ...taken, reason: 'publish' })).toThrow(EventDecodeError);
    expect(guidebookStream('g1')).toBe('guidebook-g1');
    expect(publisherStream('user-1')).toBe('publisher-user-1');
    expect(publisherStream('user-1').split('-')[0]).not.toBe('guidebook');
  });
});
