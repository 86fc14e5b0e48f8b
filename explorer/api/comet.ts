// CometBFT's RPC as the explorer reads it: through the gateway's read-only proxy at /explorer/rpc
// (same origin), with the SDK's CometRpcClient. Only the fields the pages show are kept.
import { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { decodeStatus, type NodeStatus } from "../../sdk/client/rpcResponses.js";
import { base64ToBytes } from "../format.js";

export type { NodeStatus };

export interface AbciEvent {
  type: string;
  attributes: { key: string; value: string }[];
}

export interface TxResult {
  code: number;
  codespace: string;
  log: string;
  gasWanted: string;
  gasUsed: string;
  events: AbciEvent[];
}

export interface BlockMeta {
  height: string;
  hash: string;
  time: string;
  proposer: string;
  numTxs: number;
}

export interface Block {
  hash: string;
  height: string;
  time: string;
  chainId: string;
  proposer: string;
  appHash: string;
  lastBlockHash: string;
  txs: Uint8Array[];
  signatures: number;
}

export interface IndexedTx {
  hash: string;
  height: string;
  index: number;
  tx: Uint8Array;
  result: TxResult;
}

export interface CometValidator {
  address: string;
  votingPower: bigint;
  proposerPriority: string;
  pubKey: string;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === "object" ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function txResult(value: unknown): TxResult {
  const r = obj(value);
  return {
    code: Number(r.code ?? 0),
    codespace: str(r.codespace),
    log: str(r.log),
    gasWanted: str(r.gas_wanted || "0"),
    gasUsed: str(r.gas_used || "0"),
    events: list(r.events).map((e) => ({
      type: str(obj(e).type),
      attributes: list(obj(e).attributes).map((a) => ({ key: str(obj(a).key), value: str(obj(a).value) })),
    })),
  };
}

function indexedTx(value: unknown): IndexedTx {
  const t = obj(value);
  return { hash: str(t.hash), height: str(t.height), index: Number(t.index ?? 0), tx: base64ToBytes(str(t.tx)), result: txResult(t.tx_result) };
}

export class CometReader {
  readonly client: CometRpcClient;

  constructor(url: string) {
    this.client = new CometRpcClient(url);
  }

  async status(): Promise<NodeStatus> {
    return decodeStatus(await this.client.call("status", {}));
  }

  /** The newest blocks from `maxHeight` down, at most 20 (CometBFT's page). */
  async blockMetas(maxHeight: bigint, count: number): Promise<BlockMeta[]> {
    const minHeight = maxHeight - BigInt(count) + 1n > 0n ? maxHeight - BigInt(count) + 1n : 1n;
    const result = obj(await this.client.call("blockchain", { minHeight: String(minHeight), maxHeight: String(maxHeight) }));
    return list(result.block_metas).map((m) => {
      const meta = obj(m);
      const header = obj(meta.header);
      return {
        height: str(header.height),
        hash: str(obj(meta.block_id).hash),
        time: str(header.time),
        proposer: str(header.proposer_address),
        numTxs: Number(meta.num_txs ?? 0),
      };
    });
  }

  async block(height: bigint): Promise<Block> {
    const result = obj(await this.client.call("block", { height: String(height) }));
    const block = obj(result.block);
    const header = obj(block.header);
    return {
      hash: str(obj(result.block_id).hash),
      height: str(header.height),
      time: str(header.time),
      chainId: str(header.chain_id),
      proposer: str(header.proposer_address),
      appHash: str(header.app_hash),
      lastBlockHash: str(obj(header.last_block_id).hash),
      txs: list(obj(block.data).txs).map((t) => base64ToBytes(str(t))),
      signatures: list(obj(block.last_commit).signatures).length,
    };
  }

  /** The results of a block's txs, in block order. */
  async blockResults(height: bigint): Promise<TxResult[]> {
    const result = obj(await this.client.call("block_results", { height: String(height) }));
    return list(result.txs_results).map(txResult);
  }

  /** A tx by its hash (64 hex digits); undefined when the node does not know it. */
  async tx(hashHex: string): Promise<IndexedTx | undefined> {
    try {
      return indexedTx(await this.client.call("tx", { hash: hexToBase64(hashHex), prove: false }));
    } catch (err) {
      if (/not found/i.test(String((err as { data?: string }).data ?? (err as Error).message))) return undefined;
      throw err;
    }
  }

  /** Txs matching a CometBFT event query, newest first. */
  async txSearch(query: string, perPage = 10, page = 1): Promise<{ txs: IndexedTx[]; total: number }> {
    const result = obj(await this.client.call("tx_search", { query, prove: false, page: String(page), per_page: String(perPage), order_by: "desc" }));
    return { txs: list(result.txs).map(indexedTx), total: Number(result.total_count ?? 0) };
  }

  async validators(): Promise<CometValidator[]> {
    const result = obj(await this.client.call("validators", { page: "1", per_page: "100" }));
    return list(result.validators).map((v) => {
      const validator = obj(v);
      return {
        address: str(validator.address),
        votingPower: BigInt(str(validator.voting_power || "0")),
        proposerPriority: str(validator.proposer_priority),
        pubKey: str(obj(validator.pub_key).value),
      };
    });
  }
}

function hexToBase64(hex: string): string {
  const clean = hex.replace(/^0x/i, "");
  let binary = "";
  for (let i = 0; i < clean.length; i += 2) binary += String.fromCharCode(parseInt(clean.slice(i, i + 2), 16));
  return btoa(binary);
}
