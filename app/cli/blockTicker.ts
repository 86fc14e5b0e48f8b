// What a person watching `unitd start` in a terminal sees after the endpoint table: one line per
// committed block and one per failed tx, read from CometBFT's RPC (/block and /block_results) as
// the chain advances. Polling rather than a WebSocket subscription: nothing to resubscribe after
// CometBFT restarts or a slow terminal, and a missed interval is caught up height by height.
import { createHash } from "node:crypto";

interface BlockAnswer {
  result?: { block: { header: { height: string; time: string }; data: { txs: string[] | null } } };
}
interface ResultsAnswer {
  result?: { txs_results: Array<{ code: number; codespace?: string; log?: string }> | null };
}

export interface BlockLine {
  height: number;
  time: string;
  txs: number;
  failed: Array<{ hash: string; code: number; codespace: string; log: string }>;
}

async function rpcGet<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The block at `height` and its failed txs, or undefined when it is not committed yet. */
export async function readBlockLine(rpcUrl: string, height: number): Promise<BlockLine | undefined> {
  const block = await rpcGet<BlockAnswer>(`${rpcUrl}/block?height=${height}`).catch(() => undefined);
  if (!block?.result) return undefined;
  const results = await rpcGet<ResultsAnswer>(`${rpcUrl}/block_results?height=${height}`).catch(() => undefined);
  if (!results?.result) return undefined;
  const txs = block.result.block.data.txs ?? [];
  const failed = (results.result.txs_results ?? []).flatMap((r, i) =>
    r.code === 0
      ? []
      : [
          {
            hash: createHash("sha256")
              .update(Buffer.from(txs[i] ?? "", "base64"))
              .digest("hex")
              .toUpperCase(),
            code: r.code,
            codespace: r.codespace ?? "",
            log: r.log ?? "",
          },
        ],
  );
  return { height, time: block.result.block.header.time, txs: txs.length, failed };
}

/** "block 12  3 txs  10:04:05.123": the block's own (consensus) time, not the wall clock. */
export function formatBlockLine(b: BlockLine): string[] {
  const time = /T(\d\d:\d\d:\d\d(?:\.\d{1,3})?)/.exec(b.time)?.[1] ?? b.time;
  const lines = [`block ${String(b.height).padEnd(7)} ${String(b.txs).padStart(3)} tx${b.txs === 1 ? " " : "s"}  ${time}`];
  for (const f of b.failed) lines.push(`  tx ${f.hash} failed: ${f.codespace ? `${f.codespace} ` : ""}code ${f.code}: ${f.log}`);
  return lines;
}

/**
 * Prints every block from `fromHeight` on until `stop` aborts. Heights are printed in order and
 * none is skipped: after a pause the ticker catches up one block at a time.
 */
export async function runBlockTicker(rpcUrl: string, fromHeight: number, print: (line: string) => void, stop: AbortSignal): Promise<void> {
  let next = fromHeight;
  while (!stop.aborted) {
    const line = await readBlockLine(rpcUrl, next);
    if (line) {
      for (const l of formatBlockLine(line)) print(l);
      next++;
      continue;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
