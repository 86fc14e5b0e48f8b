// The `cosmos.tx.v1beta1.Tx` a committed TxRaw carries, for the tx lookups: CometBFT stores the
// TxRaw bytes, clients expect the Tx (decoded, and packed in an Any in TxResponse.tx).
import { create, fromBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { TxRawSchema, TxSchema, type Tx } from "../../../gen/cosmos/tx/v1beta1/tx_pb.js";

export const TX_TYPE_URL = "/cosmos.tx.v1beta1.Tx";

/** First byte of every TxRaw: field 1 (body_bytes), length-delimited. Ethereum txs never start so. */
const TX_RAW_FIRST_BYTE = 0x0a;

/**
 * The Tx of a Cosmos TxRaw, or undefined for bytes that are not one (a raw Ethereum tx). The Tx is
 * written from the TxRaw's own body and auth_info bytes, not re-encoded from decoded messages, so
 * it embeds exactly the bytes that were signed.
 */
export function cosmosTxFromBytes(bytes: Uint8Array): { tx: Tx; any: Any } | undefined {
  if (bytes[0] !== TX_RAW_FIRST_BYTE) return undefined;
  try {
    const raw = fromBinary(TxRawSchema, bytes);
    const w = new BinaryWriter();
    w.tag(1, WireType.LengthDelimited).bytes(raw.bodyBytes);
    w.tag(2, WireType.LengthDelimited).bytes(raw.authInfoBytes);
    for (const sig of raw.signatures) w.tag(3, WireType.LengthDelimited).bytes(sig);
    const txBytes = w.finish();
    return { tx: fromBinary(TxSchema, txBytes), any: create(AnySchema, { typeUrl: TX_TYPE_URL, value: txBytes }) };
  } catch {
    return undefined;
  }
}
