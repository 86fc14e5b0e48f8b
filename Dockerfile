# syntax=docker/dockerfile:1
# The node image: `unitd` (app, REST gateway, faucet, CLI) and the pinned CometBFT in one image.
# docker-compose.yml runs it as a four-validator devnet; docs/devnet.md explains both devnet paths.

# One Node version for both stages: better-sqlite3 is a native addon compiled against it.
ARG NODE_VERSION=20.20.2
# Must equal cometbft/version.ts COMETBFT_VERSION (test/dockerCompose.test.ts checks it, and the
# build stage runs dist/cometbft/install.js, which fails on any other version).
ARG COMETBFT_VERSION=0.38.25

# ---- build stage: everything that needs a compiler or dev dependencies ------------------------
# Node 20 for npm and tsc, the Go toolchain for CometBFT, and (already in node:*-bookworm) the
# python3, make and g++ that node-gyp needs to build better-sqlite3 from source.
FROM node:${NODE_VERSION}-bookworm AS build
ARG COMETBFT_VERSION
# The Go toolchain is self-contained under /usr/local/go: take it from the pinned official image
# rather than from Debian, whose Go is too old for CometBFT v0.38 (its go.mod asks for 1.22.11).
COPY --from=golang:1.24.5-bookworm /usr/local/go /usr/local/go
ENV PATH=/usr/local/go/bin:$PATH
WORKDIR /app

# CometBFT first: it depends on nothing in the repository, so this layer survives source edits.
# The stock binary from the Go module proxy, built the way cometbft/install.ts builds it (never
# @latest: that is v1.x, which speaks other protos). Static, so the slim runtime needs no libc match.
RUN GOTOOLCHAIN=local GOBIN=/app/.bin CGO_ENABLED=0 \
    go install github.com/cometbft/cometbft/cmd/cometbft@v${COMETBFT_VERSION} \
 && /app/.bin/cometbft version

# npm dependencies at the lockfile's versions: `npm install`, as .ci/run does, because `npm ci`
# refuses a lockfile that lacks other platforms' optional buf binaries. Install scripts run only
# for the packages that need them (the root `prepare` would build before the sources are here):
# better-sqlite3 compiled from source against this Node's headers, secp256k1's addon, and buf's
# platform binary for `buf generate`.
ENV npm_config_nodedir=/usr/local npm_config_build_from_source=better-sqlite3
COPY package.json package-lock.json ./
RUN npm install --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3 secp256k1 @bufbuild/buf

# Sources, then `npm run build` (scripts/build.mjs): `buf generate` writes gen/ (git-ignored, so
# never copied in), tsc compiles it with everything else into dist/ (dist/gen/... is imported at
# runtime), and esbuild bundles each process (scripts/bundle.mjs: dist/app/main.bundle.mjs ...)
# and the explorer into dist/explorer.
COPY tsconfig.json buf.gen.yaml ./
COPY proto ./proto
COPY abci ./abci
COPY app ./app
COPY common ./common
COPY cometbft ./cometbft
COPY gateway ./gateway
COPY evm ./evm
COPY sdk ./sdk
COPY explorer ./explorer
COPY scripts/build.mjs scripts/bundle.mjs scripts/libraryRewrites.mjs scripts/evmObjectCopies.mjs scripts/utilBytePadding.mjs scripts/sourceRewritePlugin.mjs ./scripts/
COPY bin ./bin
RUN npm run build \
 && node dist/cometbft/install.js \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# ---- runtime stage: what a validator container runs, without compilers or dev dependencies ---
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
# common/node/paths.ts finds the binary at <repo root>/.bin, i.e. /app/.bin (dist/.. = /app).
COPY --from=build /app/.bin/cometbft ./.bin/cometbft
# The image's own non-root user (`node`, uid 1000). /devnet is created here and owned by it, so a
# fresh named volume mounted there (docker-compose.yml) starts out writable by that user.
RUN mkdir -p /devnet && chown node:node /devnet
USER node
# A command line rather than an ENTRYPOINT, so docker-compose.yml's `command:` lists the whole
# `node dist/app/cli/unitd.js devnet ...` line that a local shell would run.
CMD ["node", "dist/app/cli/unitd.js", "--help"]
