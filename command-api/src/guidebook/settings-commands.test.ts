import { describe, expect, it } from 'vitest';
import type { GuidebookEvent } from '@pocketguide/contracts';
import { ForbiddenError, NotFoundError } from '@pocketguide/platform/http/errors';
import {
  spec,
  now,
  at,
  owner,
  admin,
  stranger,
  created,
  deleted,
  guidebookOf,
  after,
} from '../testing/guidebook-given.ts';
import type { GuidebookCommand } from './guidebook-commands.ts';
import type { Actor } from './guidebook-state.ts';
import { SAMPLE_FLAGS_REFUSED } from './settings-commands.ts';

/** Given/when/then for the share password, the sample flags and the thumbnail. */

describe('settings: password, sample flags, thumbnail', () => {
  const hashOf = (value: string) => (value === '' ? null : `$scrypt$ln=14,r=8,p=1$c2FsdA==$${value}`);
  const password = (value: string, actor: Actor = owner): GuidebookCommand => ({
    type: 'SetGuidebookPassword',
    data: { actor, password: value, passwordHash: hashOf(value), now },
  });
  const sample = (actor: Actor, flags = { isSampleGuidebook: true, isSampleContent: false }): GuidebookCommand => ({
    type: 'SetSampleFlags',
    data: { actor, ...flags, now },
  });
  const adminCreated: GuidebookEvent = {
    ...created,
    data: { ...(created.data as Extract<GuidebookEvent, { type: 'GuidebookCreated' }>['data']), ownerId: 'admin' },
  } as GuidebookEvent;
  const thumbnail = (url: string, generatedAt = now): GuidebookCommand => ({
    type: 'RecordThumbnail',
    data: { thumbnailUrl: url, generatedAt, now },
  });

  it('sets and removes the share password; the same one changes nothing; a stranger is refused', () => {
    // The event carries the hash the command made (off the event loop), so no projector hashes.
    spec
      .given([created])
      .when(password('jeju2026'))
      .then([
        {
          type: 'GuidebookPasswordSet',
          data: { v: 2, guidebookId: 'g1', password: 'jeju2026', passwordHash: hashOf('jeju2026'), setAt: at },
        },
      ]);
    const set: GuidebookEvent = {
      type: 'GuidebookPasswordSet',
      data: { v: 2, guidebookId: 'g1', password: 'jeju2026', passwordHash: hashOf('jeju2026'), setAt: at },
    };
    spec.given([created, set]).when(password('jeju2026')).thenNothingHappens();
    spec
      .given([created, set])
      .when(password(''))
      .then([
        {
          type: 'GuidebookPasswordSet',
          data: { v: 2, guidebookId: 'g1', password: '', passwordHash: null, setAt: at },
        },
      ]);
    spec.given([created]).when(password('x', stranger)).thenThrows(ForbiddenError);
  });

  it('sample flags: only an administrator who owns it', () => {
    spec
      .given([adminCreated])
      .when(sample(admin))
      .then([
        {
          type: 'GuidebookSampleFlagsSet',
          data: { guidebookId: 'g1', isSampleGuidebook: true, isSampleContent: false, setAt: at },
        },
      ]);
    spec.given([created]).when(sample(admin)).thenThrows(ForbiddenError, SAMPLE_FLAGS_REFUSED);
    spec.given([created]).when(sample(owner)).thenThrows(ForbiddenError, SAMPLE_FLAGS_REFUSED);
    spec
      .given([adminCreated])
      .when(sample(admin, { isSampleGuidebook: false, isSampleContent: false }))
      .thenNothingHappens();
  });

  it('records a thumbnail once, without touching updatedAt; a deleted guidebook: nothing; unknown: not found', () => {
    const later = new Date('2026-11-22T10:00:00.000Z');
    const { decided, state } = after([created], thumbnail('/media/thumbnails/g1-1.webp', later));
    expect(decided).toEqual([
      {
        type: 'GuidebookThumbnailRecorded',
        data: { guidebookId: 'g1', thumbnailUrl: '/media/thumbnails/g1-1.webp', generatedAt: later.toISOString() },
      },
    ]);
    expect(guidebookOf(state)).toMatchObject({
      updatedAt: at,
      settings: { thumbnailUrl: '/media/thumbnails/g1-1.webp', thumbnailGeneratedAt: later.toISOString() },
    });
    spec
      .given([created, ...decided])
      .when(thumbnail('/media/thumbnails/g1-1.webp', later))
      .thenNothingHappens();
    spec.given([created, deleted]).when(thumbnail('/x.webp')).thenNothingHappens();
    spec.given([]).when(thumbnail('/x.webp')).thenThrows(NotFoundError);
  });

  it('records how long the thumbnail took, in whole milliseconds, when the worker measured it', () => {
    const later = new Date('2026-11-22T10:00:00.000Z');
    const measured: GuidebookCommand = {
      type: 'RecordThumbnail',
      data: { thumbnailUrl: '/media/thumbnails/g1/a.webp', generatedAt: later, renderMs: 1234.6, now },
    };
    spec
      .given([created])
      .when(measured)
      .then([
        {
          type: 'GuidebookThumbnailRecorded',
          data: {
            guidebookId: 'g1',
            thumbnailUrl: '/media/thumbnails/g1/a.webp',
            generatedAt: later.toISOString(),
            renderMs: 1235,
          },
        },
      ]);
  });
});
