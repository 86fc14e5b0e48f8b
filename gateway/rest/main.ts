// The REST gateway process: `node dist/gateway/rest/main.js [--home <dir>] [flags]` (see --help).
// `unitd start` runs it beside the app; it can also run on its own against any node's gRPC port.
import fs from "node:fs";
import { createLogger } from "../../common/logger.js";
import { GrpcBackend } from "./backend.js";
import { parseRestArgs, REST_USAGE, type RestConfig } from "./config.js";
import { openApiDocument, type OpenApiInfo } from "./openapi.js";
import { createRestApp } from "./server.js";
import { parseFlagsOrExit, serveHttp } from "../../common/http/httpProcess.js";
import { answerClientErrors } from "./clientErrors.js";
import { createExplorerHandler } from "./explorer/explorerRoutes.js";
import { createChainInfoHandler } from "./chainInfo/chainInfoRoutes.js";

const logger = createLogger("rest");

const config: RestConfig = parseFlagsOrExit("rest gateway", REST_USAGE, parseRestArgs);

const info: OpenApiInfo = {
  title: "unit node REST gateway",
  version: "0.1.0",
  description:
    "Query-only REST API of a unit node, generated from the google.api.http annotations of the gRPC services the app serves. Transactions go through gRPC or the consensus RPC.",
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

const explorer = config.explorerDir
  ? createExplorerHandler({ dir: config.explorerDir, cometRpcUrl: config.cometRpcUrl, timeoutMs: config.limits.callTimeoutMs })
  : undefined;
const chainInfo = createChainInfoHandler({ backend, settings: config.chainInfo, timeoutMs: config.limits.callTimeoutMs });
const app = createRestApp({ backend, cors: config.cors, limits: config.limits, info, logger, chainInfo, ...(explorer ? { explorer } : {}) });
const server = serveHttp({
  name: "REST gateway",
  app,
  host: config.host,
  port: config.port,
  logger,
  requestTimeoutMs: config.limits.callTimeoutMs + 5_000,
  maxHeadersCount: 100,
  maxConnections: config.maxConnections,
  drainMs: 3000,
  details: { grpc: config.grpcAddress, cors: config.cors.mode, explorer: config.explorerDir ?? "off", cometRpc: config.cometRpcUrl },
  onStop: () => backend.close(),
});
answerClientErrors(server);
