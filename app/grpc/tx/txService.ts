// cosmos.tx.v1beta1.Service, the node side: BroadcastTx, GetTx, GetTxsEvent, GetBlockWithTxs, all
// answered through the local CometBFT RPC. Simulate runs the app's own tx pipeline, so it is a
// QueryServices method (CosmJS calls it through ABCI Query) and not here; the gRPC server joins the
// two halves of the service (see nodeServices.ts).
import { create } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { TxResponseSchema } from "../../../gen/cosmos/base/abci/v1beta1/abci_pb.js";
import { BroadcastMode, BroadcastModeSchema, OrderBy, Service } from "../../../gen/cosmos/tx/v1beta1/service_pb.js";
import { TxSchema, type Tx } from "../../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { GrpcCode, sdkErrors } from "../../../common/errors.js";
import { invalidArgument, notFound, QueryError } from "../../../common/grpc/queryError.js";
import { getBlock, getBlockTime } from "../../../common/comet/blocks.js";
import { CometRpcError, type CometRpcClient } from "../../../common/comet/rpcClient.js";
import { resultBroadcastTxFromJson, resultTxFromJson, resultTxSearchFromJson } from "../../../common/comet/txResult.js";
import type { NodeServices } from "../nodeServices.js";
import { cosmosTxFromBytes } from "./cosmosTx.js";
import { txResponseFromBroadcast, txResponseFromResult } from "./txResponse.js";
import { cometTxHash } from "../../tx/cometTxHash.js";

/** Page size when a request names none, and the most CometBFT returns per page. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 100;

/** The SDK's ErrMempoolIsFull (sdk/20): a code CometBFT's mempool produces, not this app. */
const MEMPOOL_FULL = { codespace: "sdk", code: 20 } as const;

export function registerTxService(services: NodeServices, comet: CometRpcClient): void {
  services.register(Service, {
    async broadcastTx(req, { signal }) {
      if (req.txBytes.length === 0) throw invalidArgument("invalid empty tx");
      const mode = broadcastMode(req.mode);
      try {
        return { txResponse: txResponseFromBroadcast(resultBroadcastTxFromJson(await comet.broadcastTx(mode, req.txBytes, signal))) };
      } catch (err) {
        const rejected = mempoolRejection(err, req.txBytes);
        if (rejected) return { txResponse: rejected };
        throw err;
      }
    },

    async getTx(req, { signal }) {
      const hash = parseTxHash(req.hash);
      let json;
      try {
        json = await comet.tx(hash, signal);
      } catch (err) {
        if (err instanceof CometRpcError && /not found/i.test(err.data)) throw notFound(`tx not found: ${req.hash}`);
        throw unindexedNodeError(err) ?? err;
      }
      const result = resultTxFromJson(json);
      const time = await getBlockTime(comet, result.height, signal);
      return { tx: cosmosTxFromBytes(result.tx)?.tx, txResponse: txResponseFromResult(result, time) };
    },

    async getTxsEvent(req, { signal }) {
      // `events` is the deprecated form of `query`: conditions joined by AND.
      const query = req.query || req.events.join(" AND ");
      if (!query) throw invalidArgument("query cannot be empty");
      const page = req.page === 0n ? 1 : toInt(req.page, "page");
      const perPage = req.limit === 0n ? DEFAULT_LIMIT : Math.min(toInt(req.limit, "limit"), MAX_LIMIT);
      const orderBy = req.orderBy === OrderBy.DESC ? "desc" : req.orderBy === OrderBy.ASC ? "asc" : "";
      let json;
      try {
        json = await comet.txSearch({ query, page, perPage, orderBy }, signal);
      } catch (err) {
        throw txSearchError(err);
      }
      const { txs, totalCount } = resultTxSearchFromJson(json);
      const times = new Map<bigint, Promise<Timestamp>>();
      const timeAt = (height: bigint) => {
        let time = times.get(height);
        if (!time) times.set(height, (time = getBlockTime(comet, height, signal)));
        return time;
      };
      const txResponses = await Promise.all(txs.map(async (r) => txResponseFromResult(r, await timeAt(r.height))));
      return {
        txs: txs.map((r) => txOrEmpty(r.tx)),
        txResponses,
        pagination: { total: totalCount },
        total: totalCount,
      };
    },

    async getBlockWithTxs(req, { signal }) {
      if (req.height < 1n) throw invalidArgument(`block height must be greater than 0, got ${req.height}`);
      const { blockId, block } = await getBlock(comet, req.height, signal);
      const all = block.data?.txs ?? [];
      const offset = toInt(req.pagination?.offset ?? 0n, "pagination.offset");
      const limit = req.pagination?.limit ? toInt(req.pagination.limit, "pagination.limit") : DEFAULT_LIMIT;
      if (offset > 0 && offset >= all.length) {
        throw invalidArgument(`out of range: cannot paginate ${all.length} txs with offset ${offset} and limit ${limit}`);
      }
      const ordered = req.pagination?.reverse ? [...all].reverse() : all;
      return {
        txs: ordered.slice(offset, offset + limit).map(txOrEmpty),
        blockId,
        block,
        pagination: { total: BigInt(all.length) },
      };
    },
  });
}

