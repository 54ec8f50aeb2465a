import { Router } from 'express';
import { createGuidebookBodySchema, guidebookStream, type CommandAccepted } from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { parseOrThrow } from '@pocketguide/platform/http/validate';
import { createCommandHandler } from '../core/command-handler.ts';
import { deriveId, type Clock, type IdSource } from '../core/ids.ts';
import { commandMetadata } from '../core/request-context.ts';
import { guidebookDecider } from './guidebook-decider.ts';

export type GuidebookRoutesDeps = { eventStore: EventStore; clock: Clock; ids: IdSource };

export function guidebookCommandRoutes({ eventStore, clock, ids }: GuidebookRoutesDeps): Router {
  const handle = createCommandHandler(eventStore, guidebookDecider);
  const router = Router();

  router.post('/guidebooks', async (req, res) => {
    const body = parseOrThrow(createGuidebookBodySchema, req.body);
    const metadata = commandMetadata(req, ids, req.user);
    // Derived from the command id, so a retried create lands on the same stream and appends nothing.
    const guidebookId = deriveId(`guidebook:${metadata.commandId}`);
    const uuid = deriveId(`guidebook-uuid:${metadata.commandId}`).replaceAll('-', '').slice(0, 12);
    const result = await handle(
      guidebookStream(guidebookId),
      { type: 'CreateGuidebook', data: { guidebookId, uuid, title: body.title, now: clock.now() } },
      { metadata },
    );
    const answer: CommandAccepted = { _id: guidebookId, position: result.position, revision: result.revision };
    res.status(201).location(`/api/guidebooks/${guidebookId}`).json(answer);
  });

  return router;
}
