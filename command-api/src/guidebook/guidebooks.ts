import {
  CARD_IMAGE_TYPES,
  DEFAULT_GUIDEBOOK_TITLE,
  GUIDEBOOK_MESSAGES,
  guidebookStream,
  newGuidebookDocument,
  sampleGuidebook,
  type GuidebookDocument,
  type GuidebookEvent,
  type GuidebookSource,
  type ImageSet,
  type ImageUploadTarget,
  type Patch,
} from '@pocketguide/contracts';
import { hashSharePassword } from '@pocketguide/platform/auth/share-password';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RevisionMismatchError,
  ValidationError,
} from '@pocketguide/platform/http/errors';
import {
  commandStep,
  createCommandHandler,
  type CommandMetadata,
  type CommandResult,
} from '../core/command-handler.ts';
import { deriveId, type Clock } from '../core/ids.ts';
import type { SnapshotCounts } from '../core/snapshot-counts.ts';
import { NOTHING_TO_REDO, NOTHING_TO_UNDO } from './document-commands.ts';
import type { GuidebookCommand } from './guidebook-commands.ts';
import { guidebookDecider } from './guidebook-decider.ts';
import { undoPatchesOf } from './guidebook-document-change.ts';
import { createGuidebookOwners } from './guidebook-owners.ts';
import {
  GUIDEBOOK_SNAPSHOT_VERSION,
  createGuidebookPast,
  guidebookSnapshotStream,
  toGuidebookEvent,
} from './guidebook-past.ts';
import { NOT_YOURS, mayChange, type Actor, type Guidebook, type GuidebookState } from './guidebook-state.ts';
import { createPublishSlots } from './publish-slots.ts';

/**
 * The guidebook use cases: each is one command on the guidebook stream, or a short sequence over the guidebook
 * and the owner's publisher stream, every step idempotent under the request's command id. The publishing slots
 * are in `publish-slots.ts`, the reading of earlier revisions in `guidebook-past.ts`, the owner's account in
 * `guidebook-owners.ts`; the decisions themselves in the decider (`guidebook-decider.ts`).
 */

export type GuidebooksDeps = {
  eventStore: EventStore;
  clock: Clock;
  /** a snapshot of a guidebook is taken once this many events followed the last one (default 100) */
  snapshotEvery?: number;
  /** guidebooks whose folded state is kept in memory between commands (default 256; 0: none) */
  stateCacheSize?: number;
  /** told when writing a snapshot failed (the command itself succeeded) */
  onSnapshotError?: (error: unknown, streamId: string) => void;
  /** counts snapshots written and skipped as too large for the event store (shown in /api/health) */
  snapshotCounts?: SnapshotCounts;
  /** longest pause (ms, grows with the attempt) before retrying a publish that lost the race for the publisher stream; 0: none */
  slotRetryPauseMs?: number;
};

