// Decoding a Cosmos tx from CometBFT's opaque bytes: TxRaw, then its body and auth info, then
// each message by type URL. Everything a signature covers must decode strictly: unknown fields
// are rejected, sizes are bounded before any work is done.
import { fromBinary } from "@bufbuild/protobuf";
import { sha256 } from "@noble/hashes/sha2.js";
import { AuthInfoSchema, TxBodySchema, TxRawSchema, type AuthInfo, type TxBody, type TxRaw } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { sdkErrors } from "../../common/errors.js";
import { assertCanonicalTxRaw } from "./canonicalTxRaw.js";
import { rejectUnknownFields, type DecodedMsg, type MsgRouter } from "./msgRouter.js";

/** Largest tx the chain accepts, in bytes (CometBFT's mempool allows up to 1 MiB). */
export const MAX_TX_BYTES = 128 * 1024;
/** Most messages in one tx: bounds the work one fee pays for before gas metering catches it. */
export const MAX_MSGS_PER_TX = 128;

export interface DecodedTx {
  bytes: Uint8Array;
  /** sha256 of the tx bytes: CometBFT's tx hash. */
  hash: Uint8Array;
  raw: TxRaw;
  body: TxBody;
  authInfo: AuthInfo;
  msgs: DecodedMsg[];
}

function strict<T extends { $unknown?: unknown[] }>(what: string, decode: () => T): T {
  let msg: T;
  try {
    msg = decode();
  } catch (err) {
    throw sdkErrors.txDecode.wrap(`cannot decode ${what}: ${(err as Error).message}`);
  }
  rejectUnknownFields(msg, what);
  return msg;
}

export function decodeCosmosTx(bytes: Uint8Array, router: MsgRouter): DecodedTx {
  if (bytes.length === 0) throw sdkErrors.txDecode.wrap("empty tx");
  if (bytes.length > MAX_TX_BYTES) throw sdkErrors.txTooLarge.wrap(`tx is ${bytes.length} bytes, the limit is ${MAX_TX_BYTES}`);
  if (bytes[0] !== 0x0a) {
    throw sdkErrors.txDecode.wrap(`expected a cosmos.tx.v1beta1.TxRaw (first byte 0x0a), got first byte 0x${bytes[0]!.toString(16).padStart(2, "0")}`);
  }
  assertCanonicalTxRaw(bytes);
  const raw = strict("TxRaw", () => fromBinary(TxRawSchema, bytes));
  const body = strict("TxBody", () => fromBinary(TxBodySchema, raw.bodyBytes));
  const authInfo = strict("AuthInfo", () => fromBinary(AuthInfoSchema, raw.authInfoBytes));
  if (body.messages.length === 0) throw sdkErrors.invalidRequest.wrap("must contain at least one message");
  if (body.messages.length > MAX_MSGS_PER_TX) throw sdkErrors.invalidRequest.wrap(`tx has ${body.messages.length} messages, the limit is ${MAX_MSGS_PER_TX}`);
  const msgs = body.messages.map((any) => router.decode(any));
  return { bytes, hash: sha256(bytes), raw, body, authInfo, msgs };
}
