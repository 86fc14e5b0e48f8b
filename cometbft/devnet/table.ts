// The table of every validator's endpoints that `unitd devnet start` prints.
import type { DevnetNode } from "./layout.js";

export function endpointTable(nodes: readonly DevnetNode[], faucetPort: number, chainId: string): string[] {
  const header = ["validator", "CometBFT RPC", "P2P", "gRPC", "REST", "EVM JSON-RPC", "node id"];
  const rows = nodes.map((n) => [
    n.moniker,
    `http://127.0.0.1:${n.ports.rpc}`,
    String(n.ports.p2p),
    `127.0.0.1:${n.ports.grpc}`,
    `http://127.0.0.1:${n.ports.rest}`,
    `http://127.0.0.1:${n.ports.evmHttp}`,
    n.nodeId,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [
    `chain id ${chainId}`,
    line(header),
    ...rows.map(line),
    `faucet: http://127.0.0.1:${faucetPort}/faucet (POST {"address": "unit1..." | "0x..."})`,
    `explorer: http://127.0.0.1:${nodes[0]!.ports.rest}/explorer/ (every validator's REST gateway serves it at /explorer/)`,
    "CORS is permissive on every REST gateway and RPC (devnet only)",
  ];
}
