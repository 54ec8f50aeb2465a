import {
  MAX_PUBLISHED,
  decodePublisherEvent,
  isAdminRole,
  publishLimitOf,
  publisherStream,
  type PublisherEvent,
} from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { RevisionMismatchError } from '@pocketguide/platform/http/errors';
import { commandStep, createCommandHandler, type CommandMetadata } from '../core/command-handler.ts';
import type { Clock } from '../core/ids.ts';
import { PublishLimitError } from './guidebook-errors.ts';
import type { GuidebookOwners } from './guidebook-owners.ts';
import type { GuidebookState } from './guidebook-state.ts';
import { publisherDecider } from './publisher-decider.ts';

/**
 * The owner's publishing slots (`publisher-<userId>`): publishing takes one before the guidebook's own event, and
 * unpublishing, deleting and joining the gallery give it back after theirs, so at most the plan's number of
 * guidebooks are ever published at once.
 */

/** A slot taken this long ago by a guidebook that is still not published is a leftover of a crash: reclaimed. */
export const STALE_SLOT_MS = 60_000;
const SLOT_ATTEMPTS = 40;

const toPublisherEvent = (recorded: RecordedEvent): PublisherEvent =>
  decodePublisherEvent(recorded.type, recorded.data);

export type PublishSlotsDeps = {
  eventStore: EventStore;
  clock: Clock;
  owners: GuidebookOwners;
  /** the guidebook's current state, to see whether it counts as published */
  loadGuidebook: (guidebookId: string) => Promise<{ state: GuidebookState }>;
  /** longest pause (ms, grows with the attempt) before retrying after a lost race for the publisher stream; 0: none */
  pauseMs: number;
};

/** Published, and not in the public gallery (which needs no slot). */
const countsAsPublished = (state: GuidebookState) =>
  state.status === 'active' && state.guidebook.settings.published && !state.guidebook.settings.isPublicGallery;

export function createPublishSlots({ eventStore, clock, owners, loadGuidebook, pauseMs }: PublishSlotsDeps) {
  const handlePublisher = createCommandHandler(eventStore, publisherDecider, { toEvent: toPublisherEvent });

  /**
   * How many guidebooks the owner may have published at once: their plan's number (mini 3 … enterprise 1000),
   * none for an administrator. A free owner only gets here through an administrator, who publishes as many as
   * the standard plan's 10, as before plans had numbers of their own.
   */
  async function publishLimitFor(userId: string): Promise<number> {
    const owner = await owners.account(userId);
    if (!owner) return MAX_PUBLISHED;
    if (isAdminRole(owner.role)) return Number.POSITIVE_INFINITY;
    return owner.subscriptionType === 'free' ? MAX_PUBLISHED : publishLimitOf(owner.subscriptionType);
  }

  const pause = (attempt: number) =>
    pauseMs <= 0
      ? Promise.resolve()
      : new Promise((resolve) => setTimeout(resolve, Math.random() * pauseMs * Math.min(attempt + 1, 8)));

  /** Releases slots whose guidebook was never published (a crash between the two appends), older than a minute. */
  async function reclaimStaleSlots(userId: string, metadata: CommandMetadata): Promise<boolean> {
    const { state } = await handlePublisher.load(publisherStream(userId));
    const cutoff = clock.now().getTime() - STALE_SLOT_MS;
    let released = false;
    for (const slot of state.slots) {
      if (Date.parse(slot.takenAt) > cutoff) continue;
      const { state: guidebook } = await loadGuidebook(slot.guidebookId);
      if (countsAsPublished(guidebook)) continue;
      await release(
        userId,
        slot.guidebookId,
        guidebook.status === 'deleted' ? 'deleted' : 'unpublish',
        commandStep(metadata, `reclaim:${slot.guidebookId}:${slot.takenAt}`),
      );
      released = true;
    }
    return released;
  }

  /**
   * Takes a slot in the owner's publisher stream, appended at its expected revision: concurrent publishes of one
   * owner serialise there, so at most 10 slots are ever held. A lost race is tried again; a full stream first
   * reclaims stale slots once.
   */
  async function take(
    userId: string,
    guidebookId: string,
    reason: 'publish' | 'gallery-off',
    metadata: CommandMetadata,
  ) {
    const limit = await publishLimitFor(userId);
    let reclaimed = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await handlePublisher(
          publisherStream(userId),
          { type: 'TakePublishSlot', data: { userId, guidebookId, reason, limit, now: clock.now() } },
          { metadata, retryOnConflict: true },
        );
      } catch (error) {
        if (error instanceof RevisionMismatchError && attempt < SLOT_ATTEMPTS) {
          await pause(attempt);
          continue;
        }
        if (error instanceof PublishLimitError && !reclaimed) {
          reclaimed = true;
          if (await reclaimStaleSlots(userId, metadata)) continue;
        }
        throw error;
      }
    }
  }

  async function release(
    userId: string,
    guidebookId: string,
    reason: 'unpublish' | 'gallery-on' | 'deleted',
    metadata: CommandMetadata,
  ) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await handlePublisher(
          publisherStream(userId),
          { type: 'ReleasePublishSlot', data: { userId, guidebookId, reason, now: clock.now() } },
          { metadata, retryOnConflict: true },
        );
      } catch (error) {
        if (!(error instanceof RevisionMismatchError) || attempt >= SLOT_ATTEMPTS) throw error;
        await pause(attempt);
      }
    }
  }

  /**
   * After a failed second step, gives the slot back unless the guidebook counts after all (a concurrent request
   * for the same guidebook may have published it meanwhile, holding the same slot).
   */
  async function releaseUnlessCounted(userId: string, guidebookId: string, metadata: CommandMetadata) {
    const { state } = await loadGuidebook(guidebookId);
    if (!countsAsPublished(state))
      await release(userId, guidebookId, 'unpublish', commandStep(metadata, 'release-slot'));
  }

  /** The owner's publisher stream: the slots held and every guidebook that ever took one. */
  const load = (userId: string) => handlePublisher.load(publisherStream(userId));

  return { take, release, releaseUnlessCounted, load };
}
