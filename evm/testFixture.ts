// A fake EvmNode for the server's unit tests: an in-memory chain of blocks with signed Ethereum
// txs, receipts and logs, accounts, a mempool and a CheckTx that tests can script. Its answers
// have the shapes the app's gRPC server and CometBFT give, so the methods run exactly as they do
// against a real node.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { pino } from "pino";
import { EvmBlockSchema, ParamsSchema, ReceiptSchema, type EvmBlock, type Params, type Receipt } from "../gen/chain/evm/evm_pb.js";
import {
  LogEntrySchema,
  QueryAccountResponseSchema,
  QueryCallResponseSchema,
  QueryEstimateGasResponseSchema,
  type LogEntry,
  type QueryAccountResponse,
} from "../gen/chain/evm/query_pb.js";
import { decodeEthTx, evmCommon } from "../common/ethereum/ethTx.js";
import { keccak256, sha256 } from "../sdk/crypto/hashes.js";
import type { CallArgsInit, CheckTxAnswer, CometBlock, CometSyncStatus, EvmNode, LogsRequestInit, StateAt } from "./chain/evmNode.js";
import { RpcCode, RpcError } from "./rpc/errors.js";
import { DEFAULT_FILTER_LIMITS } from "./filters/filterRegistry.js";
import { DEFAULT_LOG_LIMITS } from "./filters/logQuery.js";
import { DEFAULT_WS_LIMITS } from "./ws/wsServer.js";
import { createEvmRpc, type EvmRpc, type EvmRpcSettings } from "./evmRpc.js";

export const CHAIN_ID = 2611n;
export const GWEI = 1_000_000_000n;
export const SENDER_KEY = new Uint8Array(32).fill(0x42);
export const RECIPIENT = Uint8Array.from(Buffer.from("77".repeat(20), "hex"));
export const CONTRACT = Uint8Array.from(Buffer.from("c0".repeat(20), "hex"));
export const TOPIC_A = Uint8Array.from(Buffer.from("aa".repeat(32), "hex"));
export const TOPIC_B = Uint8Array.from(Buffer.from("bb".repeat(32), "hex"));

export const silentLogger = pino({ level: "silent" });

/** A signed EIP-1559 transfer from SENDER_KEY. */
export function signed1559(
  nonce: bigint,
  options: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; data?: Uint8Array; to?: Uint8Array; chainId?: bigint; gasLimit?: bigint } = {},
): Uint8Array {
  return createFeeMarket1559Tx(
    {
      nonce,
      to: options.to ?? RECIPIENT,
      value: 5n,
      gasLimit: options.gasLimit ?? 21_000n,
      maxFeePerGas: options.maxFeePerGas ?? 10n * GWEI,
      maxPriorityFeePerGas: options.maxPriorityFeePerGas ?? GWEI,
      data: options.data ?? new Uint8Array(),
    },
    { common: evmCommon(options.chainId ?? CHAIN_ID) },
  )
    .sign(SENDER_KEY)
    .serialize();
}

/** A signed EIP-155 legacy tx from SENDER_KEY. */
export function signedLegacy(nonce: bigint, gasPrice = 2n * GWEI): Uint8Array {
  return createLegacyTx({ nonce, to: RECIPIENT, value: 1n, gasLimit: 21_000n, gasPrice }, { common: evmCommon(CHAIN_ID) })
    .sign(SENDER_KEY)
    .serialize();
}

export const SENDER = decodeEthTx(signed1559(0n), CHAIN_ID).sender.bytes;

export interface FakeTx {
  raw: Uint8Array;
  status?: 0 | 1;
  gasUsed?: bigint;
  effectiveGasPrice?: bigint;
  logs?: Array<{ address: Uint8Array; topics: Uint8Array[]; data: Uint8Array }>;
  contractAddress?: Uint8Array;
}

interface StoredBlock {
  evm: EvmBlock;
  receipts: Receipt[];
  comet: CometBlock;
}

/** A Cosmos TxRaw's first bytes: blocks carry one to show it is skipped. */
const COSMOS_TX = Uint8Array.of(0x0a, 0x02, 0x08, 0x01);

