// The REST gateway process: `node dist/gateway/rest/main.js [--home <dir>] [flags]` (see --help).
// `unitd start` runs it beside the app; it can also run on its own against any node's gRPC port.
import fs from "node:fs";
import http from "node:http";
import { createLogger } from "../../app/logger.js";
import { GrpcBackend } from "./backend.js";
import { parseRestArgs, REST_USAGE, type RestConfig } from "./config.js";
import { openApiDocument, type OpenApiInfo } from "./openapi.js";
import { createRestApp } from "./server.js";

const logger = createLogger("rest");

let config: RestConfig;
try {
  const parsed = parseRestArgs(process.argv.slice(2));
  if (parsed === "help") {
    process.stdout.write(REST_USAGE);
    process.exit(0);
  }
  config = parsed;
} catch (err) {
  process.stderr.write(`rest gateway: ${(err as Error).message}\n\n${REST_USAGE}`);
  process.exit(1);
}

const info: OpenApiInfo = {
  title: "unit node REST gateway",
  version: "0.1.0",
  description: "Query-only REST API of a unit node, generated from the google.api.http annotations of the gRPC services the app serves. Transactions go through gRPC or the consensus RPC.",
};
const backend = new GrpcBackend({ address: config.grpcAddress, logger });
backend.start();

if (config.writeOpenApi) {
  const target = config.writeOpenApi;
  const timer = setTimeout(() => {
    logger.fatal(backend.unavailableReason());
    process.exit(1);
  }, 30_000);
  await backend.firstLoad;
  clearTimeout(timer);
  fs.writeFileSync(target, JSON.stringify(openApiDocument(backend.snapshot()!.table, info), null, 2) + "\n");
  logger.info({ file: target }, "wrote the OpenAPI document");
  backend.close();
  process.exit(0);
}

const app = createRestApp({ backend, cors: config.cors, limits: config.limits, info, logger });
const server = http.createServer(app.callback());
// Slow clients must not hold connections forever.
server.requestTimeout = config.limits.callTimeoutMs + 5_000;
server.headersTimeout = 10_000;
server.maxHeadersCount = 100;
server.on("error", (err: NodeJS.ErrnoException) => {
  logger.fatal({ err: err.message }, `cannot listen on ${config.host}:${config.port}${err.code === "EADDRINUSE" ? " (port in use: is another node running?)" : ""}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  logger.info({ url, grpc: config.grpcAddress, cors: config.cors.mode }, `REST gateway listening on ${url}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "stopping REST gateway");
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    backend.close();
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
