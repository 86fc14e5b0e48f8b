// `cosmos.base.abci.v1beta1.TxResponse` from CometBFT's tx results, field for field as the SDK
// fills it (types/result.go): hashes and data as uppercase hex, the raw log as given, no parsed
// logs (this chain's logs are not JSON), the block time as RFC3339 without fractional seconds.
import { create } from "@bufbuild/protobuf";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { TxResponseSchema, type TxResponse } from "../../../gen/cosmos/base/abci/v1beta1/abci_pb.js";
import type { ResultBroadcastTx, ResultTx } from "../../../common/comet/txResult.js";
import { cosmosTxFromBytes } from "./cosmosTx.js";

export function upperHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex").toUpperCase();
}

/** Go's `time.RFC3339` layout of a UTC time: `2006-01-02T15:04:05Z`. */
export function rfc3339Seconds(time: Timestamp): string {
  return timestampDate(time)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");
}

/** A committed tx; `blockTime` is its block's header time. */
export function txResponseFromResult(r: ResultTx, blockTime: Timestamp): TxResponse {
  return create(TxResponseSchema, {
    height: r.height,
    txhash: upperHex(r.hash),
    codespace: r.result.codespace,
    code: r.result.code,
    data: upperHex(r.result.data),
    rawLog: r.result.log,
    info: r.result.info,
    gasWanted: r.result.gasWanted,
    gasUsed: r.result.gasUsed,
    // Absent for a tx that is not a Cosmos TxRaw (a raw Ethereum tx).
    tx: cosmosTxFromBytes(r.tx)?.any,
    timestamp: rfc3339Seconds(blockTime),
    events: r.result.events,
  });
}

/** The mempool's answer to a broadcast: only the CheckTx fields, no height or gas. */
export function txResponseFromBroadcast(r: ResultBroadcastTx): TxResponse {
  return create(TxResponseSchema, {
    txhash: upperHex(r.hash),
    codespace: r.codespace,
    code: r.code,
    data: upperHex(r.data),
    rawLog: r.log,
  });
}
