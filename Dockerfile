# Palpite's image: build once (web app and compiled server), then run on a slim Node 20 as a non-root
# user with `node` as PID 1, so SIGTERM from the container engine reaches the server and it drains.
# docs/deploy.md explains the environment; compose.yaml adds PostgreSQL 16 and a Mailpit mail sink.

# The base image (Debian bookworm-slim with Node 20 in /usr/local and a `node` user, uid 1000) can be
# replaced with `--build-arg NODE_IMAGE=...`, e.g. a mirror or a locally built equivalent.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ARG BUILD_ID=dev
ENV BUILD_ID=$BUILD_ID
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the only install scripts are esbuild's binary checks. drizzle-kit (a dev dependency, but an
# optional peer of better-auth, so --omit=dev keeps it) brings its own esbuild copies; npm 10 (the base image's)
# leaves their platform binaries out, and their check, finding the top-level binary's version, fails the build.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
ARG BUILD_ID=dev
ENV BUILD_ID=$BUILD_ID
# The embedded database (when DATABASE_URL is unset), the generated auth secret and uploads live in /data.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness (/api/health), not readiness: a database outage must not mark every app container unhealthy
# and have them all restarted; a load balancer reads /api/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/palpite.mjs", "start"]
