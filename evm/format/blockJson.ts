// Blocks and headers as Ethereum's JSON-RPC answers them. The hash and parent hash are CometBFT's;
// fields proof-of-work had carry the constants a post-merge chain uses; the roots are:
//   transactionsRoot, receiptsRoot  Ethereum's tries over the block's Ethereum txs and receipts
//   stateRoot                       the CometBFT header's app hash: the app state after the
//                                   previous block (CometBFT commits to a block's result in the
//                                   next header; the app's store is not a Merkle-Patricia trie)
import { data, padLeft, quantity } from "../codec/hex.js";
import type { ChainBlock } from "../chain/chainBlock.js";
import { txJson } from "./txJson.js";

/** keccak256(RLP([])): the hash of an empty uncle list. */
const EMPTY_UNCLES_HASH = "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347";
const ZERO_HASH = `0x${"00".repeat(32)}`;
const ZERO_NONCE = "0x0000000000000000";

/** The header fields (what newHeads delivers). `miner` is the fee collector: the tips go there. */
export async function headerJson(b: ChainBlock, miner: Uint8Array): Promise<Record<string, unknown>> {
  const { transactionsRoot, receiptsRoot } = await b.trieRoots();
  return {
    number: quantity(b.height),
    hash: data(b.hash),
    parentHash: data(b.parentHash),
    nonce: ZERO_NONCE,
    sha3Uncles: EMPTY_UNCLES_HASH,
    logsBloom: data(b.bloom),
    transactionsRoot: data(transactionsRoot),
    stateRoot: data(padLeft(b.appHash, 32).subarray(0, 32)),
    receiptsRoot: data(receiptsRoot),
    miner: data(miner),
    difficulty: "0x0",
    extraData: "0x",
    gasLimit: quantity(b.gasLimit),
    gasUsed: quantity(b.gasUsed),
    timestamp: quantity(b.time),
    mixHash: ZERO_HASH,
    baseFeePerGas: quantity(b.baseFee),
  };
}

/** A whole block: the header, its size, and its txs as hashes or as objects. */
export async function blockJson(b: ChainBlock, fullTxs: boolean, miner: Uint8Array): Promise<Record<string, unknown>> {
  return {
    ...(await headerJson(b, miner)),
    // The byte length of the block's Ethereum txs: the EVM block carries nothing else of size.
    size: quantity(b.rawTxs.reduce((sum, tx) => sum + tx.length, 0)),
    transactions: fullTxs ? b.txs().map((_, i) => blockTxJson(b, i)) : b.txHashes.map(data),
    uncles: [],
  };
}

/** The block's i-th Ethereum tx as a mined tx object. */
export function blockTxJson(b: ChainBlock, index: number): Record<string, unknown> {
  const receipt = b.receipts[index]!;
  return txJson(b.txs()[index]!, b.txHashes[index]!, receipt.from, {
    blockHash: b.hash,
    blockNumber: b.height,
    index,
    effectiveGasPrice: BigInt(receipt.effectiveGasPrice || "0"),
  });
}
