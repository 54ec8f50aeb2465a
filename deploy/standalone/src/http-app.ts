import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import { resolve } from 'node:path';
import express, { type Express } from 'express';
import type { Config } from '@pocketguide/platform/config/config';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { Logger } from '@pocketguide/platform/logger';
import { apiNotFound, problemDetailsHandler } from '@pocketguide/platform/http/problem-details';
import { jsonBody } from '@pocketguide/platform/http/json-body';
import { securityHeaders } from '@pocketguide/platform/http/security-headers';
import { spaFallback, staticFiles } from '@pocketguide/platform/http/static-files';
import { QUOTA_MESSAGES, requestQuotas } from './quotas.ts';
import { mediaAccess } from '@pocketguide/query-api/guidebook/media-access';
import { healthRoutes, type HealthSources } from '@pocketguide/platform/http/health';
import { guidebookCommandRoutes } from '@pocketguide/command-api/guidebook/guidebook-routes';
import { guidebookImageRoutes } from '@pocketguide/command-api/guidebook/guidebook-image-routes';
import { createGuidebooks } from '@pocketguide/command-api/guidebook/guidebooks';
import { subscriptionAdminRoutes } from '@pocketguide/command-api/user/subscription-admin-routes';
import { systemClock, randomIds } from '@pocketguide/command-api/core/ids';
import { SnapshotCounts } from '@pocketguide/command-api/core/snapshot-counts';
import { createReadYourWrites } from '@pocketguide/query-api/core/read-your-writes';
import { guidebookQueryRoutes } from '@pocketguide/query-api/guidebook/guidebook-query-routes';
import {
  createUnlockLimiter,
  viewerApiRoutes,
  viewerPageRoutes,
  type ViewerRoutesDeps,
} from '@pocketguide/query-api/viewer/viewer-routes';
import { sampleViewerApiRoutes, sampleViewerPageRoutes } from '@pocketguide/query-api/viewer/sample-viewer';
import { parsePartnerOwners } from '@pocketguide/query-api/viewer/viewer-answer';
import { frontDoorRoutes } from '@pocketguide/query-api/front-door/front-door-routes';
import { appShellRoutes } from '@pocketguide/query-api/front-door/app-shell-routes';
import type { ViewCounter } from '@pocketguide/query-api/viewer/view-counter';
import type { ReadingIngest } from '@pocketguide/query-api/insights/reading-ingest';
import {
  beaconPortListener,
  createBeaconIntake,
  type BeaconIntake,
} from '@pocketguide/query-api/insights/beacon-intake';
import { insightsRoutes } from '@pocketguide/query-api/insights/insights-routes';
import { kakaoConfigRoutes } from '@pocketguide/query-api/insights/kakao-config-routes';
import { createQuota } from '@pocketguide/platform/http/quota';
import { accountCommandRoutes } from '@pocketguide/command-api/user/account-routes';
import { feedbackRoutes } from '@pocketguide/command-api/feedback/feedback-routes';
import { thumbnailRoutes } from '@pocketguide/command-api/thumbnail/thumbnail-routes';
import { createThumbnails, type ThumbnailRendererAvailability } from '@pocketguide/command-api/thumbnail/thumbnails';
import { readStoreQueueView } from '@pocketguide/command-api/thumbnail/thumbnail-queue-view';
import { thumbnailStatusRoutes } from '@pocketguide/query-api/thumbnail/thumbnail-status-routes';
import { userQueryRoutes } from '@pocketguide/query-api/user/user-routes';
import { userActivityRoutes } from '@pocketguide/query-api/admin/user-activity-routes';
import { dashboardRoutes } from '@pocketguide/query-api/admin/dashboard-routes';
import { iconQueryRoutes } from '@pocketguide/query-api/icon/icon-query-routes';
import { iconRoutes } from '@pocketguide/command-api/icon/icon-routes';
import { messageRoutes } from '@pocketguide/command-api/message/message-routes';
import { messageQueryRoutes } from '@pocketguide/query-api/message/message-query-routes';
import { feedbackQueryRoutes } from '@pocketguide/query-api/feedback/feedback-query-routes';
import { auditRoutes } from '@pocketguide/query-api/admin/audit-routes';
import { eventExplorerRoutes } from '@pocketguide/query-api/admin/event-explorer-routes';
import { guidebookAsOfRoutes } from '@pocketguide/query-api/admin/guidebook-as-of-routes';
import { auditEntryOf } from '@pocketguide/projections/audit/audit-timeline-projector';
import { guidebookEditorProjector } from '@pocketguide/projections/guidebook-editor/guidebook-editor-projector';
import { recordedFold } from '@pocketguide/projections/projector';
import { mediaRoutes } from '@pocketguide/platform/blob/media-routes';
import { outboxRoutes } from '@pocketguide/platform/mail/outbox-routes';
import type { AccountParts } from './account-parts.ts';
import type { PaymentProvider } from '@pocketguide/platform/payments/payment-provider';
import { openPaymentProvider, paymentWindowOrigins } from '@pocketguide/platform/payments/open-payment-provider';
import { openApiRoutes } from '@pocketguide/query-api/openapi/openapi-routes';
import { paymentConfigRoutes } from '@pocketguide/platform/payments/payment-config-routes';
import { createPayments } from '@pocketguide/command-api/payment/payments';
import { paymentCommandRoutes } from '@pocketguide/command-api/payment/payment-routes';
import { paymentQueryRoutes } from '@pocketguide/query-api/payment/payment-query-routes';

