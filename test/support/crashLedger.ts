// What the crash tests check of the lanes' txs (test/support/crashLanes.ts) after kills and
// restarts, read back from the chain itself rather than from CometBFT's tx index (a kill between a
// block and its indexing loses the index entry, not the tx):
//
// - every tx whose broadcast answered "committed at height h with code c" is in block h, and
//   block_results of h give it the same code (a replay after a kill re-ran it the same way);
// - the lanes' accounts hold what the chain's txs say they should: at a height H, each lane's
//   sequence is the number of its txs in blocks 1..H, each Cosmos lane's bank balance is its
//   genesis amount less what those txs spent, and the two sinks hold one uunit per bank send and
//   per EVM transfer. Txs whose broadcast was cut by a kill count exactly when they are in a block.
import { getAccount } from "../../sdk/client/authQueries.js";
import { getBalance } from "../../sdk/client/bankQueries.js";
import type { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { txHash } from "../../sdk/tx/index.js";
import { BANK_SINK, EVM_SINK, LANE_FEE_UUNIT, LANE_GENESIS_UUNIT, LANES, type CommittedTx } from "./crashLanes.js";

interface ChainTx {
  hash: string;
  code: number;
  log: string;
}

interface BlockMeta {
  header: { height: string };
  num_txs: string;
}

/** What each Cosmos lane's tx takes from its bank balance besides the fee (bank send 1, delegation 1, credential 0). */
const SPENT_PER_TX: Record<string, bigint> = { bank: 1n, staking: 1n, identity: 0n };

export class LaneLedger {
  /** Txs of every block read so far, by height; heights 1..scanned are read. */
  private readonly blocks = new Map<number, ChainTx[]>();
  /** Where each tx read so far is: hash -> height. */
  private readonly heightOf = new Map<string, number>();
  scanned = 0;

  constructor(private readonly rpc: CometRpcClient) {}

  /**
   * Reads every block not read yet below CometBFT's latest one and returns the highest height read.
   * Below the latest block only: CometBFT stores block h+1 after the app committed h, so the txs
   * and results of h are final (block h itself may still be replayed into an app killed mid-block).
   */
  async scanCommitted(): Promise<number> {
    const status = (await this.rpc.call("status", {})) as { sync_info: { latest_block_height: string } };
    const upTo = Number(status.sync_info.latest_block_height) - 1;
    for (let lo = this.scanned + 1; lo <= upTo; lo += 20) {
      const hi = Math.min(upTo, lo + 19);
      const metas = ((await this.rpc.call("blockchain", { minHeight: String(lo), maxHeight: String(hi) })) as { block_metas: BlockMeta[] }).block_metas;
      const withTxs = metas.filter((m) => Number(m.num_txs) > 0).map((m) => Number(m.header.height));
      const read = await Promise.all(withTxs.map(async (h) => [h, await this.blockTxs(h)] as const));
      for (const [h, txs] of read) {
        this.blocks.set(h, txs);
        for (const tx of txs) this.heightOf.set(tx.hash, h);
      }
    }
    this.scanned = Math.max(this.scanned, upTo);
    return this.scanned;
  }

  private async blockTxs(height: number): Promise<ChainTx[]> {
    const [block, results] = await Promise.all([
      this.rpc.call("block", { height: String(height) }) as Promise<{ block: { data: { txs: string[] | null } } }>,
      this.rpc.call("block_results", { height: String(height) }) as Promise<{ txs_results: Array<{ code?: number; log?: string }> | null }>,
    ]);
    const txs = block.block.data.txs ?? [];
    const codes = results.txs_results ?? [];
    if (codes.length !== txs.length) throw new Error(`block ${height} has ${txs.length} txs but block_results has ${codes.length} results`);
    return txs.map((b64, i) => ({ hash: txHash(Buffer.from(b64, "base64")), code: codes[i]!.code ?? 0, log: (codes[i]!.log ?? "").slice(0, 200) }));
  }

  /** Every reported-committed tx at or below the scanned height that is not in its block with its reported code. */
  missing(committed: readonly CommittedTx[]): string[] {
    const problems: string[] = [];
    for (const tx of committed) {
      if (tx.height > this.scanned) continue;
      const found = this.blocks.get(tx.height)?.find((c) => c.hash === tx.hash);
      const elsewhere = this.heightOf.get(tx.hash);
      if (!found)
        problems.push(
          `${tx.lane} tx ${tx.hash} reported committed at height ${tx.height} is not in that block (${elsewhere === undefined ? "in no block read" : `it is in block ${elsewhere}`})`,
        );
      else if (found.code !== tx.code)
        problems.push(`${tx.lane} tx ${tx.hash} at height ${tx.height}: reported code ${tx.code}, block_results now say ${found.code}`);
    }
    return problems;
  }

  /** The lane txs in blocks 1..height, counted per lane; a tx no lane sent, or one that failed, is a problem. */
  private countTxs(sent: ReadonlyMap<string, string>, height: number, problems: string[]): Map<string, number> {
    const counts = new Map(LANES.map((l) => [l.name, 0]));
    for (const [h, txs] of this.blocks) {
      if (h > height) continue;
      for (const tx of txs) {
        const lane = sent.get(tx.hash);
        if (lane === undefined) problems.push(`block ${h} holds tx ${tx.hash}, which no lane sent`);
        // The lanes sign only valid txs, and proposals leave out txs the ante would refuse: a
        // failure in a block means state and chain parted somewhere.
        else if (tx.code !== 0) problems.push(`${lane} tx ${tx.hash} in block ${h} failed with code ${tx.code}: ${tx.log}`);
        if (lane !== undefined) counts.set(lane, counts.get(lane)! + 1);
      }
    }
    return counts;
  }

  /**
   * What the lanes' accounts hold at `height` (at most the scanned height) against what the chain's
   * lane txs up to it say they should hold; one line per difference.
   */
  async stateProblems(sent: ReadonlyMap<string, string>, height: number): Promise<string[]> {
    if (height > this.scanned) throw new Error(`height ${height} is above the blocks read (${this.scanned})`);
    const problems: string[] = [];
    const counts = this.countTxs(sent, height, problems);
    const at = { height };
    const uunit = async (address: string) => BigInt((await getBalance(this.rpc, address, "uunit", at)).amount);
    for (const lane of LANES) {
      const n = BigInt(counts.get(lane.name)!);
      const account = await getAccount(this.rpc, lane.address, at);
      const sequence = account === undefined ? 0n : "sequence" in account ? account.sequence : (account.baseAccount?.sequence ?? 0n);
      if (sequence !== n) problems.push(`${lane.name}: sequence ${sequence} at height ${height}, but blocks 1..${height} hold ${n} of its txs`);
      // The EVM lane's gas price follows the base fee; its effect is checked at its sink.
      if (lane.kind === "evm") continue;
      const expected = LANE_GENESIS_UUNIT - n * (LANE_FEE_UUNIT + SPENT_PER_TX[lane.kind]!);
      const balance = await uunit(lane.address);
      if (balance !== expected)
        problems.push(`${lane.name}: ${balance} uunit at height ${height}, expected ${expected} after its ${n} txs in blocks 1..${height}`);
    }
    const sends = (kind: string) => BigInt(LANES.filter((l) => l.kind === kind).reduce((sum, l) => sum + counts.get(l.name)!, 0));
    for (const [sink, kind] of [
      [BANK_SINK, "bank"],
      [EVM_SINK, "evm"],
    ] as const) {
      const balance = await uunit(sink);
      if (balance !== sends(kind))
        problems.push(`${kind} sink: ${balance} uunit at height ${height}, expected ${sends(kind)} (1 per ${kind} transfer in blocks 1..${height})`);
    }
    return problems;
  }

  /** Lane txs in blocks read so far: all of them, and those whose broadcast never reported them committed (cut by a kill). */
  inChain(sent: ReadonlyMap<string, string>, committed: readonly CommittedTx[]): { total: number; unreported: number } {
    const reported = new Set(committed.map((t) => t.hash));
    let total = 0;
    let unreported = 0;
    for (const hash of this.heightOf.keys()) {
      if (!sent.has(hash)) continue;
      total++;
      if (!reported.has(hash)) unreported++;
    }
    return { total, unreported };
  }
}
