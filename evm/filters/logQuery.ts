// eth_getLogs and the log filters' queries: a criteria's block range resolved against the chain
// (tags, or one block by hash), bounded in blocks and in logs with a "limit exceeded" error that
// says which bound and how to stay within it, then answered by the app's Logs query.
import type { BlockSource } from "../chain/blockSource.js";
import type { EvmNode } from "../chain/evmNode.js";
import type { BlockRef } from "../codec/blockParam.js";
import { logMatches, type LogCriteria } from "../codec/logFilter.js";
import { logEntryJson } from "../format/receiptJson.js";
import { RpcCode, RpcError, serverError } from "../rpc/errors.js";

export interface LogLimits {
  /** Most blocks one query spans. */
  maxBlockRange: number;
  /** Most logs one query returns. */
  maxLogs: number;
}

export const DEFAULT_LOG_LIMITS: LogLimits = { maxBlockRange: 10_000, maxLogs: 10_000 };

export class LogQuery {
  constructor(
    private readonly node: EvmNode,
    private readonly blocks: BlockSource,
    readonly limits: LogLimits,
  ) {}

  /** The logs `criteria` selects (eth_getLogs, eth_getFilterLogs). */
  async logs(criteria: LogCriteria): Promise<unknown[]> {
    let from: bigint;
    let to: bigint;
    if (criteria.blockHash) {
      const block = await this.blocks.byHash(criteria.blockHash);
      if (!block) throw serverError("unknown block");
      from = to = block.height;
    } else {
      const latest = await this.node.committedHeight();
      from = await this.height(criteria.fromBlock, latest);
      to = await this.height(criteria.toBlock, latest);
      if (from > to && criteria.toBlock?.kind === "number") throw serverError("invalid block range params: fromBlock is after toBlock");
      if (to > latest) to = latest;
      // CometBFT's first block is 1: Ethereum's genesis block 0 has no logs here.
      if (from < 1n) from = 1n;
      if (from > to) return [];
    }
    return this.range(criteria, from, to);
  }

  /** The logs of the blocks from..to (inclusive, both committed) that match `criteria`. */
  async range(criteria: Pick<LogCriteria, "addresses" | "topics">, from: bigint, to: bigint): Promise<unknown[]> {
    const span = to - from + 1n;
    if (span > BigInt(this.limits.maxBlockRange)) {
      throw new RpcError(RpcCode.limitExceeded, `block range of ${span} blocks exceeds the limit of ${this.limits.maxBlockRange}; query a smaller range`);
    }
    const entries = await this.node.logs({
      fromHeight: from,
      toHeight: to,
      addresses: criteria.addresses,
      topics: criteria.topics.map((anyOf) => ({ anyOf: anyOf ?? [] })),
    });
    // The app's matching treats a wildcard position as optional; Ethereum's needs the log to have
    // a topic there, so the answer is narrowed by the same matcher subscriptions use.
    const matching = criteria.topics.length > 0 ? entries.filter((e) => e.log !== undefined && logMatches(criteria, e.log)) : entries;
    if (matching.length > this.limits.maxLogs) {
      throw new RpcError(RpcCode.limitExceeded, `query returned more than ${this.limits.maxLogs} results; query a smaller block range or a narrower filter`);
    }
    return matching.map(logEntryJson);
  }

  /** A range end: absent and every tag but "earliest" are the latest block. */
  private async height(ref: BlockRef | undefined, latest: bigint): Promise<bigint> {
    if (!ref || ref.kind === "hash") return latest;
    if (ref.kind === "number") return ref.height;
    return ref.tag === "earliest" ? (await this.node.syncStatus()).earliestHeight : latest;
  }
}
