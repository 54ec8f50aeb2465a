import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Router } from 'express';
import { buildOpenApiDocument } from '@pocketguide/contracts/openapi/openapi-document';

/**
 * `/api/openapi.json`, generated from the contracts when first asked for, and `/api/docs`, a readable page drawn
 * by Swagger UI (swagger-ui-dist) served from here: no script, style or font from anywhere else at run time. The
 * page's own start-up script is a file of its own, because the pages' policy runs no inline script.
 */

/** The docs page may run scripts from here and nothing else; Swagger UI positions things with inline styles. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The viewer's files, by the name the page asks for. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': join(swaggerUiDir, 'swagger-ui.css'),
  'swagger-ui-bundle.js': join(swaggerUiDir, 'swagger-ui-bundle.js'),
  'favicon-32x32.png': join(swaggerUiDir, 'favicon-32x32.png'),
};

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io for a badge.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true, tryItOutEnabled: false });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PocketGuide API</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

export function openApiRoutes(options: { version: string }): Router {
  const router = express.Router();
  let document: string | undefined;

  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument({ version: options.version }));
    res.type('application/json').set('Cache-Control', 'no-cache').send(document);
  });

  router.get('/docs', (_req, res) => {
    res
      .set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(PAGE);
  });

  router.get('/docs/:asset', (req, res, next) => {
    const asset = req.params.asset;
    if (asset === 'init.js') {
      res.type('text/javascript').set('Cache-Control', 'no-cache').send(INIT_SCRIPT);
      return;
    }
    const file = ASSETS[asset];
    if (!file) {
      next();
      return;
    }
    res.sendFile(file, { maxAge: '1d' });
  });

  return router;
}
