import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  GUIDEBOOK_VIEWER,
  MAX_BEACON_BYTES,
  plainReadingBeacon,
  readingBeaconSchema,
  type GuidebookViewerDoc,
  type ReadingBeacon,
} from '@pocketguide/contracts';
import { AppError, NotFoundError, TooManyRequestsError, ValidationError } from '@pocketguide/platform/http/errors';
import { bodyProblem } from '@pocketguide/platform/http/json-body';
import { problemOf } from '@pocketguide/platform/http/problem-details';
import type { Quota } from '@pocketguide/platform/http/quota';
import { API_SECURITY_HEADERS } from '@pocketguide/platform/http/security-headers';
import { fieldErrors } from '@pocketguide/platform/http/validate';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { guidebookOwners } from '../guidebook/guidebook-owners.ts';
import { createBeaconTargets } from '../viewer/viewer-page-cache.ts';
import { createUuidLookup, ownerVisibility, readable, VIEWER_PREFETCH_HEADER } from '../viewer/viewer-routes.ts';
import type { ReadingIngest, ReadingTargetOf } from './reading-ingest.ts';

/**
 * `POST /api/reading`, the readers' beacons (issue 24), taken in front of the express app: a thousand a second must
 * cost the serving loop little more than their HTTP. Express alone (its request and response set-up, the router's
 * walk, the JSON body parser) costs several times what the beacon's own work does, so the server hands this one path
 * to `handle` before express sees it (`http-app.ts`); the same handler is also express's route for it, so the route
 * table and anything mounting the app alone still find it.
 *
 * What a beacon costs here, in order, each step cheap and refusing with problem details as the API does:
 * 1. its declared size (413 past `MAX_BEACON_BYTES`, before a byte is read) and type (JSON, or the text/plain of
 *    `navigator.sendBeacon`; else 415);
 * 2. the address's quota (429 with Retry-After), counted before the body is read;
 * 3. the body: JSON (400 `malformed_json`), then the beacon: the viewer's checked by hand (`plainReadingBeacon`, held
 *    to the schema by a property test), anything else by the schema and for well-formed text (400 `validation_failed`);
 * 4. a bot's (by User-Agent) or a prefetch's beacon is answered 204 and dropped;
 * 5. the reads decided (times clipped, the day's new-reader mark from a salted hash) and queued: 204.
 * Which guidebook the uuid names, whether readers may see it, and the append are the batch's (`reading-ingest.ts`):
 * a beacon for a guidebook nobody can read is answered 204 like any and dropped there, never looked up per request.
 * Nothing of the request (address, agent) leaves this function but the new-reader boolean.
 */
export type BeaconIntake = {
  /** whether `req` is a beacon this intake takes (`POST /api/reading`, exactly) */
  matches(req: IncomingMessage): boolean;
  /** answers the beacon (204, or a problem) */
  handle(req: IncomingMessage, res: ServerResponse): void;
};

export type BeaconIntakeDeps = {
  ingest: ReadingIngest;
  /** beacons per address (429 past it) */
  quota: Quota;
  /** the caller's address as express's `req.ip` reads it (the app's `trust proxy` setting) */
  addressOf: (req: IncomingMessage) => string;
  maxBytes?: number;
};

/** Crawlers, link previews and page tools: their visits are nobody reading. */
export const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|scrap|headless|lighthouse|pagespeed|facebookexternalhit|embedly|whatsapp|telegram|curl|wget|python|java\/|httpclient|axios|node-fetch|undici/i;

const PREFETCH_HEADER = VIEWER_PREFETCH_HEADER.toLowerCase();

/** A page loaded ahead of a visit (the browser's prefetch or prerender, the viewer's offline copy) is not a read. */
export function isPrefetch(headers: IncomingMessage['headers']): boolean {
  if (headers[PREFETCH_HEADER] !== undefined) return true;
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-moz'];
  if (purpose === undefined) return false;
  const text = (Array.isArray(purpose) ? purpose.join(' ') : purpose).toLowerCase();
  return text.includes('prefetch') || text.includes('prerender');
}

/** JSON, or the text/plain `navigator.sendBeacon` sends a string as (with or without a charset). */
const ACCEPTED_TYPE = /^\s*(application\/json|application\/[\w.+-]*\+json|text\/plain)\s*(;|$)/i;

const NO_CONTENT_HEADERS = { ...API_SECURITY_HEADERS, 'Cache-Control': 'no-store' };

const PATH = '/api/reading';

