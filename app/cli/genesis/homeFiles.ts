// The files of a node home the genesis commands read and write: CometBFT's genesis.json and
// config.toml, the node and validator keys, and the gentx directory (<home>/config/gentx).
import fs from "node:fs";
import path from "node:path";
import { nodeHomePaths, type NodeHomePaths } from "../../../common/node/home.js";
import { genesisPath, readGenesis, writeGenesis, type GenesisDoc } from "../../../cometbft/genesis.js";
import { UsageError } from "../client/cliArgs.js";

export function homePaths(home: string): NodeHomePaths {
  return nodeHomePaths(home);
}

/** Where `gentx` writes and `collect-gentxs` reads by default. */
export function gentxDir(paths: NodeHomePaths): string {
  return path.join(paths.root, "config", "gentx");
}

/** The home's genesis.json, with a clear error when the home was never initialised. */
export function readHomeGenesis(paths: NodeHomePaths): GenesisDoc {
  const file = genesisPath(paths.cometHome);
  if (!fs.existsSync(file)) throw new UsageError(`${file} does not exist; create the node home first (unitd init <moniker> --home ${paths.root})`);
  return readGenesis(paths.cometHome);
}

export function writeHomeGenesis(paths: NodeHomePaths, doc: GenesisDoc): void {
  writeGenesis(paths.cometHome, doc);
}

/** A genesis document's app_state as an object keyed by module name. */
export function appStateOf(doc: GenesisDoc): Record<string, unknown> {
  const state = doc.app_state ?? {};
  if (typeof state !== "object" || state === null || Array.isArray(state)) throw new Error("genesis app_state must be a JSON object keyed by module name");
  return state as Record<string, unknown>;
}
