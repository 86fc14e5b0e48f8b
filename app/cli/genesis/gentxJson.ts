// A gentx as a file: the signed tx in the SDK's JSON form (proto JSON with snake_case names and
// "@type" Anys: body, auth_info, signatures), what `gentx` writes and genesis `gen_txs` holds.
import { create, fromBinary, toJson, type JsonValue } from "@bufbuild/protobuf";
import { AuthInfoSchema, TxBodySchema, TxSchema, type Tx } from "../../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { typeRegistry } from "../../../sdk/tx/registry.js";
import { decimalizeTxJson, parseGenTxJson } from "../../modules/genutil/genesis.js";

export function gentxToJson(signed: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signature: Uint8Array }): JsonValue {
  const tx = create(TxSchema, {
    body: fromBinary(TxBodySchema, signed.bodyBytes),
    authInfo: fromBinary(AuthInfoSchema, signed.authInfoBytes),
    signatures: [signed.signature],
  });
  const registry = typeRegistry();
  return decimalizeTxJson(toJson(TxSchema, tx, { registry, useProtoFieldName: true, alwaysEmitImplicit: true }), registry);
}

export function gentxFromJson(json: JsonValue): Tx {
  return parseGenTxJson(json, typeRegistry());
}
