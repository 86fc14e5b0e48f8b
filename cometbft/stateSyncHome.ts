// A new full-node home that joins a running network by state sync (docs/statesync.md): the
// network's genesis fetched from a validator's RPC, CometBFT's [statesync] trusting a recent block
// of that RPC (its height and hash from /commit), the RPC servers' own P2P addresses as persistent
// peers. `unitd devnet run-fullnode` (the compose file's fullnode service) prepares its home with
// this, and test/stateSync.test.ts builds its joining node the same way.
import fs from "node:fs";
import path from "node:path";
import type { GenesisDoc } from "../common/comet/genesisDoc.js";
import { isInitialised, nodeHomePaths } from "../common/node/home.js";
import type { NodePorts } from "../common/node/ports.js";
import { writeGenesis } from "./genesis.js";
import { initNodeHome } from "./home.js";
import { setTomlValue, type TomlValue } from "./toml.js";

/** How far below the latest height the trusted block is: a block every RPC server already has. */
export const TRUST_BLOCKS_BACK = 2;
/** Well under the unbonding period (21 days by default), as CometBFT requires. */
export const TRUST_PERIOD = "168h0m0s";

export interface StateSyncHomeOptions {
  home: string;
  cometBinary: string;
  /** CometBFT RPC URLs of the network (at least two: the light client needs a witness). */
  rpcServers: string[];
  /** <id>@<host>:<port> list; default: each RPC server's own node, at the RPC URL's host. */
  peers?: string;
  ports: NodePorts;
  moniker?: string;
  /** Where the node's APIs listen (0.0.0.0 in a container). */
  listenHost?: string;
  unsafeCors?: boolean;
}

export interface StateSyncTrust {
  trustHeight: number;
  trustHash: string;
  peers: string;
  chainId: string;
}

async function rpcResult<T>(base: string, route: string): Promise<T> {
  const url = `${base.replace(/\/+$/, "")}/${route}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((err: Error) => {
    throw new Error(`${url}: ${(err.cause as Error | undefined)?.message ?? err.message}`);
  });
  const body = (await res.json().catch(() => ({}))) as { result?: T; error?: unknown };
  if (!res.ok || body.result === undefined) throw new Error(`${url}: ${body.error ? JSON.stringify(body.error) : `HTTP ${res.status}`}`);
  return body.result;
}

/** The RPC server's own P2P address: its node id, the RPC URL's host and its P2P listen port. */
async function peerOf(rpc: string): Promise<string> {
  const status = await rpcResult<{ node_info: { id: string; listen_addr: string } }>(rpc, "status");
  const port = /:(\d+)$/.exec(status.node_info.listen_addr)?.[1];
  if (!port) throw new Error(`${rpc}/status: no port in listen_addr "${status.node_info.listen_addr}"`);
  return `${status.node_info.id}@${new URL(rpc).hostname}:${port}`;
}

/** The block to trust: TRUST_BLOCKS_BACK below the first RPC server's latest, with its hash. */
export async function trustedBlock(rpc: string): Promise<{ height: number; hash: string }> {
  const status = await rpcResult<{ sync_info: { latest_block_height: string } }>(rpc, "status");
  const height = Math.max(1, Number(status.sync_info.latest_block_height) - TRUST_BLOCKS_BACK);
  const commit = await rpcResult<{ signed_header: { commit: { block_id: { hash: string } } } }>(rpc, `commit?height=${height}`);
  return { height, hash: commit.signed_header.commit.block_id.hash };
}

/** The [statesync] and peer settings written into config.toml. */
export function stateSyncEdits(rpcServers: string[], trust: StateSyncTrust): Array<[string, string, TomlValue]> {
  return [
    ["p2p", "persistent_peers", trust.peers],
    ["statesync", "enable", true],
    ["statesync", "rpc_servers", rpcServers.join(",")],
    ["statesync", "trust_height", trust.trustHeight],
    ["statesync", "trust_hash", trust.trustHash],
    ["statesync", "trust_period", TRUST_PERIOD],
  ];
}

/**
 * Creates the home unless it exists (a restarted node keeps its state; CometBFT skips state sync
 * once it has blocks). Prepared under <home>.partial and renamed when complete, so an interrupted
 * preparation is redone. Returns what it trusted, or undefined when the home already existed.
 */
export async function prepareStateSyncHome(opts: StateSyncHomeOptions): Promise<StateSyncTrust | undefined> {
  const home = path.resolve(opts.home);
  if (isInitialised(nodeHomePaths(home))) return undefined;
  if (opts.rpcServers.length < 2) throw new Error("state sync needs at least two RPC servers (a primary and a witness)");
  const [primary] = opts.rpcServers as [string];
  const { genesis } = await rpcResult<{ genesis: GenesisDoc }>(primary, "genesis");
  const peers = opts.peers ?? (await Promise.all(opts.rpcServers.map(peerOf))).join(",");
  const trusted = await trustedBlock(primary);
  const trust: StateSyncTrust = { trustHeight: trusted.height, trustHash: trusted.hash, peers, chainId: genesis.chain_id };

  const partial = `${home}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const listen = opts.listenHost ?? "127.0.0.1";
  const { paths } = initNodeHome({
    home: partial,
    cometBinary: opts.cometBinary,
    chainId: genesis.chain_id,
    ports: opts.ports,
    moniker: opts.moniker ?? "fullnode",
    unsafeCors: opts.unsafeCors ?? false,
    listenHost: listen,
    appState: genesis.app_state,
    comet: {
      rpcListen: `tcp://${listen}:${opts.ports.rpc}`,
      p2pListen: `tcp://${listen}:${opts.ports.p2p}`,
      // Peers on one host (loopback) or on private container addresses.
      allowDuplicateIp: true,
      addrBookStrict: false,
    },
  });
  // The network's own genesis, not the one init generated.
  writeGenesis(paths.cometHome, genesis);
  const configFile = path.join(paths.cometHome, "config", "config.toml");
  const toml = stateSyncEdits(opts.rpcServers, trust).reduce((text, [s, k, v]) => setTomlValue(text, s, k, v), fs.readFileSync(configFile, "utf8"));
  fs.writeFileSync(configFile, toml);
  fs.renameSync(partial, home);
  return trust;
}
