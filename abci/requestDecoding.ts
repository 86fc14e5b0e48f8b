// Decoding ABCI requests. The mempool connection carries one CheckTx per tx and recheck and a
// Flush after each batch; through protobuf-es reflection each cost ~10 µs (a tenth of a bank
// send's CheckTx on a slow core). The shapes CometBFT writes for those two are read by hand here.
// Any other request, and anything about these two that is not exactly such a shape (unknown or
// repeated fields, another order, an enum value past RECHECK), goes through fromBinary, so the
// result is always the one fromBinary gives (requestDecoding.test.ts compares them).
import { fromBinary } from "@bufbuild/protobuf";
import { RequestSchema, type Request, type RequestCheckTx } from "../gen/tendermint/abci/types_pb.js";

/** `Request.flush` (field 2) and `Request.check_tx` (field 8), length-delimited. */
const FLUSH_TAG = (2 << 3) | 2;
const CHECK_TX_TAG = (8 << 3) | 2;
/** `RequestCheckTx.tx` (field 1, bytes) and `.type` (field 2, enum). */
const TX_TAG = (1 << 3) | 2;
const TYPE_TAG = 2 << 3;
/** CheckTxType NEW and RECHECK, the only values CometBFT sends. */
const MAX_CHECK_TX_TYPE = 1;

/** One protobuf request frame decoded as fromBinary(RequestSchema, frame) decodes it. */
export function decodeRequest(frame: Uint8Array): Request {
  return decodeFlush(frame) ?? decodeCheckTx(frame) ?? fromBinary(RequestSchema, frame);
}

function decodeFlush(frame: Uint8Array): Request | undefined {
  if (frame.length !== 2 || frame[0] !== FLUSH_TAG || frame[1] !== 0) return undefined;
  return { $typeName: "tendermint.abci.Request", value: { case: "flush", value: { $typeName: "tendermint.abci.RequestFlush" } } };
}

function decodeCheckTx(frame: Uint8Array): Request | undefined {
  if (frame[0] !== CHECK_TX_TAG) return undefined;
  const body = readLength(frame, 1);
  if (body === undefined || body.next + body.value !== frame.length) return undefined;
  let at = body.next;
  let tx: Uint8Array = new Uint8Array(0);
  if (frame[at] === TX_TAG) {
    const length = readLength(frame, at + 1);
    if (length === undefined || length.next + length.value > frame.length) return undefined;
    tx = frame.subarray(length.next, length.next + length.value);
    at = length.next + length.value;
  }
  let type = 0;
  if (at < frame.length) {
    if (frame[at] !== TYPE_TAG || at + 2 !== frame.length || frame[at + 1]! > MAX_CHECK_TX_TYPE) return undefined;
    type = frame[at + 1]!;
  }
  const checkTx: RequestCheckTx = { $typeName: "tendermint.abci.RequestCheckTx", tx, type };
  return { $typeName: "tendermint.abci.Request", value: { case: "checkTx", value: checkTx } };
}

/** A varint of at most four bytes (below 2^28, more than any frame holds); undefined otherwise. */
function readLength(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[at + i];
    if (byte === undefined) return undefined;
    value |= (byte & 0x7f) << (7 * i);
    if (byte < 0x80) return { value, next: at + i + 1 };
  }
  return undefined;
}