export function createBeaconIntake({
  ingest,
  quota,
  addressOf,
  maxBytes = MAX_BEACON_BYTES,
}: BeaconIntakeDeps): BeaconIntake {
  function refuse(req: IncomingMessage, res: ServerResponse, error: AppError, closing = false): void {
    if (res.headersSent) return;
    const body = JSON.stringify(problemOf(error));
    res.writeHead(error.status, {
      ...API_SECURITY_HEADERS,
      ...error.extra.headers,
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      // a body left unread (too large) is not read: the connection ends with the answer
      ...(closing ? { Connection: 'close' } : {}),
    });
    res.end(body);
    // what is left of a refused body is read and thrown away, so the connection serves the next request
    if (!closing && !req.readableEnded) req.resume();
  }

  function accept(req: IncomingMessage, res: ServerResponse, text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      refuse(req, res, new AppError(400, 'malformed_json', 'The request body is not valid JSON'));
      return;
    }
    // the viewer's beacon is checked by hand; anything else by the schema, which explains a refusal
    let beacon: ReadingBeacon | null = plainReadingBeacon(value);
    if (beacon === null) {
      const parsed = readingBeaconSchema.safeParse(value);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        refuse(
          req,
          res,
          new ValidationError(errors[0] ? `${errors[0].path}: ${errors[0].message}` : 'Invalid request body', errors),
        );
        return;
      }
      if (bodyProblem(parsed.data) !== null) {
        refuse(
          req,
          res,
          new ValidationError('The request body holds text that is not valid Unicode (a lone surrogate)'),
        );
        return;
      }
      beacon = parsed.data;
    }
    const agent = req.headers['user-agent'] ?? '';
    if (!BOT_AGENT.test(agent) && !isPrefetch(req.headers)) {
      const opensAPage = beacon.reads.some((read) => read.kind === 'open');
      const newReader = opensAPage && ingest.isNewReader(beacon.uuid, addressOf(req), agent);
      ingest.accept(beacon.uuid, ingest.readsOf(beacon, newReader));
    }
    res.writeHead(204, NO_CONTENT_HEADERS);
    res.end();
  }

  return {
    matches(req) {
      if (req.method !== 'POST') return false;
      const url = req.url ?? '';
      return url === PATH || (url.startsWith(PATH) && url.charCodeAt(PATH.length) === 63); /* ? */
    },

    handle(req, res) {
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > maxBytes) {
        refuse(
          req,
          res,
          new AppError(413, 'payload_too_large', `The request body is too large (at most ${maxBytes} bytes)`),
          true,
        );
        return;
      }
      const type = req.headers['content-type'];
      if (type !== undefined && !ACCEPTED_TYPE.test(type)) {
        refuse(
          req,
          res,
          new AppError(
            415,
            'unsupported_media_type',
            'Send the beacon as application/json (or text/plain, as navigator.sendBeacon does)',
          ),
        );
        return;
      }
      try {
        quota.take(addressOf(req));
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) throw error;
        refuse(req, res, error);
        return;
      }
      // the body: almost always one chunk; a body streamed past the limit (no declared length) is refused at once
      let first: Buffer | undefined;
      let rest: Buffer[] | undefined;
      let size = 0;
      let refused = false;
      req.on('data', (chunk: Buffer) => {
        if (refused) return;
        size += chunk.length;
        if (size > maxBytes) {
          refused = true;
          refuse(
            req,
            res,
            new AppError(413, 'payload_too_large', `The request body is too large (at most ${maxBytes} bytes)`),
            true,
          );
          return;
        }
        if (first === undefined) first = chunk;
        else (rest ??= [first]).push(chunk);
      });
      req.on('end', () => {
        if (refused) return;
        const body = rest ? Buffer.concat(rest) : first;
        if (body === undefined) {
          refuse(req, res, new ValidationError('The beacon has no body', [{ path: '(body)', message: 'Required' }]));
          return;
        }
        try {
          accept(req, res, body.toString('utf8'));
        } catch {
          // never a crash of the server for a beacon: a 500 like any route's
          refuse(req, res, new AppError(500, 'internal_error', 'Something went wrong'));
        }
      });
      // a reader gone mid-body: nothing to answer, nothing taken
      req.on('error', () => undefined);
    },
  };
}

const NOT_BEACON = JSON.stringify(problemOf(new NotFoundError('Only POST /api/reading is served on this port')));

/**
 * The listener of a port that takes only beacons (`BEACON_PORT`): the intake for `POST /api/reading`, a 404 problem
 * for anything else (its body, if any, read and thrown away).
 */
export function beaconPortListener(intake: BeaconIntake): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (intake.matches(req)) {
      intake.handle(req, res);
      return;
    }
    res.writeHead(404, {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Content-Length': Buffer.byteLength(NOT_BEACON),
    });
    res.end(NOT_BEACON);
    req.resume();
  };
}

/**
 * The batch's look-up of a beacon's guidebook (`ReadingIngest`'s `targetOf`): its id and owner when readers may see
 * it (published, its owner not hidden), else null. The uuid's target is kept per read-model version and the owner's
 * visibility per `users` checkpoint (issue 20), so a batch reads two checkpoints per guidebook, not documents.
 */
export function createReadingTargets(readStore: ReadStore): ReadingTargetOf {
  const target = createBeaconTargets(
    readStore,
    createUuidLookup(readStore.collection<GuidebookViewerDoc>(GUIDEBOOK_VIEWER)),
  );
  const owners = ownerVisibility(readStore, guidebookOwners(readStore));
  return async (uuid) => {
    const found = await target(uuid);
    return found && (await readable(found, owners)) ? { guidebookId: found.id, ownerId: found.ownerId } : null;
  };
}
