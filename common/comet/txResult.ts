// CometBFT's JSON tx results (/tx, /tx_search, /broadcast_tx_*) as typed values. The ABCI result
// is a gogoproto struct with `omitempty` tags, so a zero code, empty log or zero gas is simply
// absent from the JSON and reads as its default here.
import { create } from "@bufbuild/protobuf";
import { EventAttributeSchema, EventSchema, ExecTxResultSchema, type Event, type ExecTxResult } from "../../gen/tendermint/abci/types_pb.js";
import type { Json } from "./json.js";

/** A committed tx (`/tx` result, an item of `/tx_search`). */
export interface ResultTx {
  hash: Uint8Array;
  height: bigint;
  index: number;
  result: ExecTxResult;
  tx: Uint8Array;
}

/** The mempool's verdict on a broadcast tx (CheckTx for sync; always code 0 for async). */
export interface ResultBroadcastTx {
  code: number;
  /** HexBytes in this result, unlike the base64 `data` of a committed tx. */
  data: Uint8Array;
  log: string;
  codespace: string;
  hash: Uint8Array;
}

export function resultTxFromJson(j: Json): ResultTx {
  return {
    hash: j.get("hash").hex(),
    height: j.get("height").bigint(),
    index: j.opt("index")?.int() ?? 0,
    result: execTxResultFromJson(j.opt("tx_result")),
    tx: j.get("tx").base64(),
  };
}

export function resultTxSearchFromJson(j: Json): { txs: ResultTx[]; totalCount: bigint } {
  return { txs: (j.opt("txs")?.list() ?? []).map(resultTxFromJson), totalCount: j.get("total_count").bigint() };
}

export function resultBroadcastTxFromJson(j: Json): ResultBroadcastTx {
  return {
    code: j.opt("code")?.int() ?? 0,
    data: j.opt("data")?.hex() ?? new Uint8Array(),
    log: j.opt("log")?.str() ?? "",
    codespace: j.opt("codespace")?.str() ?? "",
    hash: j.get("hash").hex(),
  };
}

function execTxResultFromJson(j: Json | undefined): ExecTxResult {
  if (!j) return create(ExecTxResultSchema);
  return create(ExecTxResultSchema, {
    code: j.opt("code")?.int() ?? 0,
    data: j.opt("data")?.base64() ?? new Uint8Array(),
    log: j.opt("log")?.str() ?? "",
    info: j.opt("info")?.str() ?? "",
    gasWanted: j.opt("gas_wanted")?.bigint() ?? 0n,
    gasUsed: j.opt("gas_used")?.bigint() ?? 0n,
    events: (j.opt("events")?.list() ?? []).map(eventFromJson),
    codespace: j.opt("codespace")?.str() ?? "",
  });
}

/** CometBFT 0.38 writes event attributes as plain strings (0.34 used base64). */
export function eventFromJson(j: Json): Event {
  return create(EventSchema, {
    type: j.opt("type")?.str() ?? "",
    attributes: (j.opt("attributes")?.list() ?? []).map((a) =>
      create(EventAttributeSchema, { key: a.opt("key")?.str() ?? "", value: a.opt("value")?.str() ?? "", index: a.opt("index")?.bool() ?? false }),
    ),
  });
}
