// Generates a devnet: per validator a node home (CometBFT config with its ports and peers, the
// deterministic test keys, app settings with permissive CORS) and one shared genesis in which the
// validators self-delegate from the test validator keys.
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_CHAIN_ID } from "../genesis.js";
import { initNodeHome } from "../home.js";
import type { NodePorts } from "../../common/node/ports.js";
import { nodeKeyJson, privValidatorKeyJson, consensusKey, nodeKey } from "./keys.js";
import { consensusPubKeyBase64, devnetNodes, persistentPeers, type DevnetNetwork, type DevnetNode } from "./layout.js";

export interface GenerateOptions {
  dir: string;
  cometBinary: string;
  network?: DevnetNetwork;
  validators?: number;
  /** Validator 0's ports (default the standard ones); validator i adds 10·i. */
  basePorts?: NodePorts;
  chainId?: string;
  genesisTime?: Date;
  timeoutCommit?: string;
  votingPeriod?: string;
  /** The app state of a chain with these validators (the app's localChainAppState): the launcher knows no module. */
  appState: (chain: { validators: readonly { consensusPubKey: string; moniker: string }[]; votingPeriod?: string }) => Record<string, unknown>;
  /** Changes to the shared app state (benchmarks fund their senders here). */
  editAppState?: (state: Record<string, unknown>) => Record<string, unknown>;
  onProgress?: (line: string) => void;
}

/** Written last by a generation, so an interrupted one never counts as a devnet. */
export const markerFile = (dir: string) => path.join(path.resolve(dir), "devnet.json");

export interface DevnetMarker {
  network: DevnetNetwork;
  validators: number;
}

/** The marker of a completely generated devnet in `dir`, or undefined. */
export function readMarker(dir: string): DevnetMarker | undefined {
  try {
    return JSON.parse(fs.readFileSync(markerFile(dir), "utf8")) as DevnetMarker;
  } catch {
    return undefined;
  }
}

/** True when `dir` holds a completely generated devnet. */
export function isGenerated(dir: string): boolean {
  return readMarker(dir) !== undefined;
}

export function generateDevnet(opts: GenerateOptions): DevnetNode[] {
  const network = opts.network ?? "loopback";
  const nodes = devnetNodes(opts.dir, network, opts.validators, opts.basePorts);
  if (isGenerated(opts.dir)) throw new Error(`${path.resolve(opts.dir)} already holds a devnet; reset it first (unitd devnet reset)`);
  // What an interrupted generation left behind is redone from scratch.
  for (const n of nodes) fs.rmSync(n.home, { recursive: true, force: true });
  const localState = opts.appState({
    validators: nodes.map((n) => ({ consensusPubKey: consensusPubKeyBase64(n.index), moniker: n.moniker })),
    ...(opts.votingPeriod ? { votingPeriod: opts.votingPeriod } : {}),
  });
  const appState = opts.editAppState ? opts.editAppState(localState) : localState;
  // Every node must start from byte-identical genesis files.
  const genesisTime = opts.genesisTime ?? new Date();
  const listen = network === "docker" ? "0.0.0.0" : "127.0.0.1";
  for (const node of nodes) {
    opts.onProgress?.(`generating ${node.moniker} in ${node.home}`);
    initNodeHome({
      home: node.home,
      cometBinary: opts.cometBinary,
      chainId: opts.chainId ?? DEFAULT_CHAIN_ID,
      ports: node.ports,
      moniker: node.moniker,
      // The devnet is for browser apps too: permissive CORS on REST and RPC (spec 5.5). A real
      // deployment restricts it to known origins.
      unsafeCors: true,
      listenHost: listen,
      genesisTime,
      appState: () => appState,
      comet: {
        rpcListen: `tcp://${listen}:${node.ports.rpc}`,
        p2pListen: `tcp://${listen}:${node.ports.p2p}`,
        persistentPeers: persistentPeers(nodes, node.index),
        allowDuplicateIp: true,
        addrBookStrict: false,
        ...(opts.timeoutCommit ? { timeoutCommit: opts.timeoutCommit } : {}),
      },
    });
    const config = path.join(node.home, "cometbft", "config");
    fs.writeFileSync(path.join(config, "priv_validator_key.json"), privValidatorKeyJson(consensusKey(node.index)), { mode: 0o600 });
    fs.writeFileSync(path.join(config, "node_key.json"), nodeKeyJson(nodeKey(node.index)), { mode: 0o600 });
  }
  const marker: DevnetMarker = { network, validators: nodes.length };
  fs.writeFileSync(markerFile(opts.dir), JSON.stringify(marker, null, 2) + "\n");
  return nodes;
}
