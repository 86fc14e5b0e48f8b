// Where a devnet lives and how its nodes are laid out: validator i in <dir>/node<i>, every port
// of validator 0 + 10·i (spec, section 1), one faucet beside validator 0.
import os from "node:os";
import path from "node:path";
import { nodeHomePaths, readAppConfig } from "../../common/node/home.js";
import { DEFAULT_PORTS, portsForValidator, type NodePorts } from "../../common/node/ports.js";
import { consensusKey, nodeId, nodeKey } from "./keys.js";

export const DEVNET_VALIDATORS = 4;

/** Local processes on loopback, or containers reaching each other by service name. */
export type DevnetNetwork = "loopback" | "docker";

export interface DevnetNode {
  index: number;
  moniker: string;
  home: string;
  ports: NodePorts;
  nodeId: string;
  /** How the other nodes reach this one's P2P port. */
  p2pHost: string;
}

/** $UNITD_DEVNET_HOME, else ~/.unitd-devnet. */
export function defaultDevnetDir(): string {
  return process.env.UNITD_DEVNET_HOME || path.join(os.homedir(), ".unitd-devnet");
}

/** The container (and compose service) name of validator i. */
export const dockerServiceName = (index: number) => `validator${index}`;

export function devnetNodes(dir: string, network: DevnetNetwork = "loopback", validators = DEVNET_VALIDATORS, base: NodePorts = DEFAULT_PORTS): DevnetNode[] {
  return Array.from({ length: validators }, (_, index) => {
    const ports = portsForValidator(index, base);
    // One faucet per network, beside validator 0.
    if (index > 0) delete ports.faucet;
    return {
      index,
      moniker: `validator-${index}`,
      home: path.join(path.resolve(dir), `node${index}`),
      ports,
      nodeId: nodeId(nodeKey(index)),
      p2pHost: network === "docker" ? dockerServiceName(index) : "127.0.0.1",
    };
  });
}

/** The nodes of a generated devnet, with the ports written in their homes at generation. */
export function generatedNodes(dir: string, validators = DEVNET_VALIDATORS): DevnetNode[] {
  const base = readAppConfig(nodeHomePaths(path.join(path.resolve(dir), "node0"))).ports;
  return devnetNodes(dir, "loopback", validators, { ...base, faucet: base.faucet ?? DEFAULT_PORTS.faucet! });
}

/** `persistent_peers` of node `self`: every other validator. */
export function persistentPeers(nodes: readonly DevnetNode[], self: number): string {
  return nodes
    .filter((n) => n.index !== self)
    .map((n) => `${n.nodeId}@${n.p2pHost}:${n.ports.p2p}`)
    .join(",");
}

export const consensusPubKeyBase64 = (index: number) => Buffer.from(consensusKey(index).pubKey).toString("base64");
