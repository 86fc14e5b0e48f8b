// The app process: opens the node's state, serves ABCI to CometBFT and gRPC to clients. Usage:
//   node dist/app/main.js --home <node home> [--grpc-host <host>]
// gRPC listens on 127.0.0.1 unless --grpc-host (or UNIT_GRPC_HOST) says otherwise, e.g. 0.0.0.0
// in a container whose port is published.
import { parseArgs } from "node:util";
import { AbciServer } from "../abci/server.js";
import { nodeHomePaths, readAppConfig } from "../common/node/home.js";
import { UnitApp } from "./app.js";
import { createNodeGrpcServer, GrpcListenError } from "./grpc/index.js";
import { createLogger } from "../common/logger.js";
import { wireApp } from "./modules.js";
import { openStore } from "./store/index.js";
import { defaultHome } from "../common/node/paths.js";

const { values } = parseArgs({ options: { home: { type: "string" }, "grpc-host": { type: "string" } } });
const paths = nodeHomePaths(values.home ?? defaultHome());
const logger = createLogger("app");

const config = readAppConfig(paths);
const store = openStore(paths.appDb, { keepRecent: config.pruningKeepRecent, pruneInterval: config.pruningInterval });
const faultBlockDelayMs = Number(process.env.UNIT_FAULT_BLOCK_DELAY_MS ?? 0);
if (faultBlockDelayMs > 0) logger.warn({ faultBlockDelayMs }, "fault injection on: blocks are artificially slowed (crash tests only)");
const wiring = wireApp();
const app = new UnitApp({ store, ...wiring, logger, faultBlockDelayMs });
const abciAddress = `tcp://127.0.0.1:${config.ports.abci}`;
const server = new AbciServer(app, { address: abciAddress, logger: logger.child({ component: "abci" }) });

try {
  await server.listen();
} catch (err) {
  logger.fatal(
    { err },
    `cannot listen for ABCI on ${abciAddress}${(err as NodeJS.ErrnoException).code === "EADDRINUSE" ? " (port in use: is another node running?)" : ""}`,
  );
  store.close();
  process.exit(1);
}

// After ABCI: CometBFT must be able to connect even while clients wait for gRPC.
const grpcServer = createNodeGrpcServer({
  queries: app.queries.services,
  state: store,
  cometRpcUrl: `http://127.0.0.1:${config.ports.rpc}`,
  anyTypes: wiring.anyTypes,
  logger: logger.child({ component: "grpc" }),
});
const grpcHost = values["grpc-host"] ?? process.env.UNIT_GRPC_HOST ?? config.listenHost ?? "127.0.0.1";
try {
  await grpcServer.listen(grpcHost, config.ports.grpc);
} catch (err) {
  logger.fatal(err instanceof GrpcListenError ? { address: err.address } : { err }, (err as Error).message);
  await server.close();
  store.close();
  process.exit(1);
}
logger.info({ height: store.lastHeight, abci: abciAddress, grpc: grpcServer.address, db: paths.appDb }, "app ready");

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "stopping app");
  await grpcServer.close();
  await server.close();
  store.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// Run by the supervisor: stop if it disappears (killed with SIGKILL) instead of holding the
// database and the ABCI port as an orphan.
const supervisor = Number(process.env.UNIT_SUPERVISOR_PID);
if (supervisor > 0) {
  setInterval(() => {
    if (process.ppid !== supervisor) void shutdown("supervisor gone");
  }, 1000).unref();
}