export type HttpAppDeps = {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readStore: ReadStore;
  /** which route groups this process serves: commands with command-api, reads and the web app with query-api */
  roles: ReadonlySet<string>;
  accounts: AccountParts;
  health: Pick<HealthSources, 'projectors' | 'workers' | 'subscriptions'>;
  /** counts reader views (made and stopped by the process, which flushes them on shutdown) */
  views?: ViewCounter;
  /** takes the readers' beacons (made and stopped by the process, which flushes them on shutdown) */
  readingIngest?: ReadingIngest;
  /** whether thumbnails can be drawn (the worker's renderer here, or as the workers last reported) */
  thumbnailAvailability: ThumbnailRendererAvailability;
  /** the payment provider (shared with the billing worker); by default the one the configuration selects */
  paymentProvider?: PaymentProvider;
  /**
   * what this process's guidebook commands did with their snapshots, shared with the thumbnail worker's commands
   * (with the workers role); by default counted for this app's own commands only
   */
  snapshotCounts?: SnapshotCounts;
};

export type HttpApp = {
  app: Express;
  /**
   * What the HTTP server serves: the readers' beacons (`POST /api/reading`) straight to their intake, everything else
   * to the express app (issue 24: a thousand beacons a second must not each pay for express).
   */
  listener: RequestListener;
};

