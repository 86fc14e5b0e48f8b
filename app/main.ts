// The app process: opens the node's state, serves ABCI to CometBFT. Usage:
//   node dist/app/main.js --home <node home>
import { parseArgs } from "node:util";
import { AbciServer } from "../abci/server.js";
import { nodeHomePaths, readAppConfig } from "../cometbft/home.js";
import { UnitApp } from "./app.js";
import { createLogger } from "./logger.js";
import { appModules } from "./modules.js";
import { openStore } from "./store/index.js";
import { defaultHome } from "../cometbft/paths.js";

const { values } = parseArgs({ options: { home: { type: "string" } } });
const paths = nodeHomePaths(values.home ?? defaultHome());
const logger = createLogger("app");

const config = readAppConfig(paths);
const store = openStore(paths.appDb, { keepRecent: config.pruningKeepRecent, pruneInterval: config.pruningInterval });
const faultBlockDelayMs = Number(process.env.UNIT_FAULT_BLOCK_DELAY_MS ?? 0);
if (faultBlockDelayMs > 0) logger.warn({ faultBlockDelayMs }, "fault injection on: blocks are artificially slowed (crash tests only)");
const app = new UnitApp({ store, modules: appModules(), logger, faultBlockDelayMs });
const abciAddress = `tcp://127.0.0.1:${config.ports.abci}`;
const server = new AbciServer(app, { address: abciAddress, logger: logger.child({ component: "abci" }) });

try {
  await server.listen();
} catch (err) {
  logger.fatal({ err }, `cannot listen for ABCI on ${abciAddress}${(err as NodeJS.ErrnoException).code === "EADDRINUSE" ? " (port in use: is another node running?)" : ""}`);
  store.close();
  process.exit(1);
}
logger.info({ height: store.lastHeight, abci: abciAddress, db: paths.appDb }, "app ready");

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "stopping app");
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
