// Blocks and the txs and receipts in them: eth_blockNumber, eth_getBlockBy{Number,Hash},
// eth_getBlockTransactionCountBy*, eth_getTransactionByBlock*AndIndex, eth_getBlockReceipts, and
// the uncle methods (a CometBFT chain has no uncles: counts are 0, uncles null).
import type { ChainBlock } from "../chain/chainBlock.js";
import { parseBlockNumberOrTag, parseBlockRef, parseBool, type BlockRef } from "../codec/blockParam.js";
import { parseHash, parseUint64, quantity } from "../codec/hex.js";
import { blockJson, blockTxJson } from "../format/blockJson.js";
import { receiptJson } from "../format/receiptJson.js";
import { blockAt } from "./resolve.js";
import { method, required, type Methods, type RpcServices } from "./services.js";

export function blockMethods(s: RpcServices): Methods {
  const byNumber = (p: readonly unknown[]) => blockAt(s, parseBlockNumberOrTag(required(p, 0, "block number")));
  const byHash = (p: readonly unknown[]) => blockAt(s, { kind: "hash", hash: parseHash(required(p, 0, "block hash"), "block hash"), requireCanonical: false });
  const txCount = (b: ChainBlock | undefined) => (b ? quantity(b.txHashes.length) : null);
  const txAt = (b: ChainBlock | undefined, indexParam: unknown) => {
    const index = parseUint64(indexParam ?? null, "transaction index");
    return b && index < BigInt(b.txHashes.length) ? blockTxJson(b, Number(index)) : null;
  };
  return {
    eth_blockNumber: method(0, async () => quantity(await s.node.committedHeight())),
    eth_getBlockByNumber: method(2, async (p) => {
      const full = parseBool(p[1], "full transactions flag");
      const b = await byNumber(p);
      return b ? blockJson(b, full, s.miner) : null;
    }),
    eth_getBlockByHash: method(2, async (p) => {
      const full = parseBool(p[1], "full transactions flag");
      const b = await byHash(p);
      return b ? blockJson(b, full, s.miner) : null;
    }),
    eth_getBlockTransactionCountByNumber: method(1, async (p) => txCount(await byNumber(p))),
    eth_getBlockTransactionCountByHash: method(1, async (p) => txCount(await byHash(p))),
    eth_getTransactionByBlockNumberAndIndex: method(2, async (p) => txAt(await byNumber(p), required(p, 1, "transaction index"))),
    eth_getTransactionByBlockHashAndIndex: method(2, async (p) => txAt(await byHash(p), required(p, 1, "transaction index"))),
    eth_getBlockReceipts: method(1, async (p) => {
      const ref: BlockRef = parseBlockRef(required(p, 0, "block"));
      const b = await blockAt(s, ref);
      return b ? b.receipts.map((r) => receiptJson(r, b.hash)) : null;
    }),
    eth_getUncleCountByBlockNumber: method(1, async (p) => ((await byNumber(p)) ? "0x0" : null)),
    eth_getUncleCountByBlockHash: method(1, async (p) => ((await byHash(p)) ? "0x0" : null)),
    eth_getUncleByBlockNumberAndIndex: method(2, () => null),
    eth_getUncleByBlockHashAndIndex: method(2, () => null),
  };
}
