import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Config } from '@pocketguide/platform/config/config';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import type { Logger } from '@pocketguide/platform/logger';
import { apiNotFound, problemDetailsHandler } from '@pocketguide/platform/http/problem-details';
import { jsonBody } from '@pocketguide/platform/http/json-body';
import { healthRoutes, type HealthSources } from '@pocketguide/platform/http/health';
import { guidebookCommandRoutes } from '@pocketguide/command-api/guidebook/guidebook-routes';
import { systemClock, randomIds } from '@pocketguide/command-api/core/ids';
import { createReadYourWrites } from '@pocketguide/query-api/core/read-your-writes';
import { guidebookQueryRoutes } from '@pocketguide/query-api/guidebook/guidebook-list-routes';

export type HttpAppDeps = {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readStore: ReadStore;
  /** which route groups this process serves: commands with command-api, reads and the web app with query-api */
  roles: ReadonlySet<string>;
  health: Pick<HealthSources, 'projectors' | 'workers'>;
};

/** The one-port app of the embedded run: /api (commands, queries, health) and the built web app. */
export function createHttpApp({ config, logger, eventStore, readStore, roles, health }: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');

  const readYourWrites = createReadYourWrites({ readStore, timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS });
  const api = express.Router();
  api.use(...jsonBody(config.BODY_LIMIT_BYTES));
  api.use(healthRoutes({ eventStore, readStore, ...health }));
  if (roles.has('command-api')) {
    api.use(guidebookCommandRoutes({ eventStore, clock: systemClock, ids: randomIds }));
  }
  if (roles.has('query-api')) {
    api.use(guidebookQueryRoutes({ readStore, readYourWrites }));
  }
  api.use(apiNotFound);
  app.use('/api', api);

  const webDist = config.paths.webDist;
  const indexHtml = resolve(webDist, 'index.html');
  if (!roles.has('query-api')) {
    // a write-only or background process serves no pages
  } else if (existsSync(indexHtml)) {
    // Hashed assets never change under their name; the HTML always revalidates so a deploy shows at once.
    app.use(
      '/assets',
      express.static(resolve(webDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
    app.use(express.static(webDist, { index: false, maxAge: 0 }));
    const spa: RequestHandler = (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    };
    app.get(/^\/(?!api\/).*/, spa);
  } else {
    logger.warn('web app not built: only /api is served', { webDist, hint: 'npm run build:web' });
  }

  app.use(problemDetailsHandler(logger));
  return app;
}
