# One image for every role of PocketGuide. A container runs the roles named in ROLES (comma list of
# command-api, query-api, projections, workers, relay; `all` = every role, which is the standalone all-in-one).
#
#   docker build -t pocketguide .                          # ROLES=all
#   docker build -t pocketguide:workers --build-arg ROLE=workers .
#   docker run -e ROLES=query-api ... pocketguide           # the env var wins over the build arg at run time
#
# TypeScript runs directly with tsx (no compile step); the web app is built into web/dist here and served by the
# processes that run query-api.

ARG NODE_IMAGE=node:20.19-bookworm-slim

# ---------------------------------------------------------------------------------------------------------------
# build: install every dependency (better-sqlite3 compiles if no prebuilt binary fits) and build the web app
# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build

# PUPPETEER_SKIP_DOWNLOAD: never fetch a browser at install; the runtime uses Debian's chromium.
# npm_config_nodedir: node-gyp uses the headers shipped in the node image instead of downloading them.
ENV PUPPETEER_SKIP_DOWNLOAD=1 \
    npm_config_nodedir=/usr/local \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false

RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Manifests first so `npm ci` is cached until a dependency changes. Every workspace listed in the root
# package.json must be copied here (npm ci fails loudly when one is missing).
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projections/package.json projections/
COPY query-api/package.json query-api/
COPY workers/package.json workers/
COPY web/package.json web/
COPY deploy/standalone/package.json deploy/standalone/
RUN --mount=type=cache,target=/root/.npm npm ci

COPY . .
RUN npm run build:web

# Drop build/test-only packages (vite, vitest, testcontainers, ...) - but only once the packages the processes
# need at run time (tsx runs the TypeScript, puppeteer-core drives Chromium) are declared as dependencies
# somewhere in the workspaces; until then the dev dependencies stay, which costs size, not correctness.
RUN if node -e " \
      const fs = require('fs'); \
      const root = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
      const files = ['package.json', ...root.workspaces.map((w) => w + '/package.json')]; \
      const deps = new Set(files.flatMap((f) => Object.keys(JSON.parse(fs.readFileSync(f, 'utf8')).dependencies ?? {}))); \
      process.exit(['tsx', 'puppeteer-core'].every((n) => deps.has(n)) ? 0 : 1);"; \
    then npm prune --omit=dev; \
    else echo 'tsx / puppeteer-core are devDependencies: keeping dev dependencies in the image'; \
    fi

# ---------------------------------------------------------------------------------------------------------------
# runtime: node + the system Chromium the thumbnail worker drives + CJK fonts so Korean renders in thumbnails
# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

# tini as PID 1 reaps Chromium's child processes and forwards SIGTERM to node (which closes cleanly).
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-noto-cjk fonts-noto-color-emoji tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    WEB_DIST=/app/web/dist \
    PUPPETEER_SKIP_DOWNLOAD=1 \
    CHROMIUM_PATH=/usr/bin/chromium \
    npm_config_update_notifier=false

WORKDIR /app
# Owned by root and read-only for the app user; only the data folder is writable (a named volume mounted here
# starts with this ownership).
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data

# The node image's unprivileged user (uid/gid 1000).
USER node

# Last, so images built for different roles share every layer above.
ARG ROLE=all
ENV ROLES=${ROLE}

EXPOSE 3000

# Every role serves GET /api/health on PORT (200 ok, 503 degraded). node's fetch: no curl in the image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "deploy/standalone/src/main.ts"]