/** The one-port app of the embedded run: /api (commands, queries, health) and the built web app. */
export function createHttpApp({
  config,
  logger,
  eventStore,
  readStore,
  roles,
  accounts,
  health,
  views,
  readingIngest,
  thumbnailAvailability,
  paymentProvider,
  snapshotCounts = new SnapshotCounts(),
}: HttpAppDeps): HttpApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  app.use(securityHeaders({ extraOrigins: [...config.CSP_EXTRA_ORIGINS, ...paymentWindowOrigins(config)] }));
  const { auth } = accounts;
  // Readers' beacons (issue 24): taken before the API's body parser, by the intake the server also calls directly.
  const beacons =
    roles.has('query-api') && readingIngest ? beaconIntake(config, readingIngest, expressAddress(app)) : undefined;
  if (beacons) app.post('/api/reading', (req, res) => beacons.handle(req, res));

  const readYourWrites = createReadYourWrites({ readStore, timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS });
  const api = express.Router();
  api.use(...jsonBody(config.BODY_LIMIT_BYTES));
  // snapshots this process's guidebook commands wrote or skipped as too large for the event store: the API's, and
  // the thumbnail worker's (it records each drawing on the guidebook's stream, which takes snapshots too)
  const writesSnapshots = roles.has('command-api') || roles.has('workers');
  api.use(
    healthRoutes({
      eventStore,
      readStore,
      ...health,
      ...(writesSnapshots ? { snapshots: () => snapshotCounts.health() } : {}),
    }),
  );
  // what one caller may make the server store or send, counted before any route runs
  if (roles.has('command-api')) api.use(requestQuotas({ auth, config }));
  // Guidebooks are for signed-in people (exact paths: public guidebook routes may come later under /guidebooks).
  api.get('/guidebooks', auth.required);
  // Reads try the query routes first and writes the command routes first, so neither walks the other's list.
  const commands = express.Router();
  const queries = express.Router();
  if (roles.has('command-api')) {
    // every guidebook write states who may send it (signed in; owner or administrator) in its own routes
    const guidebooks = createGuidebooks({
      eventStore,
      clock: systemClock,
      onSnapshotError: (error, streamId) => logger.warn('guidebook snapshot not written', { streamId, error }),
      snapshotCounts,
    });
    commands.use(guidebookCommandRoutes({ guidebooks, auth, ids: randomIds }));
    commands.use(guidebookImageRoutes({ guidebooks, auth, ids: randomIds, blobs: accounts.blobs }));
    commands.use(subscriptionAdminRoutes({ accounts: accounts.accounts, auth, ids: randomIds }));
    commands.use(feedbackRoutes({ eventStore, auth, clock: systemClock, ids: randomIds }));
    const thumbnails = createThumbnails({
      eventStore,
      clock: systemClock,
      guidebooks,
      queue: readStoreQueueView(readStore),
      availability: thumbnailAvailability,
    });
    commands.use(thumbnailRoutes({ thumbnails, auth, ids: randomIds }));
    commands.use(
      iconRoutes({ eventStore, readStore, auth, blobs: accounts.blobs, clock: systemClock, ids: randomIds }),
    );
    commands.use(messageRoutes({ eventStore, readStore, auth, clock: systemClock, ids: randomIds }));
    const payments = createPayments({
      eventStore,
      clock: systemClock,
      provider: paymentProvider ?? openPaymentProvider(config),
    });
    commands.use(paymentCommandRoutes({ payments, auth, tokens: accounts.accessTokens, ids: randomIds }));
    commands.use(
      accountCommandRoutes({
        ...accounts,
        tokens: accounts.accessTokens,
        ids: randomIds,
        publicBaseUrl: config.publicBaseUrl,
      }),
    );
  }
  // One limit for every path that checks a share password: the viewer's unlock and the preview read.
  const unlockLimiter = createUnlockLimiter();
  const viewer: ViewerRoutesDeps = {
    unlockLimiter,
    readStore,
    readYourWrites,
    auth,
    views: views ?? null,
    publicBaseUrl: config.PUBLIC_BASE_URL ?? null,
    partners: parsePartnerOwners(config.PARTNER_OWNERS),
    webDist: config.paths.webDist,
    kakaoJsAppKey: config.KAKAO_JS_APP_KEY ?? null,
  };
  if (roles.has('query-api')) {
    const insights = insightsRoutes({ readStore, eventStore, auth, readYourWrites });
    queries.use(sampleViewerApiRoutes(viewer));
    queries.use(viewerApiRoutes(viewer));
    queries.use(guidebookQueryRoutes({ readStore, readYourWrites, auth, unlockLimiter }));
    queries.use(userQueryRoutes({ readStore, readYourWrites, auth }));
    queries.use(userActivityRoutes({ readStore, readYourWrites, auth }));
    queries.use(dashboardRoutes({ readStore, eventStore, readYourWrites, auth }));
    queries.use(insights);
    const kakaoSignIn = config.KAKAO_REST_API_KEY
      ? {
          authorizeUrl: `${config.KAKAO_AUTH_BASE.replace(/\/+$/, '')}/oauth/authorize`,
          clientId: config.KAKAO_REST_API_KEY,
        }
      : null;
    queries.use(kakaoConfigRoutes(config.KAKAO_JS_APP_KEY ?? null, kakaoSignIn));
    queries.use(iconQueryRoutes({ readStore, readYourWrites, auth }));
    queries.use(messageQueryRoutes({ readStore, readYourWrites, auth }));
    queries.use(feedbackQueryRoutes({ readStore, readYourWrites, auth }));
    // before `/payments/:merchantUid`: which payment window the browser opens
    queries.use(paymentConfigRoutes(config));
    const seller = {
      name: config.SELLER_NAME,
      businessNumber: config.SELLER_BUSINESS_NUMBER,
      representative: config.SELLER_REPRESENTATIVE,
      address: config.SELLER_ADDRESS,
      phone: config.SELLER_PHONE,
      email: config.SELLER_EMAIL,
    };
    queries.use(paymentQueryRoutes({ readStore, readYourWrites, auth, seller }));
    queries.use(auditRoutes({ readStore, readYourWrites, auth }));
    queries.use(eventExplorerRoutes({ readStore, eventStore, auth, entryOf: auditEntryOf }));
    queries.use(guidebookAsOfRoutes({ eventStore, auth, evolve: recordedFold(guidebookEditorProjector) }));
    // the API document and its readable page, generated from the contracts (issue 26)
    queries.use(openApiRoutes({ version: standaloneVersion() }));
    queries.use(thumbnailStatusRoutes({ readStore, readYourWrites, auth, availability: thumbnailAvailability }));
    if (config.NODE_ENV !== 'production' && accounts.mailer.kind === 'outbox')
      queries.use(outboxRoutes({ dir: config.paths.outbox, auth, loopback: config.OUTBOX_LOOPBACK }));
  }
  api.use((req, res, next) => {
    const queriesFirst = req.method === 'GET' || req.method === 'HEAD';
    const [first, second] = queriesFirst ? [queries, commands] : [commands, queries];
    first(req, res, (error?: unknown) => (error ? next(error) : second(req, res, next)));
  });
  api.use(apiNotFound);
  app.use('/api', api);
  if (roles.has('query-api')) app.use('/media', mediaRoutes(accounts.blobs, { shown: mediaAccess(readStore) }));
  // The readers' pages are drawn on the server, so they come before the web app's static files and fallback.
  if (roles.has('query-api')) app.use(sampleViewerPageRoutes(viewer), viewerPageRoutes(viewer));

  const webDist = config.paths.webDist;
  const indexHtml = resolve(webDist, 'index.html');
  if (!roles.has('query-api')) {
    // a write-only or background process serves no pages
  } else if (existsSync(indexHtml)) {
    // Hashed assets never change under their name; the HTML always revalidates so a deploy shows at once. Both are
    // sent as the brotli or gzip copy the build wrote beside them, when the browser takes it (static-files.ts).
    app.use('/assets', staticFiles(resolve(webDist, 'assets'), { immutable: true, fallthrough: false }));
    // the signed-out pages (/, /login, /signup): their own small entry, not the whole app (issue 11)
    app.use(frontDoorRoutes(webDist));
    // the app's screens that arrive drawn (issue 20): the recent guidebooks, the editor, the dashboard, the gallery
    app.use(appShellRoutes(webDist));
    app.use(staticFiles(webDist, { immutable: false }));
    const spa = spaFallback(indexHtml);
    app.get(/^\/(?!api\/).*/, spa);
  } else {
    logger.warn('web app not built: only /api is served', { webDist, hint: 'npm run build:web' });
  }

  app.use(problemDetailsHandler(logger));
  const listener: RequestListener = beacons
    ? (req, res) => (beacons.matches(req) ? beacons.handle(req, res) : app(req, res))
    : app;
  return { app, listener };
}

