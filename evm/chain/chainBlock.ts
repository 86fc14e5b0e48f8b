// One EVM block as the JSON-RPC server answers it: the app's EvmBlock record and receipts joined
// with the CometBFT block they belong to (its parent hash, app hash and the raw Ethereum txs).
// Blocks are final once committed (CometBFT has no reorgs), so a ChainBlock never goes stale; its
// decoded txs and trie roots are computed on first use and kept with it.
import { genTransactionsTrieRoot } from "@ethereumjs/block";
import { createTxFromRLP, type TypedTransaction } from "@ethereumjs/tx";
import { encodeReceipt } from "@ethereumjs/vm";
import type { EvmBlock, Receipt } from "../../gen/chain/evm/evm_pb.js";
import { evmCommon } from "../../common/ethereum/ethTx.js";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { RpcCode, RpcError } from "../rpc/errors.js";
import type { CometBlock } from "./evmNode.js";

/** keccak256(RLP("")): the root of an empty trie, Ethereum's roots of a block without txs. */
export const EMPTY_TRIE_ROOT = Uint8Array.from(Buffer.from("56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421", "hex"));

export class ChainBlock {
  readonly height: bigint;
  readonly hash: Uint8Array;
  readonly parentHash: Uint8Array;
  readonly appHash: Uint8Array;
  readonly time: bigint;
  readonly baseFee: bigint;
  readonly gasUsed: bigint;
  readonly gasLimit: bigint;
  readonly bloom: Uint8Array;
  /** The executed Ethereum txs' hashes, raw bytes and receipts, in execution order. */
  readonly txHashes: readonly Uint8Array[];
  readonly rawTxs: readonly Uint8Array[];
  readonly receipts: readonly Receipt[];
  /** Roughly the memory the block takes once its txs are decoded: what the block cache's byte bound counts. */
  readonly approximateBytes: number;
  private decoded: TypedTransaction[] | undefined;
  private roots: Promise<{ transactionsRoot: Uint8Array; receiptsRoot: Uint8Array }> | undefined;

  constructor(
    record: EvmBlock,
    receipts: readonly Receipt[],
    comet: CometBlock,
    private readonly chainId: bigint,
  ) {
    this.height = record.height;
    this.hash = record.hash;
    this.parentHash = comet.parentHash;
    this.appHash = comet.appHash;
    this.time = record.time;
    this.baseFee = BigInt(record.baseFee || "0");
    this.gasUsed = record.gasUsed;
    this.gasLimit = record.gasLimit;
    this.bloom = record.bloom;
    this.txHashes = record.txHashes;
    this.receipts = receipts;
    if (receipts.length !== record.txHashes.length) throw inconsistent(record.height, `${record.txHashes.length} txs but ${receipts.length} receipts`);
    this.rawTxs = rawEthTxs(comet.txs, record.txHashes, record.height);
    // A raw tx is kept, decoded (a copy of its data) and its hash indexed; a log is its data, topics and JSON.
    this.approximateBytes =
      4096 +
      this.rawTxs.reduce((n, raw) => n + 2 * raw.length + 1024, 0) +
      receipts.reduce((n, r) => n + 1024 + r.logs.reduce((m, l) => m + 256 + 2 * l.data.length + 96 * l.topics.length, 0), 0);
  }

  /** The txs decoded (not recovered: each receipt names its sender). */
  txs(): TypedTransaction[] {
    this.decoded ??= this.rawTxs.map((raw) => createTxFromRLP(raw, { common: evmCommon(this.chainId) }));
    return this.decoded;
  }

  /** Ethereum's transactions and receipts trie roots over the block's Ethereum txs. */
  trieRoots(): Promise<{ transactionsRoot: Uint8Array; receiptsRoot: Uint8Array }> {
    if (this.rawTxs.length === 0) return Promise.resolve({ transactionsRoot: EMPTY_TRIE_ROOT, receiptsRoot: EMPTY_TRIE_ROOT });
    this.roots ??= (async () => {
      // The trie keys are RLP(index) and its values what serialize() returns: raw txs, typed receipts.
      const asItems = (values: readonly Uint8Array[]) => values.map((v) => ({ serialize: () => v })) as unknown as TypedTransaction[];
      const encodedReceipts = this.receipts.map((r) =>
        encodeReceipt(
          {
            status: r.status === 1 ? 1 : 0,
            cumulativeBlockGasUsed: r.cumulativeGasUsed,
            bitvector: r.bloom,
            logs: r.logs.map((l) => [l.address, l.topics, l.data]),
          },
          r.txType as never,
        ),
      );
      return { transactionsRoot: await genTransactionsTrieRoot(asItems(this.rawTxs)), receiptsRoot: await genTransactionsTrieRoot(asItems(encodedReceipts)) };
    })();
    return this.roots;
  }

  indexOf(txHash: Uint8Array): number {
    return this.txHashes.findIndex((h) => Buffer.compare(h, txHash) === 0);
  }
}

/** Whether a CometBFT tx is a raw Ethereum tx: typed 0x01/0x02/0x04 or a legacy RLP list. */
export function isEthTxBytes(tx: Uint8Array): boolean {
  const first = tx[0];
  return first !== undefined && (first === 0x01 || first === 0x02 || first === 0x04 || first >= 0xc0);
}

function rawEthTxs(cometTxs: readonly Uint8Array[], hashes: readonly Uint8Array[], height: bigint): Uint8Array[] {
  if (hashes.length === 0) return [];
  const byHash = new Map<string, Uint8Array>();
  for (const tx of cometTxs) if (isEthTxBytes(tx)) byHash.set(Buffer.from(keccak256(tx)).toString("hex"), tx);
  return hashes.map((h) => {
    const raw = byHash.get(Buffer.from(h).toString("hex"));
    if (!raw) throw inconsistent(height, `executed tx 0x${Buffer.from(h).toString("hex")} is not among CometBFT's txs of the block`);
    // A copy of its own size: CometBFT's txs are decoded from base64 into Buffer's 8 KiB pool slabs,
    // which a cached block would keep alive whole (with the block's other txs in them).
    return new Uint8Array(raw);
  });
}

function inconsistent(height: bigint, what: string): RpcError {
  return new RpcError(RpcCode.internal, `block ${height}: ${what}`);
}