export class FakeEvmNode implements EvmNode {
  readonly blocks = new Map<bigint, StoredBlock>();
  readonly receipts = new Map<string, Receipt>();
  readonly mempool: Uint8Array[] = [];
  readonly committed = new Set<string>();
  balances = new Map<string, bigint>();
  nonces = new Map<string, bigint>();
  pendingNonces = new Map<string, bigint>();
  codes = new Map<string, Uint8Array>();
  params_: Params = create(ParamsSchema, { minBaseFee: GWEI.toString(), chainId: CHAIN_ID, baseFeeChangeDenominator: 8, elasticityMultiplier: 2 });
  syncing = false;
  peers = 3;
  /** Every call made, by method name, for tests that check what was (not) asked. */
  readonly calls: string[] = [];
  /** Reads asked at a height, for tests of block parameters. */
  readonly heights: Array<bigint | undefined> = [];
  checkTx: (raw: Uint8Array) => CheckTxAnswer = () => ({ code: 0, codespace: "", log: "" });
  callResult: (args: CallArgsInit) => MessageInitShape<typeof QueryCallResponseSchema> = () => ({ returnData: Uint8Array.of(0xab) });
  estimateResult: (args: CallArgsInit) => MessageInitShape<typeof QueryEstimateGasResponseSchema> = () => ({ gas: 21_000n });
  /** Make the next calls hang (for timeouts) while set. */
  hang = false;

  get height(): bigint {
    return BigInt(this.blocks.size);
  }

  /** Appends a block holding `txs` (and a Cosmos tx, and `refused` raw Ethereum txs that never ran). */
  addBlock(txs: FakeTx[] = [], options: { refused?: Uint8Array[]; baseFee?: bigint } = {}): StoredBlock {
    const height = this.height + 1n;
    const hash = sha256(Buffer.from(`block ${height}`));
    const parent = this.blocks.get(height - 1n)?.evm.hash ?? new Uint8Array(32);
    const baseFee = options.baseFee ?? GWEI;
    let cumulative = 0n;
    let logIndex = 0;
    const receipts = txs.map((t, index) => {
      const d = decodeEthTx(t.raw, CHAIN_ID);
      const gasUsed = t.gasUsed ?? 21_000n;
      cumulative += gasUsed;
      const r = create(ReceiptSchema, {
        txHash: d.hash,
        status: t.status ?? 1,
        cumulativeGasUsed: cumulative,
        gasUsed,
        logs: t.logs ?? [],
        bloom: new Uint8Array(256),
        contractAddress: t.contractAddress ?? new Uint8Array(),
        effectiveGasPrice: (t.effectiveGasPrice ?? baseFee + GWEI).toString(),
        blockHeight: height,
        txIndex: index,
        from: d.sender.bytes,
        to: d.tx.to?.bytes ?? new Uint8Array(),
        txType: d.tx.type,
        firstLogIndex: logIndex,
      });
      logIndex += r.logs.length;
      this.receipts.set(hex(d.hash), r);
      this.mempool.splice(0, this.mempool.length, ...this.mempool.filter((m) => Buffer.compare(m, t.raw) !== 0));
      return r;
    });
    const allTxs = [COSMOS_TX, ...txs.map((t) => t.raw), ...(options.refused ?? [])];
    for (const raw of allTxs) this.committed.add(hex(sha256(raw)));
    const block: StoredBlock = {
      evm: create(EvmBlockSchema, {
        height,
        hash,
        time: 1_700_000_000n + height,
        baseFee: baseFee.toString(),
        gasUsed: cumulative,
        txHashes: receipts.map((r) => r.txHash),
        bloom: new Uint8Array(256),
        gasLimit: 30_000_000n,
        logCount: logIndex,
      }),
      receipts,
      comet: { height, hash, parentHash: parent, appHash: sha256(Buffer.from(`app ${height}`)), txs: allTxs },
    };
    this.blocks.set(height, block);
    return block;
  }

  private async enter(name: string, at?: StateAt): Promise<void> {
    this.calls.push(name);
    if (at) this.heights.push(at.height);
    if (this.hang) await new Promise(() => undefined);
    if (at?.height !== undefined && at.height > this.height) throw new RpcError(RpcCode.server, "header not found");
  }

