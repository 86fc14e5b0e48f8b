// The CometBFT genesis document: we keep what `cometbft init` wrote (validator, consensus params)
// and set the chain id, start time, initial height and the application's genesis state.
import fs from "node:fs";
import path from "node:path";
import { APP_PROTOCOL_VERSION } from "../common/version.js";
import type { GenesisDoc } from "../common/comet/genesisDoc.js";

export type { GenesisDoc };

export const DEFAULT_CHAIN_ID = "unit_2611-1";

/**
 * The block limits a new chain starts with (docs/evm.md, "Block limits"): 4 MiB of txs, CometBFT's
 * `init` offers 21 MiB; no consensus gas cap, since Ethereum txs are held to the EVM block gas
 * limit (30M) by the app and Cosmos txs declare gas that is a price bound, not a cost.
 */
export const DEFAULT_BLOCK_PARAMS = { max_bytes: String(4 * 1024 * 1024), max_gas: "-1" } as const;

export function genesisPath(cometHome: string): string {
  return path.join(cometHome, "config", "genesis.json");
}

export function readGenesis(cometHome: string): GenesisDoc {
  return JSON.parse(fs.readFileSync(genesisPath(cometHome), "utf8")) as GenesisDoc;
}

export function writeGenesis(cometHome: string, doc: GenesisDoc): void {
  fs.writeFileSync(genesisPath(cometHome), JSON.stringify(doc, null, 2) + "\n");
}

/** Fills in our chain's fields on the genesis `cometbft init` generated. */
export function customizeGenesis(doc: GenesisDoc, opts: { chainId: string; genesisTime: Date; appState: unknown }): GenesisDoc {
  return {
    ...doc,
    genesis_time: opts.genesisTime.toISOString(),
    chain_id: opts.chainId,
    initial_height: "1",
    // Block headers carry the app's protocol version (its Info answer); `cometbft rollback` rebuilds
    // the state's version from these params, so they must name the same one or replay refuses the block.
    consensus_params: {
      ...doc.consensus_params,
      block: { ...(doc.consensus_params.block as Record<string, unknown> | undefined), ...DEFAULT_BLOCK_PARAMS },
      version: { app: String(APP_PROTOCOL_VERSION) },
    },
    app_state: opts.appState,
  };
}
