import { describe, expect, it } from 'vitest';
import { GUIDEBOOK_MESSAGES, type GuidebookEvent } from '@pocketguide/contracts';
import { ConflictError, ForbiddenError } from '@pocketguide/platform/http/errors';
import {
  spec,
  now,
  at,
  owner,
  admin,
  stranger,
  created,
  published,
  deleted,
  stateOf,
  guidebookOf,
} from '../testing/guidebook-given.ts';
import type { GuidebookCommand } from './guidebook-commands.ts';
import { SubscriptionRequiredError } from './guidebook-errors.ts';
import type { Actor } from './guidebook-state.ts';

/** Given/when/then for deleting, publishing and the public gallery. */

describe('DeleteGuidebook (soft)', () => {
  const remove = (actor: Actor = owner): GuidebookCommand => ({ type: 'DeleteGuidebook', data: { actor, now } });

  it('marks it deleted; a published one is unpublished first; deleting again changes nothing', () => {
    spec.given([created]).when(remove()).then([deleted]);
    spec
      .given([created, published])
      .when(remove())
      .then([
        { type: 'GuidebookUnpublished', data: { guidebookId: 'g1', reason: 'deleted', unpublishedAt: at } },
        deleted,
      ]);
    spec.given([created, deleted]).when(remove()).thenNothingHappens();
    expect(stateOf([created, deleted])).toMatchObject({ status: 'deleted', revision: 1 });
  });

  it('a stranger is refused; an administrator may', () => {
    spec.given([created]).when(remove(stranger)).thenThrows(ForbiddenError);
    spec.given([created]).when(remove(admin)).then([deleted]);
  });
});

describe('publishing', () => {
  const publish = (mayPublish: boolean, actor: Actor = owner): GuidebookCommand => ({
    type: 'PublishGuidebook',
    data: { actor, mayPublish, now },
  });
  const unpublish: GuidebookCommand = { type: 'UnpublishGuidebook', data: { actor: owner, reason: 'single', now } };
  const gallery = (isPublicGallery: boolean): GuidebookCommand => ({
    type: 'SetPublicGallery',
    data: { actor: owner, isPublicGallery, now },
  });
  const galleryOn: GuidebookEvent = {
    type: 'GuidebookPublicGallerySet',
    data: { guidebookId: 'g1', isPublicGallery: true, setAt: at },
  };

  it('a subscriber (or an administrator) publishes', () => {
    spec.given([created]).when(publish(true)).then([published]);
    spec.given([created]).when(publish(true, admin)).then([published]);
  });

  it("without a subscription: refused with the spec's text; a stranger: refused; published already: nothing", () => {
    spec
      .given([created])
      .when(publish(false))
      .thenThrows(SubscriptionRequiredError, 'You need to subscribe to publish this guidebook');
    spec.given([created]).when(publish(true, stranger)).thenThrows(ForbiddenError);
    spec.given([created, published]).when(publish(false)).thenNothingHappens();
  });

  it('unpublishes (and leaves the gallery); not published: nothing', () => {
    spec
      .given([created, published])
      .when(unpublish)
      .then([{ type: 'GuidebookUnpublished', data: { guidebookId: 'g1', reason: 'single', unpublishedAt: at } }]);
    spec.given([created]).when(unpublish).thenNothingHappens();
    const unpublished: GuidebookEvent = {
      type: 'GuidebookUnpublished',
      data: { guidebookId: 'g1', reason: 'single', unpublishedAt: at },
    };
    expect(guidebookOf(stateOf([created, published, galleryOn, unpublished])).settings).toMatchObject({
      published: false,
      isPublicGallery: false,
    });
  });

  it('the public gallery only when published; the same value changes nothing', () => {
    spec.given([created]).when(gallery(true)).thenThrows(ConflictError, GUIDEBOOK_MESSAGES.galleryNeedsPublished);
    spec.given([created, published]).when(gallery(true)).then([galleryOn]);
    spec.given([created, published, galleryOn]).when(gallery(true)).thenNothingHappens();
    spec
      .given([created, published, galleryOn])
      .when(gallery(false))
      .then([{ type: 'GuidebookPublicGallerySet', data: { guidebookId: 'g1', isPublicGallery: false, setAt: at } }]);
    spec.given([created]).when(gallery(false)).thenNothingHappens();
  });
});