/** The readers' beacons' intake: the address's quota, the address as `req.ip` reads it, the batch it feeds. */
function beaconIntake(
  config: Config,
  ingest: ReadingIngest,
  addressOf: (req: IncomingMessage) => string,
): BeaconIntake {
  return createBeaconIntake({
    ingest,
    quota: createQuota({
      rules: [{ limit: config.BEACONS_PER_ADDRESS_PER_MINUTE, windowMs: 60_000, message: QUOTA_MESSAGES.beacons }],
    }),
    addressOf,
  });
}

/**
 * What `BEACON_PORT` serves (the `beacons` role, issue 24): `POST /api/reading` through the same intake as on PORT
 * (checks, quota, refusals, batching), anything else 404. Its addresses are read with the same `TRUST_PROXY` rule.
 */
export function createBeaconPortListener(config: Config, ingest: ReadingIngest): RequestListener {
  const settings = express();
  settings.set('trust proxy', trustProxy(config.TRUST_PROXY));
  return beaconPortListener(beaconIntake(config, ingest, expressAddress(settings)));
}

/**
 * A request's address exactly as express's `req.ip` gives it (the app's `trust proxy` setting, X-Forwarded-For),
 * for a request express has not taken: its own getter, run on a stand-in that has what it reads.
 */
function expressAddress(app: Express): (req: IncomingMessage) => string {
  const ip = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get;
  if (!ip) throw new Error("express's request has no ip getter");
  return (req) =>
    (ip.call({ app, socket: req.socket, connection: req.socket, headers: req.headers }) as string | undefined) ??
    req.socket.remoteAddress ??
    'unknown';
}

/** TRUST_PROXY as express wants it: a boolean, a hop count, or addresses. */
function trustProxy(value: string): boolean | number | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The version the API document states: this package's. */
function standaloneVersion(): string {
  const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
