// The untimed part of the ERC-20 workload on a node that is up: the fees every tx is signed with,
// and the funder's setup txs (deploy Token, fund the senders) sent in order and checked.
import { runLoad } from "../load/load.js";
import { EthRpc } from "./ethRpc.js";
import type { Fees, SignedTx } from "./workload.js";

export async function feesOf(rpc: EthRpc): Promise<Fees> {
  const chainId = BigInt(await rpc.call<string>("eth_chainId"));
  const block = await rpc.call<{ baseFeePerGas?: string }>("eth_getBlockByNumber", ["latest", false]);
  const baseFee = BigInt(block.baseFeePerGas ?? "0x3b9aca00");
  // Room for the base fee to rise while full blocks follow each other.
  return { chainId, maxFeePerGas: baseFee * 20n, maxPriorityFeePerGas: 10n ** 9n };
}

/** Sends one lane in order and waits for every receipt (none may stall longer than `receiptIdleMs`); throws unless all succeeded. */
export async function sendSetup(rpc: EthRpc, txs: SignedTx[], receiptIdleMs: number): Promise<void> {
  const rejects: string[] = [];
  const load = await runLoad(rpc.client, [txs.map((t, i) => EthRpc.sendRawBody(t.raw, i + 1))], {
    concurrency: 1,
    maxMs: 120_000,
    onReject: (_l, i, why) => rejects.push(`setup tx ${i}: ${why}`),
  });
  if (load.accepted !== txs.length) throw new Error(`setup: ${load.accepted} of ${txs.length} txs accepted; ${rejects.join("; ")}`);
  await rpc.waitForReceipts([txs[txs.length - 1]!.hash], receiptIdleMs);
  const receipts = await rpc.receipts(
    txs.map((t) => t.hash),
    16,
  );
  const bad = receipts.findIndex((r) => r?.status !== "0x1");
  if (bad >= 0) throw new Error(`setup tx ${bad} did not succeed: ${JSON.stringify(receipts[bad])}`);
}
