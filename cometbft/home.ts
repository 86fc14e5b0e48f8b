// Creating a node home (its layout: common/node/home.ts): CometBFT's own home with its config and
// genesis, the app's config, and the directories for the database and logs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { defaultCometConfig, writeCometConfig, type CometConfig } from "./config.js";
import { setTomlValue } from "./toml.js";
import { customizeGenesis, readGenesis, writeGenesis } from "./genesis.js";
import {
  DEFAULT_PRUNING_INTERVAL,
  DEFAULT_PRUNING_KEEP_RECENT,
  isInitialised,
  nodeHomePaths,
  type AppConfig,
  type NodeHomePaths,
  writeAppConfig,
} from "../common/node/home.js";
import type { NodePorts } from "../common/node/ports.js";

export interface InitOptions {
  home: string;
  cometBinary: string;
  chainId: string;
  ports: NodePorts;
  /**
   * The genesis app state, or a function of the node's freshly generated consensus key that
   * returns one whose staking validators include it; the genesis validator list is then left
   * empty, because the app hands CometBFT its validator set at InitChain.
   */
  appState: unknown | ((node: { consensusPubKey: string }) => unknown);
  moniker?: string;
  unsafeCors?: boolean;
  listenHost?: string;
  genesisTime?: Date;
  /** Extra CometBFT settings (peers, timeouts) applied over the defaults. */
  comet?: Partial<CometConfig>;
}

/** The node's consensus public key (ed25519, base64) from the priv_validator_key.json `cometbft init` wrote. */
export function readConsensusPubKey(cometHome: string): string {
  const file = path.join(cometHome, "config", "priv_validator_key.json");
  const key = JSON.parse(fs.readFileSync(file, "utf8")) as { pub_key?: { type?: string; value?: string } };
  if (key.pub_key?.type !== "tendermint/PubKeyEd25519" || !key.pub_key.value) throw new Error(`${file} holds no ed25519 public key`);
  return key.pub_key.value;
}

/** CometBFT's address of an ed25519 key (a node id, a validator address): the first 20 bytes of its sha256. */
export function cometAddress(pubKey: Uint8Array): Buffer {
  return Buffer.from(sha256(pubKey).subarray(0, 20));
}

/** The node's P2P id (40 lower-case hex digits) from the node_key.json `cometbft init` wrote. */
export function readNodeId(cometHome: string): string {
  const file = path.join(cometHome, "config", "node_key.json");
  const key = JSON.parse(fs.readFileSync(file, "utf8")) as { priv_key?: { type?: string; value?: string } };
  const bytes = Buffer.from(key.priv_key?.value ?? "", "base64");
  if (key.priv_key?.type !== "tendermint/PrivKeyEd25519" || bytes.length !== 64) throw new Error(`${file} holds no ed25519 node key`);
  // CometBFT stores an ed25519 private key as seed || public key.
  return cometAddress(bytes.subarray(32)).toString("hex");
}

/** Sets `[p2p] persistent_peers` in the node's config.toml (comma-separated <id>@<host>:<port>). */
export function setPersistentPeers(cometHome: string, peers: string): void {
  const file = path.join(cometHome, "config", "config.toml");
  fs.writeFileSync(file, setTomlValue(fs.readFileSync(file, "utf8"), "p2p", "persistent_peers", peers));
}

/** Creates the node home unless it exists; returns whether it was created now. */
export function initNodeHome(opts: InitOptions): { paths: NodeHomePaths; created: boolean } {
  const paths = nodeHomePaths(opts.home);
  if (isInitialised(paths)) return { paths, created: false };
  for (const dir of [path.dirname(paths.appConfigFile), path.dirname(paths.appDb), paths.logDir]) fs.mkdirSync(dir, { recursive: true });
  execFileSync(opts.cometBinary, ["init", "--home", paths.cometHome], { stdio: "ignore" });
  const comet: CometConfig = {
    ...defaultCometConfig(opts.ports, opts.moniker),
    corsAllowedOrigins: opts.unsafeCors ? ["*"] : [],
    ...opts.comet,
  };
  writeCometConfig(paths.cometHome, comet);
  const generated = readGenesis(paths.cometHome);
  const fromStaking = typeof opts.appState === "function";
  const appState = fromStaking
    ? (opts.appState as (node: { consensusPubKey: string }) => unknown)({ consensusPubKey: readConsensusPubKey(paths.cometHome) })
    : opts.appState;
  const genesis = customizeGenesis(generated, { chainId: opts.chainId, genesisTime: opts.genesisTime ?? new Date(), appState });
  writeGenesis(paths.cometHome, fromStaking ? { ...genesis, validators: [] } : genesis);
  const appConfig: AppConfig = {
    chainId: opts.chainId,
    ports: opts.ports,
    pruningKeepRecent: DEFAULT_PRUNING_KEEP_RECENT,
    pruningInterval: DEFAULT_PRUNING_INTERVAL,
    unsafeCors: opts.unsafeCors ?? false,
    ...(opts.listenHost ? { listenHost: opts.listenHost } : {}),
  };
  // Written last: its presence marks a complete init, so an interrupted init is redone.
  writeAppConfig(paths, appConfig);
  return { paths, created: true };
}