function broadcastMode(mode: BroadcastMode): "sync" | "async" {
  switch (mode) {
    case BroadcastMode.SYNC:
      return "sync";
    case BroadcastMode.ASYNC:
      return "async";
    case BroadcastMode.BLOCK:
      throw invalidArgument("BROADCAST_MODE_BLOCK is deprecated: broadcast with BROADCAST_MODE_SYNC and wait for the tx with GetTx");
    default:
      throw invalidArgument(
        `unsupported broadcast mode ${BroadcastModeSchema.value[mode]?.name ?? mode}; supported: BROADCAST_MODE_SYNC, BROADCAST_MODE_ASYNC`,
      );
  }
}

/**
 * CometBFT refuses some txs with an RPC error rather than a CheckTx result; the SDK reports those
 * as a TxResponse with its own codes, so a client sees them the same way as any other rejection.
 */
function mempoolRejection(err: unknown, tx: Uint8Array) {
  if (!(err instanceof CometRpcError)) return undefined;
  const reason = err.data.toLowerCase();
  const code = reason.includes("tx already exists in cache")
    ? { codespace: sdkErrors.txInMempoolCache.codespace, code: sdkErrors.txInMempoolCache.code }
    : reason.includes("mempool is full")
      ? MEMPOOL_FULL
      : reason.includes("tx too large")
        ? { codespace: sdkErrors.txTooLarge.codespace, code: sdkErrors.txTooLarge.code }
        : undefined;
  if (!code) return undefined;
  return create(TxResponseSchema, { ...code, txhash: cometTxHash(tx), rawLog: err.data });
}

/** A tx hash as clients write it: 64 hex digits, any case, optionally 0x-prefixed. */
function parseTxHash(text: string): Uint8Array {
  if (text === "") throw invalidArgument("tx hash cannot be empty");
  const hex = text.startsWith("0x") || text.startsWith("0X") ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw invalidArgument(`invalid tx hash "${text.slice(0, 80)}": expected 64 hex digits`);
  return Buffer.from(hex, "hex");
}

/** tx_search errors are about the request (query syntax, page range), except a node without an index. */
function txSearchError(err: unknown): unknown {
  if (!(err instanceof CometRpcError)) return err;
  return unindexedNodeError(err) ?? invalidArgument(`tx search failed: ${err.data}`);
}

/** CometBFT's /tx and /tx_search on a node whose config.toml has `tx_index.indexer = "null"`. */
function unindexedNodeError(err: unknown): QueryError | undefined {
  if (err instanceof CometRpcError && /indexing is disabled/i.test(err.data)) {
    return new QueryError(GrpcCode.FAILED_PRECONDITION, `this node does not index txs: ${err.data}`);
  }
  return undefined;
}

/** The decoded Tx, or an empty one for a raw Ethereum tx so `txs` stays aligned with `tx_responses`. */
function txOrEmpty(bytes: Uint8Array): Tx {
  return cosmosTxFromBytes(bytes)?.tx ?? create(TxSchema);
}

function toInt(value: bigint, field: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < 0n) throw invalidArgument(`${field} ${value} is out of range`);
  return Number(value);
}
