// One line per node for `unitd devnet status`, read from the node's CometBFT RPC.
import type { DevnetNode } from "./layout.js";

export const STATUS_HEADER = "validator     height    app hash                                                          peers  catching up";

interface StatusJson {
  result?: { sync_info?: { latest_block_height?: string; latest_app_hash?: string; catching_up?: boolean } };
}
interface NetInfoJson {
  result?: { n_peers?: string };
}

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  return (await res.json()) as T;
}

export async function nodeStatusLine(node: DevnetNode): Promise<string> {
  const rpc = `http://127.0.0.1:${node.ports.rpc}`;
  try {
    const [status, net] = await Promise.all([get<StatusJson>(`${rpc}/status`), get<NetInfoJson>(`${rpc}/net_info`)]);
    const sync = status.result?.sync_info ?? {};
    return [
      node.moniker.padEnd(13),
      (sync.latest_block_height ?? "?").padEnd(9),
      (sync.latest_app_hash ?? "?").padEnd(65),
      (net.result?.n_peers ?? "?").padEnd(6),
      String(sync.catching_up ?? "?"),
    ].join(" ");
  } catch {
    return `${node.moniker.padEnd(13)} down (no answer from ${rpc})`;
  }
}
