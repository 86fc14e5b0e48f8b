// `unitd init <moniker> --chain-id <id>`: a node home as the SDK's init makes one: a node key, a
// validator (consensus) key, CometBFT's config, the app's config and a genesis with every module's
// defaults and no validators or accounts. The network's genesis is then built with
// `unitd genesis add-genesis-account | gentx | collect-gentxs`, or copied from an existing network.
import fs from "node:fs";
import { ensureCometbft } from "../../../cometbft/install.js";
import { initNodeHome, readNodeId } from "../../../cometbft/home.js";
import { DEFAULT_CHAIN_ID, genesisPath } from "../../../cometbft/genesis.js";
import { isInitialised, readAppConfig, updateAppConfig } from "../../../common/node/home.js";
import { DEFAULT_PORTS, shiftPorts } from "../../../common/node/ports.js";
import { defaultAppState } from "../../genesis.js";
import { appModules } from "../../modules.js";
import { homeFlag, parseStrictArgs } from "../flags.js";
import { UsageError } from "../keys/errors.js";
import { homePaths } from "./homeFiles.js";
import { runCli } from "../client/runCli.js";

export const INIT_USAGE = `unitd init <moniker> [--chain-id <id>] [--home <dir>] [--port-offset <n>] [--overwrite]

Creates a node home: node and validator keys, CometBFT and app config, and a genesis.json with
every module's defaults (no accounts, no validators). The chain id defaults to ${DEFAULT_CHAIN_ID}.
--overwrite replaces an existing home's config and genesis (its keys are kept).`;

const CHAIN_ID = /^[a-zA-Z0-9_.-]{1,50}$/;

export async function runInit(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(
    args,
    {
      home: { type: "string" },
      "chain-id": { type: "string" },
      "port-offset": { type: "string" },
      overwrite: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    "init",
  );
  if (values.help) {
    console.log(INIT_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`init takes one argument, the node's moniker\n\n${INIT_USAGE}`);
  const moniker = positionals[0]!;
  if (moniker.trim() === "" || moniker.length > 70) throw new UsageError("the moniker must be 1 to 70 characters");
  const chainId = values["chain-id"] ?? DEFAULT_CHAIN_ID;
  if (!CHAIN_ID.test(chainId)) throw new UsageError(`--chain-id "${chainId}" must be 1 to 50 letters, digits, "_", "-" or "."`);
  const offset = values["port-offset"];
  if (offset !== undefined && !/^\d+$/.test(offset)) throw new UsageError(`--port-offset expects a non-negative integer, got "${offset}"`);
  const paths = homePaths(homeFlag(values.home));
  if (isInitialised(paths)) {
    if (!values.overwrite)
      throw new UsageError(`${paths.root} is already a node home (${genesisPath(paths.cometHome)} exists); use --overwrite to replace its config and genesis`);
    // The keys stay (as the SDK's init --overwrite): `cometbft init` keeps existing key files.
    for (const file of [paths.appConfigFile, paths.legacyAppConfigFile, genesisPath(paths.cometHome)]) fs.rmSync(file, { force: true });
  }
  const cometBinary = ensureCometbft({ onProgress: (line) => process.stderr.write(`${line}\n`) });
  const ports = offset === undefined ? DEFAULT_PORTS : shiftPorts(Number(offset));
  initNodeHome({
    home: paths.root,
    cometBinary,
    chainId,
    ports,
    moniker,
    // A function of the consensus key, so genesis.json lists no validators: the gentxs make them.
    appState: () => defaultAppState(appModules()),
    comet: { p2pListen: `tcp://0.0.0.0:${ports.p2p}` },
  });
  // A network's node must not hand out funds signed by the public test key: the faucet is for
  // local chains (`unitd start` on a fresh home, the devnet); `faucet.enable = true` turns it on.
  updateAppConfig(paths, { enable: { ...readAppConfig(paths, {}).enable, faucet: false } });
  console.log(
    JSON.stringify({ moniker, chain_id: chainId, node_id: readNodeId(paths.cometHome), home: paths.root, genesis: genesisPath(paths.cometHome) }, null, 2),
  );
  return 0;
}

/** `unitd init` with the client commands' error handling (one "Error: ..." line, exit code 1). */
export function runInitCommand(args: string[]): Promise<number> {
  return runCli("init", () => runInit(args));
}
