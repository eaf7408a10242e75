# syntax=docker/dockerfile:1
# Equip's container image (README, "Containers"): the web app and the server bundle are built in the
# first stage; the image keeps them, the migrations and the production dependencies, and runs as `node`.
#   docker build -t equip .
#   docker run -p 3000:3000 -v equip-data:/data equip            # one container, PGlite in /data
# compose.yaml runs two API instances, a worker, PostgreSQL and Caddy.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: every dependency, then `npm run build` (the web app) and the server bundle
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the install is cached until a dependency changes. `npm ci` installs exactly
# the lock file (docs/decisions/003-install.md: the lock file now lists every Biome platform package,
# and `npm ci --dry-run` accepts it; should that change again, use `npm install` here as CI does).
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/agent/package.json apps/agent/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/build-server.mjs

# ---- production dependencies only
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/agent/package.json apps/agent/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund

# ---- the image
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    EQUIP_DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node packages/domain packages/domain
COPY --chown=node:node apps/api/package.json apps/api/
# The server reads its migrations from apps/api/src/db/migrations.
COPY --chown=node:node apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build --chown=node:node /app/apps/api/dist apps/api/dist
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# 200 while the database answers and the migrations are applied (a missing worker leaves it 200,
# 'degraded'). The worker (EQUIP_ROLE=worker) serves no HTTP: compose.yaml gives it its own check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server (EQUIP_ROLE all or api); the worker: node apps/api/dist/worker.mjs.
CMD ["node", "apps/api/dist/main.mjs"]
