// The few CometBFT RPC calls the tooling needs (status for readiness and `unitd status`).

export interface CometStatus {
  nodeId: string;
  network: string;
  latestBlockHeight: number;
  latestAppHash: string;
  catchingUp: boolean;
}

export async function getStatus(rpcUrl: string, timeoutMs = 2000): Promise<CometStatus> {
  const res = await fetch(`${rpcUrl}/status`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${rpcUrl}/status answered HTTP ${res.status}`);
  const body = (await res.json()) as {
    result?: { node_info: { id: string; network: string }; sync_info: { latest_block_height: string; latest_app_hash: string; catching_up: boolean } };
  };
  if (!body.result) throw new Error(`${rpcUrl}/status returned no result`);
  const { node_info, sync_info } = body.result;
  return {
    nodeId: node_info.id,
    network: node_info.network,
    latestBlockHeight: Number(sync_info.latest_block_height),
    latestAppHash: sync_info.latest_app_hash,
    catchingUp: sync_info.catching_up,
  };
}

/** Resolves true once the node has committed at least `height` blocks. */
export async function hasHeight(rpcUrl: string, height: number): Promise<boolean> {
  try {
    return (await getStatus(rpcUrl)).latestBlockHeight >= height;
  } catch {
    return false;
  }
}