  async committedHeight() {
    await this.enter("committedHeight");
    return this.height;
  }
  async params() {
    await this.enter("params");
    return this.params_;
  }
  async account(address: Uint8Array, at: StateAt & { pending?: boolean }): Promise<QueryAccountResponse> {
    await this.enter("account", at);
    const nonce = (at.pending ? this.pendingNonces.get(hex(address)) : undefined) ?? this.nonces.get(hex(address)) ?? 0n;
    return create(QueryAccountResponseSchema, { balance: (this.balances.get(hex(address)) ?? 0n).toString(), nonce, codeHash: keccak256(new Uint8Array()) });
  }
  async code(address: Uint8Array, at: StateAt) {
    await this.enter("code", at);
    return this.codes.get(hex(address)) ?? new Uint8Array();
  }
  async storage(_address: Uint8Array, slot: Uint8Array, at: StateAt) {
    await this.enter("storage", at);
    const word = new Uint8Array(32);
    word[31] = slot[31]! + 1;
    return word;
  }
  async call(args: CallArgsInit, at: StateAt) {
    await this.enter("call", at);
    return create(QueryCallResponseSchema, this.callResult(args));
  }
  async estimateGas(args: CallArgsInit, at: StateAt) {
    await this.enter("estimateGas", at);
    return create(QueryEstimateGasResponseSchema, this.estimateResult(args));
  }
  async evmBlock(height: bigint, withReceipts: boolean) {
    await this.enter("evmBlock");
    const b = this.blocks.get(height);
    return b ? { block: b.evm, receipts: withReceipts ? b.receipts : [] } : undefined;
  }
  async logs(request: LogsRequestInit): Promise<LogEntry[]> {
    await this.enter("logs");
    const from = BigInt(request.fromHeight ?? 0n);
    const to = BigInt(request.toHeight ?? 0n);
    if (to - from + 1n > 10_000n) throw new RpcError(RpcCode.limitExceeded, "too many blocks");
    const out: LogEntry[] = [];
    for (let h = from; h <= to; h++) {
      const b = this.blocks.get(h);
      for (const r of b?.receipts ?? []) {
        r.logs.forEach((log, i) => {
          const addressOk = !request.addresses?.length || request.addresses.some((a) => Buffer.compare(a, log.address) === 0);
          const topicsOk = (request.topics ?? []).every(
            (set, j) => !set.anyOf?.length || (log.topics[j] !== undefined && set.anyOf.some((t) => Buffer.compare(t, log.topics[j]!) === 0)),
          );
          if (addressOk && topicsOk)
            out.push(
              create(LogEntrySchema, { log, blockHeight: h, blockHash: b!.evm.hash, txHash: r.txHash, txIndex: r.txIndex, logIndex: r.firstLogIndex + i }),
            );
        });
      }
    }
    return out;
  }
  async receipt(txHash: Uint8Array) {
    await this.enter("receipt");
    return this.receipts.get(hex(txHash));
  }
  async cometBlock(height: bigint) {
    await this.enter("cometBlock");
    return this.blocks.get(height)?.comet;
  }
  async cometHeightByHash(hash: Uint8Array) {
    await this.enter("cometHeightByHash");
    for (const [h, b] of this.blocks) if (Buffer.compare(b.evm.hash, hash) === 0) return h;
    return undefined;
  }
  async syncStatus(): Promise<CometSyncStatus> {
    await this.enter("syncStatus");
    return { latestHeight: this.height, earliestHeight: 1n, catchingUp: this.syncing };
  }
  async peerCount() {
    await this.enter("peerCount");
    return this.peers;
  }
  async unconfirmedTxs(limit: number) {
    await this.enter("unconfirmedTxs");
    return this.mempool.slice(0, limit);
  }
  async hasCommittedTx(sha256Hash: Uint8Array) {
    await this.enter("hasCommittedTx");
    return this.committed.has(hex(sha256Hash));
  }
  async broadcastTxSync(tx: Uint8Array) {
    await this.enter("broadcastTxSync");
    const answer = this.checkTx(tx);
    if (answer.code === 0) this.mempool.push(tx);
    return answer;
  }
  close(): void {}
}

export const TEST_SETTINGS: EvmRpcSettings = {
  cors: { mode: "off" },
  timeoutMs: 2000,
  maxBodyBytes: 1024 * 1024,
  maxBatch: 10,
  logs: DEFAULT_LOG_LIMITS,
  filters: DEFAULT_FILTER_LIMITS,
  ws: DEFAULT_WS_LIMITS,
  maxSubscriptionsPerConnection: 3,
  maxFeeHistoryBlocks: 1024,
  pollIntervalMs: 20,
  wsUrl: "ws://127.0.0.1:8546",
};

/** The server over a fake node, and a way to call it as a client would (no sockets). */
export function fakeServer(settings: Partial<EvmRpcSettings> = {}): {
  node: FakeEvmNode;
  rpc: EvmRpc;
  call: (method: string, ...params: unknown[]) => Promise<{ result?: any; error?: { code: number; message: string; data?: unknown } }>;
} {
  const node = new FakeEvmNode();
  const rpc = createEvmRpc(node, { ...TEST_SETTINGS, ...settings }, silentLogger);
  const call = async (method: string, ...params: unknown[]) => {
    const answer = await rpc.dispatcher.handleValue({ jsonrpc: "2.0", id: 1, method, params });
    return JSON.parse(JSON.stringify(answer)) as { result?: any; error?: { code: number; message: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  return { node, rpc, call };
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

export function hex0x(bytes: Uint8Array): string {
  return `0x${hex(bytes)}`;
}
