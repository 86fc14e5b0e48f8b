// The app process: opens the node's state, serves ABCI to CometBFT and gRPC to clients. Usage:
//   node dist/app/main.js --home <node home> [--grpc-host <host>]
// gRPC listens on 127.0.0.1 unless --grpc-host (or UNIT_GRPC_HOST) says otherwise, e.g. 0.0.0.0
// in a container whose port is published.
import path from "node:path";
import type { Logger } from "pino";
import { parseArgs } from "node:util";
import { AbciServer } from "../abci/server.js";
import {
  DEFAULT_QUERY_TIMEOUT_MS,
  DEFAULT_QUERY_WORKERS,
  defaultSenderRecoveryWorkers,
  defaultStateHashWorkers,
  nodeHomePaths,
  readAppConfig,
} from "../common/node/home.js";
import { useSenderKeySource } from "../common/ethereum/ethTx.js";
import { SenderRecoveryPool } from "./senderRecovery/pool.js";
import { ElementFoldPool } from "./store/elementFold/pool.js";
import { UnitApp } from "./app.js";
import { createNodeGrpcServer, GrpcListenError } from "./grpc/index.js";
import { createLogger } from "../common/logger.js";
import { wireApp } from "./modules.js";
import { openStore } from "./store/index.js";
import { InProcessExecutor, PooledExecutor, type QueryExecutor } from "./query/executor.js";
import { QueryPool } from "./query/pool/queryPool.js";
import { InlineGate } from "./query/inlineGate.js";
import { QUERY_BUSY_FAULT_MS } from "./query/faults.js";
import { defaultHome } from "../common/node/paths.js";
import { threadModule } from "../common/node/entryPoints.js";
import { nodeMinimumGasPrice, withNodeFeeFloor } from "./modules/auth/nodeFeeFloor.js";
import { formatGasPriceAsDecCoin, parseGasPrice } from "./modules/auth/params.js";
import { SnapshotManager } from "./snapshots/manager.js";
import { loadVm } from "./modules/evm/tx/vmLoader.js";

const { values } = parseArgs({ options: { home: { type: "string" }, "grpc-host": { type: "string" } } });
const paths = nodeHomePaths(values.home ?? defaultHome());
const logger = createLogger("app");

const config = readAppConfig(paths);
const store = openStore(paths.appDb, { keepRecent: config.pruningKeepRecent, pruneInterval: config.pruningInterval });
const faultBlockDelayMs = Number(process.env.UNIT_FAULT_BLOCK_DELAY_MS ?? 0);
if (QUERY_BUSY_FAULT_MS > 0) logger.warn({ queryBusyMs: QUERY_BUSY_FAULT_MS }, "fault injection on: every query computes without yielding first (tests only)");
if (faultBlockDelayMs > 0) logger.warn({ faultBlockDelayMs }, "fault injection on: blocks are artificially slowed (crash tests only)");
const wiring = wireApp();