export function createGuidebooks(deps: GuidebooksDeps) {
  const { eventStore, clock } = deps;
  const snapshots = {
    streamOf: guidebookSnapshotStream,
    every: deps.snapshotEvery ?? 100,
    version: GUIDEBOOK_SNAPSHOT_VERSION,
    ...(deps.onSnapshotError ? { onError: deps.onSnapshotError } : {}),
    ...(deps.snapshotCounts ? { counts: deps.snapshotCounts } : {}),
  };
  // the guidebooks being edited now keep their folded state between saves (a save then folds no snapshot again)
  const handle = createCommandHandler(eventStore, guidebookDecider, {
    toEvent: toGuidebookEvent,
    snapshots,
    stateCacheSize: deps.stateCacheSize ?? 256,
  });
  const owners = createGuidebookOwners({ eventStore, clock });
  const { ownerInfo } = owners;
  const slots = createPublishSlots({
    eventStore,
    clock,
    owners,
    loadGuidebook: (guidebookId) => load(guidebookId),
    pauseMs: deps.slotRetryPauseMs ?? 5,
  });
  const past = createGuidebookPast({ eventStore, nameOf: ownerInfo });

  /** Commands by a person are checked for 404 and 403 before a stale `If-Match` (412). */
  const guardFor = (command: GuidebookCommand) => {
    if (!('actor' in command.data)) return undefined;
    const { actor } = command.data;
    return (state: GuidebookState) => {
      if (state.status !== 'active') throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
      if (!mayChange(state.guidebook, actor)) throw new ForbiddenError(NOT_YOURS);
    };
  };

  /**
   * The revision an `If-Match` stands for. The thumbnail worker records thumbnails on the guidebook's stream, and an
   * author's open editor must not be told its copy is stale because one arrived (a thumbnail changes neither the
   * document nor a setting a person saves): an `If-Match` older only by `GuidebookThumbnailRecorded` events counts
   * as the revision after them.
   */
  async function revisionSeen(guidebookId: string, ifMatch: number): Promise<number> {
    let seen = ifMatch;
    for await (const recorded of eventStore.readStream(guidebookStream(guidebookId), {
      fromRevision: ifMatch + 1,
      maxCount: 20,
    })) {
      if (recorded.type !== 'GuidebookThumbnailRecorded') return ifMatch;
      seen = recorded.revision;
    }
    return seen;
  }

  const run = async (guidebookId: string, command: GuidebookCommand, metadata: CommandMetadata, ifMatch?: number) => {
    const streamId = guidebookStream(guidebookId);
    if (ifMatch === undefined) return handle(streamId, command, { metadata, retryOnConflict: true });
    const guard = guardFor(command);
    const expecting = (expectedRevision: number) => ({ metadata, expectedRevision, ...(guard ? { guard } : {}) });
    try {
      return await handle(streamId, command, expecting(ifMatch));
    } catch (error) {
      // Read only when the revision did not match, so a save pays nothing for thumbnails in the usual case.
      if (!(error instanceof RevisionMismatchError)) throw error;
      const seen = await revisionSeen(guidebookId, ifMatch);
      if (seen === ifMatch) throw error;
      return handle(streamId, command, expecting(seen));
    }
  };

  async function load(guidebookId: string) {
    return handle.load(guidebookStream(guidebookId));
  }

  /** The guidebook, if it exists and is not deleted (404 otherwise). */
  async function existing(
    guidebookId: string,
  ): Promise<{ guidebook: Guidebook; revision: number; state: GuidebookState }> {
    const { state, revision } = await load(guidebookId);
    if (state.status !== 'active') throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    return { guidebook: state.guidebook, revision, state };
  }

  /** The guidebook, if the actor may change it (404, then 403). */
  async function changeable(guidebookId: string, actor: Actor) {
    const found = await existing(guidebookId);
    if (!mayChange(found.guidebook, actor)) throw new ForbiddenError(NOT_YOURS);
    return found;
  }

  /**
   * A command that frees the guidebook's publish slot (a delete, an unpublish): run first, then the slot is given
   * back, so the owner never has fewer slots than published guidebooks.
   */
  async function runThenRelease(
    guidebookId: string,
    command: GuidebookCommand,
    reason: 'unpublish' | 'deleted',
    step: string,
    metadata: CommandMetadata,
  ) {
    const result = await run(guidebookId, command, commandStep(metadata, step));
    if (result.state.status !== 'none')
      await slots.release(result.state.guidebook.ownerId, guidebookId, reason, commandStep(metadata, 'release-slot'));
    return result;
  }

  /**
   * A command that needs a publish slot (a publish, leaving the gallery): the slot is taken first in the owner's
   * publisher stream (refused when all are taken), then the command runs; if it fails, the slot is given back.
   */
  async function runWithSlot(
    ownerId: string,
    guidebookId: string,
    command: GuidebookCommand,
    reason: 'publish' | 'gallery-off',
    step: string,
    metadata: CommandMetadata,
  ): Promise<CommandResult<GuidebookState>> {
    await slots.take(ownerId, guidebookId, reason, commandStep(metadata, 'take-slot'));
    try {
      return await run(guidebookId, command, commandStep(metadata, step));
    } catch (error) {
      await slots.releaseUnlessCounted(ownerId, guidebookId, metadata).catch(() => undefined);
      throw error;
    }
  }

  // ---------------------------------------------------------------- create and copy

  /** A new guidebook's stream and public id derive from the command id: a retried create lands on the same one. */
  function newIds(metadata: CommandMetadata) {
    return {
      guidebookId: deriveId(`guidebook:${metadata.commandId}`),
      uuid: deriveId(`guidebook-uuid:${metadata.commandId}`).replaceAll('-', '').slice(0, 12),
    };
  }

  /** `document` null: the built-in sample (in the owner's language) for source 'sample', else a new document. */
  async function create(
    actor: Actor,
    input: { document: GuidebookDocument | null; source: GuidebookSource; copiedFrom?: string },
    metadata: CommandMetadata,
  ) {
    const { guidebookId, uuid } = newIds(metadata);
    const owner = await ownerInfo(actor.userId);
    const document =
      input.document ?? (input.source === 'sample' ? sampleGuidebook(owner.language) : newGuidebookDocument());
    const result = await run(
      guidebookId,
      {
        type: 'CreateGuidebook',
        data: {
          guidebookId,
          uuid,
          owner: { userId: actor.userId, company: owner.company },
          document,
          source: input.source,
          ...(input.copiedFrom ? { copiedFrom: input.copiedFrom } : {}),
          idSeed: `ids:${metadata.commandId}`,
          now: clock.now(),
        },
      },
      metadata,
    );
    const created = result.state.status === 'none' ? null : result.state.guidebook;
    return { guidebookId, uuid: created?.uuid ?? uuid, result };
  }

  // ---------------------------------------------------------------- document changes

  /** Peeks at the newest undo (or redo) target, reads its event and sends the command; a lost race tries again. */
  async function undoOrRedo(
    guidebookId: string,
    actor: Actor,
    which: 'undo' | 'redo',
    metadata: CommandMetadata,
    expectedRevision?: number,
  ) {
    for (let attempt = 0; ; attempt++) {
      const { guidebook, revision } = await changeable(guidebookId, actor);
      if (expectedRevision !== undefined && expectedRevision !== revision) throw new RevisionMismatchError(revision);
      const target = (which === 'undo' ? guidebook.undoable : guidebook.redoable).at(-1);
      if (target === undefined) throw new ConflictError(which === 'undo' ? NOTHING_TO_UNDO : NOTHING_TO_REDO);
      const event = await past.eventAt(guidebookStream(guidebookId), target);
      const patches = which === 'undo' ? undoPatchesOf(event, guidebook.document) : redoPatchesOf(event);
      try {
        return await handle(
          guidebookStream(guidebookId),
          which === 'undo'
            ? { type: 'UndoChange', data: { actor, target: { revision: target, patches }, now: clock.now() } }
            : { type: 'RedoChange', data: { actor, target: { revision: target, patches }, now: clock.now() } },
          { metadata, expectedRevision: revision },
        );
      } catch (error) {
        if (!(error instanceof RevisionMismatchError) || expectedRevision !== undefined || attempt >= 2) throw error;
      }
    }
  }

  return {
    load,
    ownerInfo,
    changeable,

    /** POST /api/guidebooks: a NEW or sample guidebook from the posted document (null: nothing posted). */
    create: (actor: Actor, document: GuidebookDocument | null, source: 'new' | 'sample', metadata: CommandMetadata) =>
      create(actor, { document, source }, metadata),

    /** POST /api/guidebooks/copy: a new guidebook of the caller holding a copy (fresh ids) of one they may change. */
    async copy(actor: Actor, sourceId: string, metadata: CommandMetadata) {
      const { guidebook } = await existing(sourceId);
      if (!mayChange(guidebook, actor) && !guidebook.settings.isSampleGuidebook) throw new ForbiddenError(NOT_YOURS);
      return create(actor, { document: guidebook.document, source: 'copy', copiedFrom: sourceId }, metadata);
    },

    /** PATCH /api/guidebooks/{id}: patches against `expectedRevision` (If-Match). */
    edit: (guidebookId: string, actor: Actor, patches: Patch[], expectedRevision: number, metadata: CommandMetadata) =>
      run(
        guidebookId,
        { type: 'EditGuidebook', data: { actor, patches, idSeed: `ids:${metadata.commandId}`, now: clock.now() } },
        metadata,
        expectedRevision,
      ),

    /** PUT /api/guidebooks/{id}: the whole document; without If-Match the last save wins. */
    save: (
      guidebookId: string,
      actor: Actor,
      document: GuidebookDocument,
      metadata: CommandMetadata,
      expectedRevision?: number,
    ) =>
      run(
        guidebookId,
        { type: 'SaveGuidebook', data: { actor, document, idSeed: `ids:${metadata.commandId}`, now: clock.now() } },
        metadata,
        expectedRevision,
      ),

    /** POST /api/guidebooks/{id}/restore: the document of `revision` back, as a new change. */
    async restore(
      guidebookId: string,
      actor: Actor,
      revision: number,
      metadata: CommandMetadata,
      expectedRevision?: number,
    ) {
      const { revision: current } = await changeable(guidebookId, actor);
      if (revision > current) throw new NotFoundError(`There is no revision ${revision}`);
      const { state } = await past.stateAt(guidebookId, revision);
      if (state.status === 'none') throw new NotFoundError(`There is no revision ${revision}`);
      return run(
        guidebookId,
        { type: 'RestoreRevision', data: { actor, revision, document: state.guidebook.document, now: clock.now() } },
        metadata,
        expectedRevision,
      );
    },

    undo: (guidebookId: string, actor: Actor, metadata: CommandMetadata, expectedRevision?: number) =>
      undoOrRedo(guidebookId, actor, 'undo', metadata, expectedRevision),
    redo: (guidebookId: string, actor: Actor, metadata: CommandMetadata, expectedRevision?: number) =>
      undoOrRedo(guidebookId, actor, 'redo', metadata, expectedRevision),

    copyContent: (guidebookId: string, contentId: string, actor: Actor, metadata: CommandMetadata) =>
      run(
        guidebookId,
        { type: 'CopyContentPage', data: { actor, contentId, idSeed: `ids:${metadata.commandId}`, now: clock.now() } },
        metadata,
      ),

    deleteItem: (guidebookId: string, contentId: string, itemId: string, actor: Actor, metadata: CommandMetadata) =>
      run(guidebookId, { type: 'DeleteSectionItem', data: { actor, contentId, itemId, now: clock.now() } }, metadata),

    /** Checked before an upload is received: the guidebook exists, the caller may change it, the target exists. */
    async checkUploadTarget(guidebookId: string, actor: Actor, target: ImageUploadTarget) {
      const { guidebook } = await changeable(guidebookId, actor);
      if (target.kind === 'card') {
        const card = guidebook.document.home.cards.find((candidate) => candidate._id === target.cardId);
        if (!card) throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
        if (!CARD_IMAGE_TYPES.has(card.type))
          throw new ValidationError(`A ${card.type} card takes no image`, [
            { path: 'cardId', message: `A ${card.type} card takes no image` },
          ]);
        return;
      }
      if (target.kind !== 'item') return;
      const page = guidebook.document.contents.find((content) => content._id === target.contentId);
      const section = page?.sections.find((candidate) => candidate._id === target.sectionId);
      if (!section?.items.some((item) => item._id === target.itemId))
        throw new NotFoundError(GUIDEBOOK_MESSAGES.notFound);
    },

    /** The stored image goes into the document as a change of kind 'upload' (not tied to the editor's revision). */
    uploadImage: (
      guidebookId: string,
      actor: Actor,
      target: ImageUploadTarget,
      image: ImageSet,
      metadata: CommandMetadata,
    ) => run(guidebookId, { type: 'UploadImage', data: { actor, target, image, now: clock.now() } }, metadata),

    /** DELETE /api/guidebooks/{id}: a soft delete (unpublishing first), then the slot is given back. */
    remove(guidebookId: string, actor: Actor, metadata: CommandMetadata) {
      const command: GuidebookCommand = { type: 'DeleteGuidebook', data: { actor, now: clock.now() } };
      return runThenRelease(guidebookId, command, 'deleted', 'delete', metadata);
    },

    /**
     * PUT /api/guidebooks/{id}/publish: checked first (exists, may change, subscription), then a slot in the owner's
     * publisher stream, then GuidebookPublished; if that second append fails the slot is given back.
     */
    async publish(
      guidebookId: string,
      actor: Actor,
      metadata: CommandMetadata,
    ): Promise<CommandResult<GuidebookState>> {
      const { guidebook, state } = await changeable(guidebookId, actor);
      const mayPublish = actor.isAdmin || (await ownerInfo(guidebook.ownerId)).mayPublish;
      const command: GuidebookCommand = { type: 'PublishGuidebook', data: { actor, mayPublish, now: clock.now() } };
      if (guidebookDecider.decide(command, state).length === 0)
        return run(guidebookId, command, commandStep(metadata, 'publish'));
      return runWithSlot(guidebook.ownerId, guidebookId, command, 'publish', 'publish', metadata);
    },

    /** PUT /api/guidebooks/{id}/unpublish: unpublished first, then the slot given back (never fewer slots than published). */
    unpublish(guidebookId: string, actor: Actor, metadata: CommandMetadata, reason: 'single' | 'all' = 'single') {
      const command: GuidebookCommand = { type: 'UnpublishGuidebook', data: { actor, reason, now: clock.now() } };
      return runThenRelease(guidebookId, command, 'unpublish', 'unpublish', metadata);
    },

    /**
     * PUT /api/guidebooks/unpublishall: every published guidebook of the caller. The candidates are the guidebooks
     * that ever took a slot in their publisher stream (publishing always takes one first).
     */
    async unpublishAll(actor: Actor, metadata: CommandMetadata): Promise<{ unpublished: string[]; position: number }> {
      const { state, position: publisherPosition } = await slots.load(actor.userId);
      const unpublished: string[] = [];
      let position = publisherPosition;
      for (const guidebookId of state.known) {
        const { state: current } = await load(guidebookId);
        if (current.status !== 'active' || !current.guidebook.settings.published) continue;
        const step = commandStep(metadata, `unpublish:${guidebookId}`);
        const result = await run(
          guidebookId,
          { type: 'UnpublishGuidebook', data: { actor, reason: 'all', now: clock.now() } },
          step,
        );
        const released = await slots.release(actor.userId, guidebookId, 'unpublish', commandStep(step, 'release-slot'));
        if (result.events.length > 0 || result.alreadyHandled) unpublished.push(guidebookId);
        position = Math.max(position, result.position, released.position);
      }
      return { unpublished, position };
    },

    /**
     * PATCH /api/guidebooks/{id}/public-gallery: joining the gallery gives the slot back after the change; leaving
     * it takes a slot first (refused when all 10 are taken), given back if the change then fails.
     */
    async setPublicGallery(guidebookId: string, actor: Actor, isPublicGallery: boolean, metadata: CommandMetadata) {
      const { guidebook, state } = await changeable(guidebookId, actor);
      const command: GuidebookCommand = {
        type: 'SetPublicGallery',
        data: { actor, isPublicGallery, now: clock.now() },
      };
      const decided = guidebookDecider.decide(command, state);
      if (isPublicGallery || decided.length === 0) {
        const result = await run(guidebookId, command, commandStep(metadata, 'gallery'));
        if (isPublicGallery && result.state.status === 'active' && result.state.guidebook.settings.isPublicGallery) {
          await slots.release(guidebook.ownerId, guidebookId, 'gallery-on', commandStep(metadata, 'release-slot'));
        }
        return result;
      }
      return runWithSlot(guidebook.ownerId, guidebookId, command, 'gallery-off', 'gallery', metadata);
    },

    setPassword: async (guidebookId: string, actor: Actor, password: string, metadata: CommandMetadata) => {
      // Hashed here, on the thread pool, so that no projector or request thread ever runs scrypt synchronously.
      const passwordHash = password === '' ? null : await hashSharePassword(password, `command:${metadata.commandId}`);
      return run(
        guidebookId,
        { type: 'SetGuidebookPassword', data: { actor, password, passwordHash, now: clock.now() } },
        metadata,
      );
    },

    setSampleFlags: (
      guidebookId: string,
      actor: Actor,
      flags: { isSampleGuidebook: boolean; isSampleContent: boolean },
      metadata: CommandMetadata,
    ) => run(guidebookId, { type: 'SetSampleFlags', data: { actor, ...flags, now: clock.now() } }, metadata),

    /**
     * The thumbnail worker's command: one GuidebookThumbnailRecorded per rendering, however often it is delivered.
     * A deleted guidebook records nothing (the worker moves on).
     */
    recordThumbnail(
      guidebookId: string,
      thumbnailUrl: string,
      generatedAt: Date,
      causation: { eventId: string; correlationId?: string },
      renderMs?: number,
    ) {
      const metadata: CommandMetadata = {
        userId: 'system',
        role: 'system',
        commandId: deriveId(`thumbnail:${guidebookId}:${thumbnailUrl}:${generatedAt.toISOString()}`),
        causationId: causation.eventId,
        correlationId: causation.correlationId ?? causation.eventId,
      };
      const data = { thumbnailUrl, generatedAt, now: clock.now(), ...(renderMs === undefined ? {} : { renderMs }) };
      return run(guidebookId, { type: 'RecordThumbnail', data }, metadata);
    },

    /** GET /api/guidebooks/{id}/revisions/{n}. */
    async documentAt(guidebookId: string, actor: Actor, revision: number) {
      const { revision: current } = await changeable(guidebookId, actor);
      if (revision > current) throw new NotFoundError(`There is no revision ${revision}`);
      const { state, time } = await past.stateAt(guidebookId, revision);
      if (state.status === 'none') throw new NotFoundError(`There is no revision ${revision}`);
      return { document: state.guidebook.document, time, currentRevision: current };
    },

    /** GET /api/guidebooks/{id}/history: the changes after the creation, newest first, a page at a time. */
    async history(guidebookId: string, actor: Actor, page: number, pageSize: number) {
      const { revision } = await changeable(guidebookId, actor);
      return past.history(guidebookId, revision, page, pageSize);
    },
  };
}

export type Guidebooks = ReturnType<typeof createGuidebooks>;

/** A new guidebook's document from the posted parts: what is missing takes the defaults of a new guidebook. */
export function documentFromParts(parts: Partial<GuidebookDocument>): GuidebookDocument {
  return { ...newGuidebookDocument({ title: parts.title ?? DEFAULT_GUIDEBOOK_TITLE }), ...parts };
}

/** The patches that redo an undone change: the undo event's own inverse. */
function redoPatchesOf(event: GuidebookEvent): Patch[] {
  if (event.type !== 'GuidebookEdited' || event.data.kind !== 'undo')
    throw new ConflictError('This change cannot be redone');
  return event.data.inversePatches;
}
