// Recovery commands, as the SDK's: `unitd comet unsafe-reset-all` wipes CometBFT's data and the
// app's state (keys, config and genesis stay), and `unitd rollback` takes both CometBFT's state
// and the app's back by one height, so the next start re-executes the last block.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureCometbft } from "../../cometbft/install.js";
import { canConnect } from "../../cometbft/readiness.js";
import { isInitialised, nodeHomePaths, readAppConfig, type NodeHomePaths } from "../../common/node/home.js";
import { openStore } from "../store/index.js";
import { homeFlag, parseStrictArgs } from "./flags.js";
import { UsageError } from "./keys/errors.js";
import { runCli } from "./client/runCli.js";

/** Both commands change files a running node holds open: refuse while its ABCI port answers. */
async function assertStopped(paths: NodeHomePaths): Promise<void> {
  if (!isInitialised(paths)) throw new UsageError(`${paths.root} is not a node home (unitd init or unitd start creates one)`);
  const { abci } = readAppConfig(paths).ports;
  if (await canConnect(abci)) throw new UsageError(`the node of ${paths.root} is running (its ABCI port ${abci} answers): stop it first`);
}

function comet(args: string[]): string {
  return execFileSync(ensureCometbft({ onProgress: () => undefined }), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export const UNSAFE_RESET_ALL_USAGE = `unitd comet unsafe-reset-all [--home <dir>] [--keep-addr-book]

Removes CometBFT's blocks, state and WAL, resets the validator's double-sign record to genesis and
removes the app's state (<home>/data). Keys, config and genesis stay. Refused while the node runs.
Never on a validator that has signed blocks of a live network whose key will sign again.
`;

export const ROLLBACK_USAGE = `unitd rollback [--home <dir>] [--hard]

Takes CometBFT's state and the app's state back by one height, so the next start re-executes the
last block (after an app-hash mismatch, with the fixed binary). --hard also removes the last block.
Refused while the node runs, or when the height below is pruned.
`;

const HELP = { help: { type: "boolean", short: "h" } } as const;

export async function runUnsafeResetAll(args: string[]): Promise<number> {
  return runCli("comet unsafe-reset-all", async () => {
    const { values, positionals } = parseStrictArgs(
      args,
      { home: { type: "string" }, "keep-addr-book": { type: "boolean" }, ...HELP },
      "comet unsafe-reset-all",
    );
    if (values.help) {
      process.stdout.write(UNSAFE_RESET_ALL_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError("comet unsafe-reset-all takes no arguments");
    const paths = nodeHomePaths(homeFlag(values.home));
    await assertStopped(paths);
    comet(["unsafe-reset-all", "--home", paths.cometHome, ...(values["keep-addr-book"] ? ["--keep-addr-book"] : [])]);
    // The app's state lives in <home>/data (app.db with its WAL, and snapshots): all of it goes.
    const dataDir = path.dirname(paths.appDb);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    console.log(`removed CometBFT's blocks and state in ${path.join(paths.cometHome, "data")} and the app's state in ${dataDir}`);
    console.log(`kept the keys, ${paths.appConfigFile}, CometBFT's config and genesis${values["keep-addr-book"] ? " and the address book" : ""}`);
    return 0;
  });
}

export async function runRollback(args: string[]): Promise<number> {
  return runCli("rollback", async () => {
    const { values, positionals } = parseStrictArgs(args, { home: { type: "string" }, hard: { type: "boolean" }, ...HELP }, "rollback");
    if (values.help) {
      process.stdout.write(ROLLBACK_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError("rollback takes no arguments");
    const paths = nodeHomePaths(homeFlag(values.home));
    await assertStopped(paths);
    const store = openStore(paths.appDb);
    try {
      const appHeight = store.lastHeight;
      const out = comet(["rollback", "--home", paths.cometHome, ...(values.hard ? ["--hard"] : [])]);
      const m = /Rolled back state to height (\d+) and hash ([0-9A-Fa-f]*)/.exec(out);
      if (!m) throw new Error(`cometbft rollback said: ${out.trim()}`);
      const cometHeight = Number(m[1]);
      // The app is at CometBFT's height or one above it (it commits before CometBFT saves state).
      if (appHeight > cometHeight + 1) throw new Error(`the app is at height ${appHeight}, more than one above CometBFT's ${cometHeight}`);
      if (appHeight === cometHeight + 1) store.rollbackLatest();
      const appHash = Buffer.from(store.lastHash).toString("hex").toUpperCase();
      if (appHash !== m[2]!.toUpperCase()) throw new Error(`the app's hash at height ${store.lastHeight} is ${appHash}, CometBFT's is ${m[2]}`);
      console.log(`rolled back CometBFT's state${values.hard ? " and last block" : ""} and the app's state to height ${cometHeight} (app hash ${appHash})`);
      return 0;
    } finally {
      store.close();
    }
  });
}
