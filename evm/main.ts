// The EVM JSON-RPC server process: `node dist/evm/main.js [--home <dir>] [flags]` (see --help).
// `unitd start` and the devnet run it beside each node's app; it reads through the app's gRPC
// server and sends txs through CometBFT's RPC, and never opens the node's database.
import { createLogger } from "../common/logger.js";
import { parseFlagsOrExit, serveHttp } from "../common/http/httpProcess.js";
import { handleServerErrors } from "../common/http/serverErrors.js";
import { GrpcEvmNode } from "./chain/grpcEvmNode.js";
import { EVM_RPC_USAGE, parseEvmRpcArgs, type EvmRpcConfig } from "./config.js";
import { createEvmRpc } from "./evmRpc.js";

const logger = createLogger("evm-rpc");

// Every promise the server makes is awaited or caught; should one slip through, one request
// failed, not the process (unitd start would restart it, dropping every client's filters and subscriptions).
process.on("unhandledRejection", (err) => logger.error({ err }, "unhandled rejection"));

const config: EvmRpcConfig = parseFlagsOrExit("evm-rpc", EVM_RPC_USAGE, parseEvmRpcArgs);
const urlHost = config.host.includes(":") ? `[${config.host}]` : config.host;
const wsUrl = `ws://${urlHost}:${config.wsPort}`;

const node = new GrpcEvmNode({ grpcAddress: config.grpcAddress, cometUrl: config.nodeUrl, timeoutMs: config.timeoutMs });
const rpc = createEvmRpc(node, { ...config, wsUrl }, logger);

// As on the HTTP port: a listen failure exits with a clear message, a failed accept does not.
handleServerErrors(rpc.wsServer, { name: "JSON-RPC over WebSocket", host: config.host, port: config.wsPort, logger });
rpc.wsServer.listen(config.wsPort, config.host, () => logger.info({ url: wsUrl }, `JSON-RPC over WebSocket listening on ${wsUrl}`));

serveHttp({
  name: "JSON-RPC over HTTP",
  app: rpc.httpApp,
  host: config.host,
  port: config.httpPort,
  logger,
  requestTimeoutMs: config.timeoutMs + 5_000,
  maxHeadersCount: 100,
  // Keep-alive clients hold their sockets: the count of them is bounded like WebSocket connections.
  maxConnections: config.ws.maxConnections,
  drainMs: 3000,
  details: { ws: wsUrl, grpc: config.grpcAddress, node: config.nodeUrl, cors: config.cors.mode },
  onStop: () => {
    rpc.stop();
    rpc.wsServer.close();
    node.close();
  },
});
rpc.start();