// Queries in worker threads over read-only connections, so none can delay a block, but for the
// eth_calls the app's thread answers itself, briefly and while it is not busy (docs/queries.md).
const queryWorkers = config.queryWorkers ?? DEFAULT_QUERY_WORKERS;
// With no workers every query runs on the app's thread anyway.
const inlineCalls = queryWorkers > 0 && (config.queryInlineCalls ?? true);
let queryPool: QueryPool | undefined;
const inProcessExecutor = new InProcessExecutor(store);
let queryExecutor: QueryExecutor = inProcessExecutor;
if (queryWorkers > 0) {
  queryPool = new QueryPool({
    // Compiled JavaScript (worker threads do not inherit a TypeScript loader), or its bundle.
    workerUrl: threadModule(new URL("./queryWorker.js", import.meta.url)),
    workerData: { dbPath: paths.appDb },
    size: queryWorkers,
    timeoutMs: config.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    maxWaiting: 1024,
    logger: logger.child({ component: "queries" }),
  });
  queryExecutor = new PooledExecutor(queryPool, inProcessExecutor, inlineCalls ? new InlineGate() : undefined);
}
/** `size` helper threads running `worker` (relative to this module; compiled JavaScript or its bundle), or none for 0. */
function helperPool<P>(
  size: number,
  Pool: new (options: { size: number; workerUrl: URL; logger: Logger }) => P,
  worker: string,
  component: string,
): P | undefined {
  return size > 0 ? new Pool({ size, workerUrl: threadModule(new URL(worker, import.meta.url)), logger: logger.child({ component }) }) : undefined;
}
// Ethereum senders recovered on other threads while earlier CheckTx requests run (docs/node-lifecycle.md).
const senderRecoveryWorkers = config.senderRecoveryWorkers ?? defaultSenderRecoveryWorkers();
const senderRecovery = helperPool(senderRecoveryWorkers, SenderRecoveryPool, "./senderRecovery/worker.js", "sender-recovery");
useSenderKeySource(senderRecovery);
// A large block's or a genesis's element hashes shared with other threads at the end of the block (app/store/sharedFold.ts).
const stateHashWorkers = config.stateHashWorkers ?? defaultStateHashWorkers();
const elementFolder = helperPool(stateHashWorkers, ElementFoldPool, "./store/elementFold/worker.js", "state-hash");
store.useElementFolder(elementFolder);
// Snapshots for state sync (docs/statesync.md): none taken unless snapshot-interval is set, two kept;
// a node restores from peers' snapshots whatever its own interval.
const { snapshotInterval = 0, snapshotKeepRecent = 2 } = config as { snapshotInterval?: number; snapshotKeepRecent?: number };
const snapshots = new SnapshotManager({
  dir: path.join(paths.root, "data", "snapshots"),
  interval: snapshotInterval,
  keepRecent: snapshotKeepRecent,
  logger: logger.child({ component: "snapshots" }),
  dbPath: paths.appDb,
  // Compiled JavaScript or its bundle, as the query workers.
  workerUrl: threadModule(new URL("./snapshots/snapshotWorker.js", import.meta.url)),
});
// app.toml's minimum-gas-prices: this node's mempool floor (CheckTx only).
const nodeFeeFloor = config.minimumGasPrices ? parseGasPrice(config.minimumGasPrices) : undefined;
const txProcessor = nodeFeeFloor ? withNodeFeeFloor(wiring.txProcessor, nodeFeeFloor, wiring.msgs) : wiring.txProcessor;
// The EVM's code (vmLoader.ts) loads neither before the app listens nor while CometBFT waits for
// the handshake's answers, but in the block interval after it; a tx that needs it sooner waits.
const loadVmAfterHandshake = () =>
  loadVm().catch((err: unknown) => {
    logger.fatal({ err }, "cannot load the EVM");
    process.exit(1);
  });
const app = new UnitApp({ store, ...wiring, txProcessor, logger, faultBlockDelayMs, queryExecutor, snapshots, afterHandshake: loadVmAfterHandshake });
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

// Workers open the database only after the app has (it migrates an older layout first); their
// start overlaps CometBFT's handshake.
try {
  await queryPool?.start();
} catch (err) {
  logger.fatal({ err }, "cannot start the query workers");
  await server.close();
  store.close();
  process.exit(1);
}

// After ABCI: CometBFT must be able to connect even while clients wait for gRPC.
const grpcServer = createNodeGrpcServer({
  queries: app.queries.services,
  state: store,
  executor: queryExecutor,
  cometRpcUrl: `http://127.0.0.1:${config.ports.rpc}`,
  anyTypes: wiring.anyTypes,
  nodeConfig: { pruningKeepRecent: config.pruningKeepRecent, pruningInterval: config.pruningInterval },
  // What this node accepts: the chain's minimum, or its own floor where higher (the SDK's Config reports app.toml's).
  minGasPrice: (state) => formatGasPriceAsDecCoin(nodeMinimumGasPrice(parseGasPrice(wiring.minGasPrice(state)), nodeFeeFloor)),
  logger: logger.child({ component: "grpc" }),
});
const grpcHost = values["grpc-host"] ?? process.env.UNIT_GRPC_HOST ?? config.listenHost ?? "127.0.0.1";
try {
  // grpc.enable = false in app.toml: no gRPC server (nor REST or JSON-RPC, which read through it).
  if (config.enable?.grpc !== false) await grpcServer.listen(grpcHost, config.ports.grpc);
  else logger.info("gRPC is off (grpc.enable = false in app.toml)");
} catch (err) {
  logger.fatal(err instanceof GrpcListenError ? { address: err.address } : { err }, (err as Error).message);
  await server.close();
  store.close();
  process.exit(1);
}
logger.info(
  {
    height: store.lastHeight,
    abci: abciAddress,
    grpc: grpcServer.address,
    db: paths.appDb,
    queryWorkers,
    inlineCalls,
    senderRecoveryWorkers,
    stateHashWorkers,
  },
  "app ready",
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "stopping app");
  await grpcServer.close();
  await server.close();
  await queryPool?.close();
  await senderRecovery?.close();
  await elementFolder?.close();
  app.stop();
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
