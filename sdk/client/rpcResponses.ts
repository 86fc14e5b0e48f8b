// CometBFT v0.38 RPC answers: the wire shapes (snake_case JSON) decoded by checked functions into
// the domain types the client hands out. Only the fields the tooling uses are read.
import { array, base64Bytes, boolean, int64String, optionalString, record, string, uint, type JsonRecord } from "./json.js";

export interface NodeStatus {
  nodeId: string;
  /** The chain id. */
  network: string;
  moniker: string;
  /** CometBFT's version. */
  version: string;
  latestBlockHeight: bigint;
  latestBlockHash: string;
  latestAppHash: string;
  /** RFC 3339, as CometBFT sends it (nanosecond precision). */
  latestBlockTime: string;
  catchingUp: boolean;
}

export function decodeStatus(result: unknown): NodeStatus {
  const r = record(result, "result");
  const node = record(r.node_info, "result.node_info");
  const sync = record(r.sync_info, "result.sync_info");
  return {
    nodeId: string(node.id, "node_info.id"),
    network: string(node.network, "node_info.network"),
    moniker: optionalString(node.moniker, "node_info.moniker"),
    version: optionalString(node.version, "node_info.version"),
    latestBlockHeight: int64String(sync.latest_block_height, "sync_info.latest_block_height"),
    latestBlockHash: optionalString(sync.latest_block_hash, "sync_info.latest_block_hash"),
    latestAppHash: optionalString(sync.latest_app_hash, "sync_info.latest_app_hash"),
    latestBlockTime: string(sync.latest_block_time, "sync_info.latest_block_time"),
    catchingUp: boolean(sync.catching_up, "sync_info.catching_up"),
  };
}

/** The app's (code, codespace, log) triple: code 0 is success. */
export interface AbciOutcome {
  code: number;
  codespace: string;
  log: string;
}

/** ABCI numbers and strings may be left out when zero or empty; absent means the default. */
function outcome(r: JsonRecord, path: string): AbciOutcome {
  return {
    code: r.code === undefined ? 0 : uint(r.code, `${path}.code`),
    codespace: optionalString(r.codespace, `${path}.codespace`),
    log: optionalString(r.log, `${path}.log`),
  };
}

export interface AbciQueryResponse extends AbciOutcome {
  info: string;
  key: Uint8Array;
  value: Uint8Array;
  /** The height the answer was read at. */
  height: bigint;
}

export function decodeAbciQuery(result: unknown): AbciQueryResponse {
  const res = record(record(result, "result").response, "result.response");
  return {
    ...outcome(res, "response"),
    info: optionalString(res.info, "response.info"),
    key: base64Bytes(res.key, "response.key"),
    value: base64Bytes(res.value, "response.value"),
    height: res.height === undefined ? 0n : int64String(res.height, "response.height"),
  };
}

export interface BroadcastTxSyncResponse extends AbciOutcome {
  /** Uppercase hex. */
  hash: string;
}

export function decodeBroadcastTxSync(result: unknown): BroadcastTxSyncResponse {
  const r = record(result, "result");
  return { ...outcome(r, "result"), hash: string(r.hash, "result.hash") };
}

export interface TxEvent {
  type: string;
  attributes: Array<{ key: string; value: string; index: boolean }>;
}

export interface TxResponse {
  hash: string;
  height: bigint;
  index: number;
  /** The TxRaw bytes (or an Ethereum tx's bytes). */
  tx: Uint8Array;
  result: AbciOutcome & { gasWanted: bigint; gasUsed: bigint; data: Uint8Array; events: TxEvent[] };
}

export function decodeTxResponse(result: unknown): TxResponse {
  const r = record(result, "result");
  const res = record(r.tx_result, "result.tx_result");
  const int = (v: unknown, path: string) => (v === undefined ? 0n : int64String(v, path));
  return {
    hash: string(r.hash, "result.hash"),
    height: int64String(r.height, "result.height"),
    index: r.index === undefined ? 0 : uint(r.index, "result.index"),
    tx: base64Bytes(r.tx, "result.tx"),
    result: {
      ...outcome(res, "tx_result"),
      gasWanted: int(res.gas_wanted, "tx_result.gas_wanted"),
      gasUsed: int(res.gas_used, "tx_result.gas_used"),
      data: base64Bytes(res.data, "tx_result.data"),
      events: array(res.events ?? [], "tx_result.events").map((e, i) => decodeEvent(e, `tx_result.events[${i}]`)),
    },
  };
}

function decodeEvent(value: unknown, path: string): TxEvent {
  const e = record(value, path);
  return {
    type: string(e.type, `${path}.type`),
    attributes: array(e.attributes ?? [], `${path}.attributes`).map((a, i) => {
      const attr = record(a, `${path}.attributes[${i}]`);
      return {
        key: optionalString(attr.key, `${path}.attributes[${i}].key`),
        value: optionalString(attr.value, `${path}.attributes[${i}].value`),
        index: attr.index === true,
      };
    }),
  };
}

export interface BlockHeader {
  chainId: string;
  height: bigint;
  /** RFC 3339 with nanoseconds, as CometBFT sends it. */
  time: string;
  appHash: string;
}

export function decodeHeader(result: unknown): BlockHeader {
  const h = record(record(result, "result").header, "result.header");
  return {
    chainId: string(h.chain_id, "header.chain_id"),
    height: int64String(h.height, "header.height"),
    time: string(h.time, "header.time"),
    appHash: optionalString(h.app_hash, "header.app_hash"),
  };
}
