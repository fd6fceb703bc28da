# syntax=docker/dockerfile:1
# The release folder of `npm run package` in a small non-root image. Built outside this repository's CI (no
# Docker engine there), tagged with the product's version (package.json):
#   docker build -t rfp-donations:1.0.0 . && docker compose up -d (compose.yaml names the same tag).

# 1. Build: install with the lock, build, package (server.js, static files, public/, migrations, admin.cjs).
FROM node:24-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# The sources come before the install: npm ci's postinstall generates web/api/paths.d.ts from the API's routes.
COPY . .
RUN npm ci --no-audit --no-fund
RUN RELEASE_DIR=/release node scripts/package.mjs

# 2. Run: only the release folder, as the unprivileged user node; the embedded database (when DATABASE_URL is
# unset) and its backups live in the /data volume.
FROM node:24-bookworm-slim
# pg_dump must be of the server's major version or newer (it refuses an older client), and Debian bookworm ships
# PostgreSQL 15 while compose.yaml runs postgres:17: the client comes from PostgreSQL's own Debian repository (PGDG),
# at the major version of compose.yaml's image (tests/deploy/container-files.test.ts keeps the two equal).
ARG PG_MAJOR=17
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && install -d /usr/share/postgresql-common/pgdg \
  && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
  && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" \
    > /etc/apt/sources.list.d/pgdg.list \
  && apt-get update \
  && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
  && apt-get purge -y curl && apt-get autoremove -y \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
# The version of package.json, also in the image's tag (tests/deploy/container-files.test.ts keeps them equal).
LABEL org.opencontainers.image.title="rfp-donations" \
      org.opencontainers.image.version="1.0.0" \
      org.opencontainers.image.licenses="MIT"
WORKDIR /app
COPY --from=build --chown=node:node /release ./
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=131072
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness, /api/health: the process answers. Orchestrators that replace an unhealthy container (Swarm, Nomad)
# would otherwise restart every app container in a loop while the database is down, which brings nothing back.
# Readiness, /api/ready (the database answers, its migrations are applied; 503 with Retry-After until then), is for
# the load balancer in front and for compose.yaml's check, which only reports.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The memory settings npm start uses too (docs/operations.md, Memory).
CMD ["node", "--max-semi-space-size=8", "server.js"]
