# syntax=docker/dockerfile:1
# The portal in one image: the built server (plain JavaScript) and web app, production dependencies only.
# Build:  docker build -t portal .      Run: see compose.yaml and docs/operations.md.

# 1. Install everything, build the web app and the server, and cut the production tree
#    (scripts/make-release.mjs: built files + `npm prune --omit=dev` of the server's workspace).
FROM node:22-alpine AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# npm ci applies these fixes to dependencies (patch-package; docs/decisions/030).
COPY patches patches/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/make-release.mjs /release

# 2. Only what runs: no compilers, no dev dependencies, no sources beyond the bundle; runs as `node`, not root.
FROM node:22-alpine
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data/pglite \
    MEDIA_DIR=/data/media \
    MATERIALS_DIR=/data/materials
WORKDIR /app
# ffmpeg encodes uploaded videos into the HLS ladder that plays on slow networks (docs/decisions/074).
RUN apk add --no-cache ffmpeg
COPY --from=build /release /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz: the process answers (readiness, /readyz, is for the proxy or orchestrator).
HEALTHCHECK --interval=30s --timeout=3s --start-period=90s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
