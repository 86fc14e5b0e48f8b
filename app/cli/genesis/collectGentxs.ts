// `unitd genesis collect-gentxs [--gentx-dir <dir>]`: the SDK's collect-gentxs. Every gentx file
// in the directory (by file name) is checked, put into genesis `genutil.gen_txs`, and the whole
// genesis is run as InitChain would run it (signatures, balances, staking's rules); the gentxs'
// memos, but this node's own, become CometBFT's persistent_peers in config.toml.
import fs from "node:fs";
import path from "node:path";
import { readNodeId, setPersistentPeers } from "../../../cometbft/home.js";
import type { GenesisDoc } from "../../../cometbft/genesis.js";
import { homeFlag, parseStrictArgs } from "../flags.js";
import { UsageError } from "../keys/errors.js";
import { appStateOf, gentxDir, homePaths, readHomeGenesis, writeHomeGenesis } from "./homeFiles.js";
import { checkGentx, type CheckedGentx } from "./genesisChecks.js";
import { GenesisError, runGenesis } from "./validateState.js";

export const COLLECT_GENTXS_USAGE = `unitd genesis collect-gentxs [--gentx-dir <dir>] [--home <dir>]

Puts every gentx-*.json of the directory (default <home>/config/gentx) into genesis.json and sets
this node's persistent_peers to the other validators' P2P addresses from the gentx memos.`;

export interface CollectResult {
  genesis: GenesisDoc;
  gentxs: CheckedGentx[];
  files: string[];
  persistentPeers: string;
}

/** Checks and collects the gentxs of `dir` into `doc`; throws naming the file at fault. */
export function collectGentxs(doc: GenesisDoc, dir: string, ownNodeId: string): CollectResult {
  if (!fs.existsSync(dir)) throw new UsageError(`gentx directory ${dir} does not exist`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new UsageError(`no gentx files (*.json) in ${dir}`);
  const appState = appStateOf(doc);
  const gentxs = files.map((file) => {
    const where = path.join(dir, file);
    let json;
    try {
      json = JSON.parse(fs.readFileSync(where, "utf8"));
    } catch (err) {
      throw new Error(`${where}: not JSON: ${(err as Error).message}`);
    }
    try {
      return checkGentx(json, appState);
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
  });
  const genesis: GenesisDoc = { ...doc, app_state: { ...appState, genutil: { gen_txs: gentxs.map((g) => g.json) } } };
  try {
    if (runGenesis(genesis).validators.length === 0) throw new Error("the gentxs make no validator");
  } catch (err) {
    const index = err instanceof GenesisError && err.module === "genutil" ? /gen_txs\[(\d+)\]/.exec(err.message)?.[1] : undefined;
    throw new Error(index === undefined ? (err as Error).message : `${path.join(dir, files[Number(index)]!)}: ${(err as Error).message}`);
  }
  const persistentPeers = gentxs
    .map((g) => g.peer)
    .filter((peer) => !peer.startsWith(`${ownNodeId}@`))
    .sort()
    .join(",");
  return { genesis, gentxs, files, persistentPeers };
}

export async function runCollectGentxs(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(args, { home: { type: "string" }, "gentx-dir": { type: "string" } }, "genesis collect-gentxs");
  if (positionals.length > 0) throw new UsageError(`collect-gentxs takes no arguments\n\n${COLLECT_GENTXS_USAGE}`);
  const paths = homePaths(homeFlag(values.home));
  const result = collectGentxs(readHomeGenesis(paths), path.resolve(values["gentx-dir"] ?? gentxDir(paths)), readNodeId(paths.cometHome));
  writeHomeGenesis(paths, result.genesis);
  setPersistentPeers(paths.cometHome, result.persistentPeers);
  console.log(
    JSON.stringify(
      {
        gentxs: result.files,
        validators: result.gentxs.map((g) => g.moniker),
        persistent_peers: result.persistentPeers,
        genesis: path.join(paths.cometHome, "config", "genesis.json"),
      },
      null,
      2,
    ),
  );
  return 0;
}
